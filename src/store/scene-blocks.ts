// Where the Nth visible scene of a list starts, without stepping over the N before it (deep pages of
// large workspaces). SQLite's OFFSET walks every row it skips; this keeps, per block of 1,024 `seq` values, how many
// scenes each workspace, collection and private owner has that are not deleted. Temporary triggers keep the counts
// in the same transaction as every write to `scenes` (foreign-key cascades and snapshot restores included), so a
// page found through them is exactly the page OFFSET would give. Temporary objects belong to this connection only:
// they are not part of the stored schema, and snapshots (which read sqlite_master) never see them.
import type { Db } from './database.js'

const BLOCK_BITS = 10
const BLOCK_SIZE = 2 ** BLOCK_BITS
/** Pages nearer the start than this are read with a plain OFFSET: the walk is short and the query simplest. */
export const BLOCKS_FROM_OFFSET = 4 * BLOCK_SIZE

/** Private scenes count per owner; any other scene is visible whoever the owner, so it counts under ''. */
const owner = (row: 'NEW' | 'OLD') => `CASE WHEN ${row}.collection_id = 'private' THEN COALESCE(${row}.owner_id, '') ELSE '' END`
const keyOf = (row: 'NEW' | 'OLD') => `${row}.workspace_id, ${row}.collection_id, ${owner(row)}, ${row}.seq >> ${BLOCK_BITS}`
const matches = (row: 'NEW' | 'OLD') =>
  `workspace_id = ${row}.workspace_id AND collection_id = ${row}.collection_id AND owner = ${owner(row)} AND block = ${row}.seq >> ${BLOCK_BITS}`
const add = (row: 'NEW' | 'OLD') => `INSERT INTO temp.scene_blocks VALUES (${keyOf(row)}, 1) ON CONFLICT DO UPDATE SET visible = visible + 1;`
const remove = (row: 'NEW' | 'OLD') => `UPDATE temp.scene_blocks SET visible = visible - 1 WHERE ${matches(row)};`

const SCHEMA = `
DROP TRIGGER IF EXISTS temp.scene_blocks_insert;
DROP TRIGGER IF EXISTS temp.scene_blocks_delete;
DROP TRIGGER IF EXISTS temp.scene_blocks_update;
DROP TABLE IF EXISTS temp.scene_blocks;
CREATE TEMP TABLE scene_blocks (
  workspace_id TEXT NOT NULL, collection_id TEXT NOT NULL, owner TEXT NOT NULL, block INTEGER NOT NULL,
  visible INTEGER NOT NULL,
  PRIMARY KEY (workspace_id, block, collection_id, owner)
) WITHOUT ROWID;
INSERT INTO temp.scene_blocks
  SELECT workspace_id, collection_id, CASE WHEN collection_id = 'private' THEN COALESCE(owner_id, '') ELSE '' END, seq >> ${BLOCK_BITS}, COUNT(*)
  FROM main.scenes WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4;
CREATE TEMP TRIGGER scene_blocks_insert AFTER INSERT ON main.scenes WHEN NEW.deleted_at IS NULL BEGIN ${add('NEW')} END;
CREATE TEMP TRIGGER scene_blocks_delete AFTER DELETE ON main.scenes WHEN OLD.deleted_at IS NULL BEGIN ${remove('OLD')} END;
CREATE TEMP TRIGGER scene_blocks_update AFTER UPDATE OF workspace_id, collection_id, owner_id, deleted_at, seq ON main.scenes
  WHEN OLD.workspace_id IS NOT NEW.workspace_id OR OLD.collection_id IS NOT NEW.collection_id
    OR OLD.owner_id IS NOT NEW.owner_id OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) OR OLD.seq <> NEW.seq
BEGIN
  UPDATE temp.scene_blocks SET visible = visible - 1 WHERE OLD.deleted_at IS NULL AND ${matches('OLD')};
  INSERT INTO temp.scene_blocks SELECT ${keyOf('NEW')}, 1 WHERE NEW.deleted_at IS NULL ON CONFLICT DO UPDATE SET visible = visible + 1;
END;
`

export interface BlockQuery { workspaceId: string, viewerId: string | null, seesAll: 0 | 1, collectionId?: string }

/** Where the scene at `offset` of a list is: read from `fromSeq` on, skipping `skip` rows (fewer than a block's). */
export interface Position { fromSeq: number, skip: number }

export function createSceneBlocks (db: Db) {
  db.exec(SCHEMA)
  // The same visibility rule as the scene queries (scenes-store.ts), on the counts.
  const visible = `workspace_id = @workspaceId AND (collection_id != 'private' OR owner = @viewerId OR @seesAll = 1)`
  const blocks = db.prepare(`SELECT block, SUM(visible) AS n FROM temp.scene_blocks WHERE ${visible}
    GROUP BY block ORDER BY block`).raw()
  const blocksInCollection = db.prepare(`SELECT block, SUM(visible) AS n FROM temp.scene_blocks WHERE ${visible}
    AND collection_id = @collectionId GROUP BY block ORDER BY block`).raw()
  return {
    /** The block holding the scene at `offset`; past the last scene, a position after every block (an empty page). */
    locate (query: BlockQuery, offset: number): Position {
      const rows = (query.collectionId === undefined ? blocks : blocksInCollection).all(query) as Array<[number, number]>
      let before = 0
      for (const [block, count] of rows) {
        if (before + count > offset) return { fromSeq: block * BLOCK_SIZE, skip: offset - before }
        before += count
      }
      const last = rows.length === 0 ? -1 : rows[rows.length - 1][0]
      return { fromSeq: (last + 1) * BLOCK_SIZE, skip: 0 }
    }
  }
}
