// Scene metadata and links. Private scenes are visible to their owner's personal keys only.
import type { Db } from './database.js'
import { readPage, type PageRequest } from './paging.js'
import { BLOCKS_FROM_OFFSET, createSceneBlocks } from './scene-blocks.js'
import type { ReadOnlyLink, SceneMetadata, SceneRecord, SlidesLink } from '../schemas/scenes.js'

/** The virtual collection id of a user's private scenes. */
export const PRIVATE_COLLECTION_ID = 'private'

/** Who is looking: the user behind a personal key, or null for a workspace key; `seesAll`: the harness (demo page). */
export interface Viewer { userId: string | null, seesAll?: boolean }

export interface SceneListFilter { collectionId?: string }

interface SceneRow { metadata: string, links: string }
interface Links { readOnlyLinks: ReadOnlyLink[], sharedSlidesLinks: SlidesLink[] }

function toRecord (row: SceneRow): SceneRecord {
  const links = JSON.parse(row.links) as Links
  return { metadata: JSON.parse(row.metadata), ...links }
}

const VISIBLE = `workspace_id = @workspaceId AND deleted_at IS NULL
  AND (collection_id != 'private' OR owner_id = @viewerId OR @seesAll = 1)`

export function createScenesStore (db: Db) {
  const insertRow = db.prepare(`INSERT INTO scenes (workspace_id, id, collection_id, owner_id, metadata, links)
    VALUES (?, ?, ?, ?, ?, ?)`)
  const selectRow = db.prepare(`SELECT metadata, links FROM scenes WHERE ${VISIBLE} AND id = @id`)
  const selectPage = db.prepare(`SELECT metadata, links FROM scenes WHERE ${VISIBLE} ORDER BY seq LIMIT ? OFFSET ?`)
  const selectPageInCollection = db.prepare(
    `SELECT metadata, links FROM scenes WHERE ${VISIBLE} AND collection_id = @collectionId ORDER BY seq LIMIT ? OFFSET ?`
  )
  // Deep pages start at the block holding their first scene (scene-blocks.ts) instead of walking every row before.
  const selectPageFrom = db.prepare(`SELECT metadata, links FROM scenes WHERE ${VISIBLE} AND seq >= @fromSeq ORDER BY seq LIMIT ? OFFSET ?`)
  const selectPageInCollectionFrom = db.prepare(
    `SELECT metadata, links FROM scenes WHERE ${VISIBLE} AND collection_id = @collectionId AND seq >= @fromSeq ORDER BY seq LIMIT ? OFFSET ?`
  )
  const blocks = createSceneBlocks(db)
  const selectTrashed = db.prepare(`SELECT metadata, links FROM scenes
    WHERE workspace_id = ? AND deleted_at IS NOT NULL ORDER BY seq`)
  const selectOwner = db.prepare('SELECT owner_id FROM scenes WHERE workspace_id = ? AND id = ?').pluck()
  const updateRow = db.prepare(`UPDATE scenes SET metadata = ?, collection_id = ?, owner_id = ?
    WHERE workspace_id = ? AND id = ?`)
  const softDeleteRow = db.prepare(`UPDATE scenes SET deleted_at = @at,
    metadata = json_set(metadata, '$.isDeleted', json('true'))
    WHERE workspace_id = @workspaceId AND id = @id AND deleted_at IS NULL`)
  const softDeleteInCollection = db.prepare(`UPDATE scenes SET deleted_at = @at,
    metadata = json_set(metadata, '$.isDeleted', json('true'))
    WHERE workspace_id = @workspaceId AND collection_id = @collectionId AND deleted_at IS NULL`)

  return {
    insert (workspaceId: string, record: SceneRecord, ownerId: string | null): void {
      const { metadata, ...links } = record
      insertRow.run(workspaceId, metadata.id, metadata.collection, ownerId, JSON.stringify(metadata), JSON.stringify(links))
    },
    get (workspaceId: string, id: string, viewer: Viewer): SceneRecord | undefined {
      const row = selectRow.get({ workspaceId, id, viewerId: viewer.userId, seesAll: viewer.seesAll === true ? 1 : 0 }) as SceneRow | undefined
      return row ? toRecord(row) : undefined
    },
    list (workspaceId: string, viewer: Viewer, filter: SceneListFilter, page: PageRequest) {
      const named = { workspaceId, viewerId: viewer.userId, seesAll: viewer.seesAll === true ? 1 as const : 0 as const, collectionId: filter.collectionId }
      const all = filter.collectionId === undefined
      if ((page.offset ?? 0) < BLOCKS_FROM_OFFSET) return readPage(all ? selectPage : selectPageInCollection, [named], page, toRecord)
      const { fromSeq, skip } = blocks.locate(named, page.offset ?? 0)
      return readPage(all ? selectPageFrom : selectPageInCollectionFrom, [{ ...named, fromSeq }], page, toRecord, skip)
    },
    /** Every trashed scene of a workspace, private ones included (the demo page's trash toggle; not an API read). */
    listTrashed (workspaceId: string): SceneRecord[] {
      return (selectTrashed.all(workspaceId) as SceneRow[]).map(toRecord)
    },
    /** The member a private scene belongs to (trashed or not); null for shared scenes and unknown ids. */
    ownerOf (workspaceId: string, id: string): string | null {
      return (selectOwner.get(workspaceId, id) as string | null | undefined) ?? null
    },
    /** Stores new metadata; the owner follows the collection (a scene moved out of `private` has none). */
    replaceMetadata (workspaceId: string, metadata: SceneMetadata, ownerId: string | null): void {
      const owner = metadata.collection === PRIVATE_COLLECTION_ID ? ownerId : null
      updateRow.run(JSON.stringify(metadata), metadata.collection, owner, workspaceId, metadata.id)
    },
    softDelete (workspaceId: string, id: string, atMs: number): boolean {
      return softDeleteRow.run({ workspaceId, id, at: atMs }).changes > 0
    },
    softDeleteInCollection (workspaceId: string, collectionId: string, atMs: number): number {
      return softDeleteInCollection.run({ workspaceId, collectionId, at: atMs }).changes
    }
  }
}
