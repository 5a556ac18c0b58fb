// GET /logs: filters, cursor mode and page mode over the audit log, newest first.
import { fail } from '../errors.js'
import type { Stores } from '../store/index.js'
import { DOCUMENTED_ACTIONS, type LogPage, type LogsQuery } from '../schemas/logs.js'
import type { AuditFilter } from '../store/audit-log-store.js'
import type { OpContext } from './context.js'

/** INFER: the official CLI's help says logs default to 50 a page; the reference only bounds `limit` to 1..100. */
export const DEFAULT_LOG_LIMIT = 50
const DAY_MS = 86_400_000
// A cursor is an entry's sequence number; 18 digits always fit SQLite's 64-bit integers.
const CURSOR = /^[0-9]{1,18}$/
// Pages are 1-based; 15 digits keep (page - 1) * limit far inside 64 bits.
const PAGE = /^[1-9][0-9]{0,14}$/
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/

/** A calendar date that exists (2026-02-30 does not), as UTC midnight in epoch ms. */
function utcDay (date: string): number | undefined {
  const ms = Date.parse(`${date}T00:00:00.000Z`)
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date ? undefined : ms
}

/**
 * `dateFrom`/`dateTo` as inclusive epoch-ms bounds. INFER: a date-only value is a whole UTC day, so
 * `dateTo=2026-06-01` includes every entry of June 1st; a date-time value is an exact instant.
 */
export function parseDateBound (name: 'dateFrom' | 'dateTo', value: string): number {
  const dateTime = DATE_TIME.exec(value)
  const day = utcDay(dateTime ? dateTime[1] : value)
  const ms = dateTime ? Date.parse(value) : DATE_ONLY.test(value) ? day : undefined
  if (day === undefined || ms === undefined || Number.isNaN(ms)) fail('EMU_INVALID_LOG_DATE', name, value)
  return name === 'dateTo' && !dateTime ? ms + DAY_MS - 1 : ms
}

export function filterOf (query: LogsQuery): AuditFilter {
  return {
    user: query.user,
    // The official CLI's README: the API ignores an action filter it does not support.
    action: (DOCUMENTED_ACTIONS as readonly string[]).includes(query.action ?? '') ? query.action : undefined,
    operation: query.operation,
    fromMs: query.dateFrom === undefined ? undefined : parseDateBound('dateFrom', query.dateFrom),
    toMs: query.dateTo === undefined ? undefined : parseDateBound('dateTo', query.dateTo)
  }
}

/** Cursor mode: entries older than the cursor (the newest when there is none), after skipping `offset`. */
function cursorPage (stores: Stores, workspaceId: string, filter: AuditFilter, query: LogsQuery, limit: number): LogPage {
  if (query.cursor !== undefined && !CURSOR.test(query.cursor)) fail('EMU_INVALID_LOG_CURSOR', query.cursor)
  const beforeSeq = query.cursor === undefined ? undefined : BigInt(query.cursor)
  // INFER: `offset` skips entries from where the page would start (after the cursor, if any).
  const rows = stores.auditLog.list(workspaceId, filter, { beforeSeq, offset: BigInt(query.offset ?? 0), limit: limit + 1 })
  const shown = rows.slice(0, limit)
  const hasMore = rows.length > limit
  return {
    logs: shown.map((r) => r.entry),
    nextCursor: hasMore ? String(shown[shown.length - 1].seq) : null,
    hasMore,
    availableActions: [...DOCUMENTED_ACTIONS]
  }
}

/** Page mode: page N of `limit` entries, with the totals the live service adds only in this mode. */
function numberedPage (stores: Stores, workspaceId: string, filter: AuditFilter, page: string, limit: number): LogPage {
  if (!PAGE.test(page)) fail('EMU_INVALID_LOG_PAGE', page)
  const currentPage = Number(page)
  // INFER: `offset` is ignored here: the page number alone places the window.
  const offset = BigInt(currentPage - 1) * BigInt(limit)
  const rows = stores.auditLog.list(workspaceId, filter, { offset, limit })
  const totalCount = stores.auditLog.count(workspaceId, filter)
  const totalPages = Math.ceil(totalCount / limit)
  const hasMore = currentPage < totalPages
  return {
    logs: rows.map((r) => r.entry),
    // INFER: a cursor is still handed out, so a client may switch to cursor mode from any page.
    nextCursor: hasMore && rows.length > 0 ? String(rows[rows.length - 1].seq) : null,
    hasMore,
    availableActions: [...DOCUMENTED_ACTIONS],
    totalCount,
    totalPages,
    currentPage
  }
}

/** GET /logs: the workspace's audit log, in cursor mode or page mode. */
export function list ({ stores, caller }: OpContext, query: LogsQuery): LogPage {
  const { workspaceId } = caller
  // FIDELITY: the live service answers 500 when both are sent; the docs only say "cannot".
  if (query.cursor !== undefined && query.page !== undefined) fail('EMU_LOGS_CURSOR_AND_PAGE')
  const filter = filterOf(query)
  const limit = query.limit ?? DEFAULT_LOG_LIMIT
  return query.page === undefined
    ? cursorPage(stores, workspaceId, filter, query, limit)
    : numberedPage(stores, workspaceId, filter, query.page, limit)
}
