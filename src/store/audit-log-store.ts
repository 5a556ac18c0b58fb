// Audit log entries (catalogue §2.7, §6.12), appended in the same transaction as the write they record.
import type { Db } from './database.js'
import type { LogEntry } from '../schemas/logs.js'

export function createAuditLogStore (db: Db) {
  const insertRow = db.prepare(`INSERT INTO audit_logs (workspace_id, id, created_ms, user_id, action, operation, doc)
    VALUES (?, ?, ?, ?, ?, ?, ?)`)
  const selectAll = db.prepare('SELECT seq, doc FROM audit_logs WHERE workspace_id = ? ORDER BY seq DESC')

  return {
    append (workspaceId: string, entry: LogEntry): void {
      const createdMs = Date.parse(entry.created_at)
      insertRow.run(workspaceId, entry.id, createdMs, entry.user_id, entry.action, entry.operation, JSON.stringify(entry))
    },
    /** Every entry of a workspace, newest first, with its sequence number (the cursor of cursor mode). */
    listAll (workspaceId: string): Array<{ seq: number, entry: LogEntry }> {
      const rows = selectAll.all(workspaceId) as Array<{ seq: number, doc: string }>
      return rows.map((r) => ({ seq: r.seq, entry: JSON.parse(r.doc) }))
    }
  }
}
export type AuditLogStore = ReturnType<typeof createAuditLogStore>
