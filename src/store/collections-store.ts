// Collections of a workspace; deletes are soft and hide the row from reads.
import type { Db } from './database.js'
import { DEFAULT_PAGE_SIZE, readPage, type PageRequest } from './paging.js'
import type { Collection } from '../schemas/collections.js'

export function createCollectionsStore (db: Db) {
  const insertRow = db.prepare('INSERT INTO collections (workspace_id, id, doc) VALUES (?, ?, ?)')
  const selectRow = db.prepare(
    'SELECT doc FROM collections WHERE workspace_id = ? AND id = ? AND deleted_at IS NULL'
  )
  const selectPage = db.prepare(
    'SELECT doc FROM collections WHERE workspace_id = ? AND deleted_at IS NULL ORDER BY seq LIMIT ? OFFSET ?'
  )
  const countLive = db.prepare('SELECT COUNT(*) AS n FROM collections WHERE workspace_id = ? AND deleted_at IS NULL')
  const updateRow = db.prepare('UPDATE collections SET doc = ? WHERE workspace_id = ? AND id = ?')
  const softDeleteRow = db.prepare(
    'UPDATE collections SET deleted_at = ?, doc = ? WHERE workspace_id = ? AND id = ? AND deleted_at IS NULL'
  )
  const parse = (row: { doc: string }): Collection => JSON.parse(row.doc)

  return {
    insert (workspaceId: string, collection: Collection): void {
      insertRow.run(workspaceId, collection.id, JSON.stringify(collection))
    },
    get (workspaceId: string, id: string): Collection | undefined {
      const row = selectRow.get(workspaceId, id) as { doc: string } | undefined
      return row ? parse(row) : undefined
    },
    /** Live collections in creation order; `extra` (the virtual private collection) comes first. */
    list (workspaceId: string, page: PageRequest, extra?: Collection) {
      if (!extra) return readPage(selectPage, [workspaceId], page, parse)
      return listWithVirtualFirst(workspaceId, page, extra)
    },
    replace (workspaceId: string, collection: Collection): void {
      updateRow.run(JSON.stringify(collection), workspaceId, collection.id)
    },
    softDelete (workspaceId: string, collection: Collection, atMs: number): boolean {
      const doc = { ...collection, isDeleted: true, deletedAt: atMs }
      return softDeleteRow.run(atMs, JSON.stringify(doc), workspaceId, collection.id).changes > 0
    }
  }

  function listWithVirtualFirst (workspaceId: string, page: PageRequest, extra: Collection) {
    const limit = page.limit ?? DEFAULT_PAGE_SIZE
    const offset = page.offset ?? 0
    const skipStored = Math.max(0, offset - 1)
    const stored = readPage(selectPage, [workspaceId], { limit, offset: skipStored }, parse)
    const data = offset === 0 ? [extra, ...stored.data].slice(0, limit) : stored.data
    const total = 1 + (countLive.get(workspaceId) as { n: number }).n
    return { limit, offset, hasNextPage: offset + data.length < total, data }
  }
}
