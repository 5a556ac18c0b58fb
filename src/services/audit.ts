// Audit entries for API writes (catalogue §6.12): appended by the caller inside the write's transaction.
import type { Stores } from '../store/index.js'
import type { LogEntry } from '../schemas/logs.js'
import type { Clock } from '../lib/clock.js'
import type { IdFactory } from '../lib/ids.js'
import type { WorkspaceUser } from '../schemas/users.js'

/** Who did it, from where: enough to fill the snake_case entry. */
export interface AuditActor {
  workspaceId: string
  user: WorkspaceUser | null
  keyId: string
  ip: string | null
}

export interface AuditEvent {
  action: string
  operation: 'create' | 'read' | 'update' | 'delete'
  details: unknown
  status?: number
}

export interface AuditDeps { stores: Stores, clock: Clock, ids: IdFactory }

export function recordAudit ({ stores, clock, ids }: AuditDeps, actor: AuditActor, event: AuditEvent): LogEntry {
  const entry: LogEntry = {
    id: ids.uuid(),
    action: event.action,
    operation: event.operation,
    details: event.details,
    created_at: clock.nowIso(),
    ip_address: actor.ip,
    // INFER: workspace keys have no user behind them, so their entries carry no user.
    user_id: actor.user?.id ?? null,
    workspace_id: actor.workspaceId,
    app_source: 'excalidraw-plus',
    source_type: 'api',
    // INFER: the source of an API write is the key that made it (its id, never its secret).
    source_id: actor.keyId,
    status: event.status ?? 200,
    ...(actor.user ? { user_email: actor.user.email, user_full_name: actor.user.name, user_picture: actor.user.picture } : {})
  }
  stores.auditLog.append(actor.workspaceId, entry)
  return entry
}
