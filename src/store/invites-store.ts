// Workspace invites; revoked invites leave lists and reads, and lists show only the
// pending ones ("pending and active", as the docs say): redeemed and rejected invites stay readable by id.
import type { Db } from './database.js'
import { readPage, type PageRequest } from './paging.js'
import type { Invite } from '../schemas/invites.js'

export function createInvitesStore (db: Db) {
  const insertRow = db.prepare('INSERT INTO invites (workspace_id, id, doc) VALUES (?, ?, ?)')
  const selectRow = db.prepare('SELECT doc FROM invites WHERE workspace_id = ? AND id = ? AND revoked_at IS NULL')
  const selectPage = db.prepare(
    "SELECT doc FROM invites WHERE workspace_id = ? AND revoked_at IS NULL AND json_extract(doc, '$.status') = 'pending' ORDER BY seq LIMIT ? OFFSET ?"
  )
  const selectAnywhere = db.prepare('SELECT workspace_id AS workspaceId, doc FROM invites WHERE id = ? AND revoked_at IS NULL ORDER BY seq LIMIT 1')
  const updateRow = db.prepare('UPDATE invites SET doc = ? WHERE workspace_id = ? AND id = ?')
  const revokeRow = db.prepare(
    'UPDATE invites SET revoked_at = ? WHERE workspace_id = ? AND id = ? AND revoked_at IS NULL'
  )
  const parse = (row: { doc: string }): Invite => JSON.parse(row.doc)

  return {
    insert (workspaceId: string, invite: Invite): void {
      insertRow.run(workspaceId, invite.id, JSON.stringify(invite))
    },
    get (workspaceId: string, id: string): Invite | undefined {
      const row = selectRow.get(workspaceId, id) as { doc: string } | undefined
      return row ? parse(row) : undefined
    },
    /** An invite by id in any workspace (the admin API plays the invited person, who has no key). */
    find (id: string): { workspaceId: string, invite: Invite } | undefined {
      const row = selectAnywhere.get(id) as { workspaceId: string, doc: string } | undefined
      return row ? { workspaceId: row.workspaceId, invite: parse(row) } : undefined
    },
    list (workspaceId: string, page: PageRequest) {
      return readPage(selectPage, [workspaceId], page, parse)
    },
    replace (workspaceId: string, invite: Invite): void {
      updateRow.run(JSON.stringify(invite), workspaceId, invite.id)
    },
    revoke (workspaceId: string, id: string, atMs: number): boolean {
      return revokeRow.run(atMs, workspaceId, id).changes > 0
    }
  }
}
