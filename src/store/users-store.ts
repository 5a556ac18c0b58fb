// Workspace users; removal is a flag so audit entries keep pointing at real people.
import type { Db } from './database.js'
import { readPage, type PageRequest } from './paging.js'
import type { WorkspaceUser } from '../schemas/users.js'

export function createUsersStore (db: Db) {
  const insertRow = db.prepare('INSERT INTO users (workspace_id, id, role, doc) VALUES (?, ?, ?, ?)')
  const selectRow = db.prepare('SELECT doc FROM users WHERE workspace_id = ? AND id = ? AND removed_at IS NULL')
  const selectPage = db.prepare(
    'SELECT doc FROM users WHERE workspace_id = ? AND removed_at IS NULL ORDER BY seq LIMIT ? OFFSET ?'
  )
  const updateRow = db.prepare('UPDATE users SET doc = ?, role = ? WHERE workspace_id = ? AND id = ?')
  const removeRow = db.prepare(
    'UPDATE users SET removed_at = ? WHERE workspace_id = ? AND id = ? AND removed_at IS NULL'
  )
  const countAdmins = db.prepare(
    "SELECT COUNT(*) AS n FROM users WHERE workspace_id = ? AND role = 'admin' AND removed_at IS NULL"
  )
  const parse = (row: { doc: string }): WorkspaceUser => JSON.parse(row.doc)

  return {
    insert (workspaceId: string, user: WorkspaceUser): void {
      insertRow.run(workspaceId, user.id, user.role, JSON.stringify(user))
    },
    get (workspaceId: string, id: string): WorkspaceUser | undefined {
      const row = selectRow.get(workspaceId, id) as { doc: string } | undefined
      return row ? parse(row) : undefined
    },
    list (workspaceId: string, page: PageRequest) {
      return readPage(selectPage, [workspaceId], page, parse)
    },
    replace (workspaceId: string, user: WorkspaceUser): void {
      updateRow.run(JSON.stringify(user), user.role, workspaceId, user.id)
    },
    remove (workspaceId: string, id: string, atMs: number): boolean {
      return removeRow.run(atMs, workspaceId, id).changes > 0
    },
    adminCount (workspaceId: string): number {
      return (countAdmins.get(workspaceId) as { n: number }).n
    }
  }
}
