// Workspace rows; `users` and `roles` are derived from the users table on read.
import type { Db } from './database.js'
import type { Workspace } from '../schemas/workspaces.js'

/** The stored part of a workspace: everything but the derived `users` and `roles`. */
export type WorkspaceDoc = Omit<Workspace, 'users' | 'roles'>

export function createWorkspacesStore (db: Db) {
  const insertRow = db.prepare('INSERT INTO workspaces (id, fixture_set, doc) VALUES (?, ?, ?)')
  const selectRow = db.prepare('SELECT doc FROM workspaces WHERE id = ?')
  const selectAll = db.prepare('SELECT id, fixture_set AS fixtureSet, doc FROM workspaces ORDER BY seq')
  const updateRow = db.prepare('UPDATE workspaces SET doc = ? WHERE id = ?')
  const deleteRow = db.prepare('DELETE FROM workspaces WHERE id = ?')
  const selectMembers = db.prepare(
    'SELECT id, role FROM users WHERE workspace_id = ? AND removed_at IS NULL ORDER BY seq'
  )

  function withMembers (doc: WorkspaceDoc): Workspace {
    const members = selectMembers.all(doc.id) as Array<{ id: string, role: 'member' | 'admin' }>
    return {
      ...doc,
      users: members.map((m) => m.id),
      roles: Object.fromEntries(members.map((m) => [m.id, m.role]))
    }
  }

  return {
    insert (doc: WorkspaceDoc, fixtureSet: string | null): void {
      insertRow.run(doc.id, fixtureSet, JSON.stringify(doc))
    },
    get (id: string): Workspace | undefined {
      const row = selectRow.get(id) as { doc: string } | undefined
      return row ? withMembers(JSON.parse(row.doc)) : undefined
    },
    getDoc (id: string): WorkspaceDoc | undefined {
      const row = selectRow.get(id) as { doc: string } | undefined
      return row ? JSON.parse(row.doc) : undefined
    },
    list (): Array<{ id: string, fixtureSet: string | null, name: string }> {
      const rows = selectAll.all() as Array<{ id: string, fixtureSet: string | null, doc: string }>
      return rows.map((r) => ({ id: r.id, fixtureSet: r.fixtureSet, name: JSON.parse(r.doc).name }))
    },
    replaceDoc (doc: WorkspaceDoc): void {
      updateRow.run(JSON.stringify(doc), doc.id)
    },
    remove (id: string): boolean {
      return deleteRow.run(id).changes > 0
    }
  }
}
