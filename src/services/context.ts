// What every public operation takes first: `OpContext` (stores, clock, ids, the caller and the compat switches), and the audit
// entry writes append inside their transaction. It is made one way, contextFor(app, caller): REST routes and MCP tools
// through ctxOf(request), so both surfaces run the same operations with the same caller; the demo page with the
// harness's caller or the editor's.
import type { Stores } from '../store/index.js'
import type { KeyPermission } from '../store/api-keys-store.js'
import type { LogEntry } from '../schemas/logs.js'
import type { Clock } from '../lib/clock.js'
import { auditSourceId, type IdFactory } from '../lib/ids.js'
import type { WorkspaceUser } from '../schemas/users.js'
import type { Compat } from '../config/compat.js'

/** Who calls, with what rights, from where. */
export interface Caller {
  workspaceId: string
  /** The user behind a personal key; null for workspace keys. */
  user: WorkspaceUser | null
  keyId: string
  /** What the key may do: `read` keys only read; `routes` restricts it to `METHOD /path` signatures (null: all). */
  permission: KeyPermission
  routes: readonly string[] | null
  ip: string | null
  /** The harness (the demo page) reads every member's private scenes too; API keys never do. */
  seesPrivate?: boolean
}

export interface OpContext {
  stores: Stores
  clock: Clock
  ids: IdFactory
  caller: Caller
  /** The compatibility switches in force for the caller's workspace (its own values over the global ones). */
  compat: Compat
}

/** A list's page: the query's `limit`, else the `pageSize` switch (docs and OAS: 10; the official CLI: 5). */
export function pageOf<P extends { limit?: number }> (ctx: Pick<OpContext, 'compat'>, page: P): P & { limit: number } {
  return { ...page, limit: page.limit ?? ctx.compat.pageSize }
}

/** What a context is made from: the app's stores, clock and ids, and the switches in force per workspace. */
export interface ContextSource {
  stores: Stores
  clock: Clock
  ids: IdFactory
  control: { compat: { effective: (workspaceId: string) => Compat } }
}

/** The one way to make an OpContext: a request's caller (api/v1/auth.ts ctxOf), the harness's, or the editor's. */
export function contextFor ({ stores, clock, ids, control }: ContextSource, caller: Caller): OpContext {
  return { stores, clock, ids, caller, compat: control.compat.effective(caller.workspaceId) }
}

/** A read-only caller for the emulator's own pages: sees a workspace whole, may not write. */
export function harnessCaller (workspaceId: string): Caller {
  return { workspaceId, user: null, keyId: 'emulator-harness', permission: 'read', routes: null, ip: null, seesPrivate: true }
}

/** Whose scenes a caller sees (store/scenes-store.ts Viewer). */
export const viewerOf = (caller: Caller) => ({ userId: caller.user?.id ?? null, seesAll: caller.seesPrivate === true })

/** The acting user's id, or null for a workspace key. */
export const callerUserId = (caller: Caller): string | null => caller.user?.id ?? null

export interface AuditEvent {
  action: string
  operation: 'create' | 'read' | 'update' | 'delete'
  details: unknown
  status?: number
}

export function recordAudit ({ stores, clock, ids, caller }: OpContext, event: AuditEvent): LogEntry {
  const entry: LogEntry = {
    id: ids.uuid(),
    action: event.action,
    operation: event.operation,
    details: event.details as LogEntry['details'],
    created_at: clock.nowIso(),
    ip_address: caller.ip,
    // INFER: workspace keys have no user behind them, so their entries carry no user.
    user_id: callerUserId(caller),
    workspace_id: caller.workspaceId,
    app_source: 'excalidraw-plus',
    source_type: 'api',
    // INFER: the source of an API write is the key that made it (its id in the entries' one form, never its secret).
    source_id: auditSourceId(caller.keyId),
    status: event.status ?? 200,
    ...(caller.user ? { user_email: caller.user.email, user_full_name: caller.user.name, user_picture: caller.user.picture } : {})
  }
  stores.auditLog.append(caller.workspaceId, entry)
  return entry
}
