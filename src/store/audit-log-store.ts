// Audit log entries, appended in the same transaction as the write they record, and trimmed to the newest
// `auditLogMax` per workspace (retention) so a server left running keeps a bounded log.
import type { Config } from '../config/types.js'
import type { Db } from './database.js'
import type { LogEntry } from '../schemas/logs.js'
import { createAuditRetention } from './audit-log-retention.js'

/** GET /logs filters; absent ones match everything. Times are inclusive epoch-millisecond bounds. */
export interface AuditFilter {
  user?: string
  action?: string
  operation?: string
  fromMs?: number
  toMs?: number
}

/** A window of the filtered entries, newest first: after the cursor `beforeSeq`, skipping `offset`. */
export interface AuditWindow { beforeSeq?: bigint, offset: bigint, limit: number }

/** Retention (EMULATOR_AUDIT_LOG_MAX): the newest entries kept per workspace; 0 keeps every entry. */
export type AuditLogSettings = Pick<Config, 'auditLogMax'>

const FILTERED = `workspace_id = @workspaceId
  AND (@user IS NULL OR user_id = @user) AND (@action IS NULL OR action = @action)
  AND (@operation IS NULL OR operation = @operation)
  AND (@fromMs IS NULL OR created_ms >= @fromMs) AND (@toMs IS NULL OR created_ms <= @toMs)`

export function createAuditLogStore (db: Db, { auditLogMax = 0 }: Partial<AuditLogSettings> = {}) {
  const insertRow = db.prepare(`INSERT INTO audit_logs (workspace_id, id, created_ms, user_id, action, operation, doc)
    VALUES (?, ?, ?, ?, ?, ?, ?)`)
  const selectAll = db.prepare('SELECT seq, doc FROM audit_logs WHERE workspace_id = ? ORDER BY seq DESC')
  const selectWindow = db.prepare(`SELECT seq, doc FROM audit_logs WHERE ${FILTERED}
    AND (@beforeSeq IS NULL OR seq < @beforeSeq) ORDER BY seq DESC LIMIT @limit OFFSET @offset`)
  const countFiltered = db.prepare(`SELECT COUNT(*) AS n FROM audit_logs WHERE ${FILTERED}`)
  const retention = createAuditRetention(db, auditLogMax)
  const bind = (workspaceId: string, f: AuditFilter) => ({
    workspaceId, user: f.user ?? null, action: f.action ?? null, operation: f.operation ?? null,
    fromMs: f.fromMs ?? null, toMs: f.toMs ?? null
  })

  return {
    /** The newest entries kept per workspace (0: all), and how far over it a workspace goes before a trim. */
    retention: { maxEntries: auditLogMax, batch: retention.batch },
    append (workspaceId: string, entry: LogEntry): void {
      const createdMs = Date.parse(entry.created_at)
      insertRow.run(workspaceId, entry.id, createdMs, entry.user_id, entry.action, entry.operation, JSON.stringify(entry))
      retention.trim(workspaceId)
    },
    /** Every entry of a workspace, newest first, with its sequence number (the cursor of cursor mode). */
    listAll (workspaceId: string): Array<{ seq: number, entry: LogEntry }> {
      const rows = selectAll.all(workspaceId) as Array<{ seq: number, doc: string }>
      return rows.map((r) => ({ seq: r.seq, entry: JSON.parse(r.doc) }))
    },
    /**
     * Filtered entries, newest first, in one window; ask for one more than you show to learn if more exist.
     * A cursor into trimmed entries continues at the oldest kept one (audit-log-retention.ts).
     */
    list (workspaceId: string, filter: AuditFilter, window: AuditWindow): Array<{ seq: number, entry: LogEntry }> {
      const rows = selectWindow.all({
        ...bind(workspaceId, filter), beforeSeq: retention.cursorFor(workspaceId, window.beforeSeq) ?? null, limit: window.limit, offset: window.offset
      }) as Array<{ seq: number, doc: string }>
      return rows.map((r) => ({ seq: r.seq, entry: JSON.parse(r.doc) }))
    },
    count (workspaceId: string, filter: AuditFilter): number {
      return (countFiltered.get(bind(workspaceId, filter)) as { n: number }).n
    }
  }
}
