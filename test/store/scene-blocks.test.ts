// Deep pages (offset past a few blocks) start at the block holding their first scene (store/scene-blocks.ts):
// after any mix of writes (creates, deletes, moves, private scenes, cascades, snapshot restores) every page must be
// exactly the page a plain OFFSET over the visible scenes gives.
import t, { type Test } from 'tap'
import { openDatabase } from '../../src/store/database.js'
import { createStores } from '../../src/store/index.js'
import { createSnapshotStore } from '../../src/store/snapshot-store.js'
import { BLOCKS_FROM_OFFSET } from '../../src/store/scene-blocks.js'
import { createRng } from '../../src/lib/rng.js'
import type { SceneRecord } from '../../src/schemas/scenes.js'

interface Row { seq: number, workspace_id: string, id: string, collection_id: string, owner_id: string | null, deleted_at: number | null }
interface View { userId: string | null, seesAll?: boolean }

const WORKSPACES = ['wsA', 'wsB']
const COLLECTIONS = ['colOne', 'colTwo', 'private']
const USERS = ['userOne', 'userTwo']
const VIEWS: View[] = [{ userId: null }, { userId: 'userOne' }, { userId: 'userTwo' }, { userId: null, seesAll: true }]

function record (id: string, collection: string): SceneRecord {
  return { metadata: { id, collection, name: id }, readOnlyLinks: [], sharedSlidesLinks: [] } as unknown as SceneRecord
}

function setUp () {
  const db = openDatabase(':memory:')
  for (const id of WORKSPACES) db.prepare("INSERT INTO workspaces (id, fixture_set, doc) VALUES (?, 'x', '{}')").run(id)
  return { db, stores: createStores(db), snapshots: createSnapshotStore(db) }
}

/** What OFFSET over the visible scenes gives, computed without SQL. */
function expectedIds (rows: Row[], workspaceId: string, view: View, collectionId: string | undefined, offset: number, limit: number): string[] {
  return rows.filter((row) => row.workspace_id === workspaceId && row.deleted_at === null &&
    (row.collection_id !== 'private' || row.owner_id === view.userId || view.seesAll === true) &&
    (collectionId === undefined || row.collection_id === collectionId))
    .slice(offset, offset + limit).map((row) => row.id)
}

function checkPages (t: Test, env: ReturnType<typeof setUp>, what: string): void {
  const rows = env.db.prepare('SELECT * FROM scenes ORDER BY seq').all() as Row[]
  let checked = 0
  for (const workspaceId of WORKSPACES) {
    for (const view of VIEWS) {
      for (const collectionId of [undefined, ...COLLECTIONS]) {
        const total = expectedIds(rows, workspaceId, view, collectionId, 0, Infinity).length
        for (const offset of [0, BLOCKS_FROM_OFFSET, BLOCKS_FROM_OFFSET + 77, total - 3, total, total + 50]) {
          if (offset < 0) continue
          const page = env.stores.scenes.list(workspaceId, view, { collectionId }, { offset, limit: 10 })
          const expected = expectedIds(rows, workspaceId, view, collectionId, offset, 11)
          const ids = page.data.map((scene) => scene.metadata.id)
          if (ids.join() !== expected.slice(0, 10).join() || page.hasNextPage !== (expected.length > 10)) {
            t.fail(`${what}: ${workspaceId} ${JSON.stringify(view)} ${collectionId} offset ${offset}`, { ids, expected })
            return
          }
          checked++
        }
      }
    }
  }
  t.pass(`${what}: ${checked} pages as OFFSET gives them`)
}

t.test('deep pages match OFFSET after creates, deletes, moves, cascades and restores', async (t) => {
  const env = setUp()
  t.teardown(() => env.db.close())
  const rng = createRng(13)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng.next() * list.length)]
  const ids: Array<[string, string]> = []
  const create = (n: number) => env.stores.transaction(() => {
    for (let i = 0; i < n; i++) {
      const workspaceId = pick(WORKSPACES)
      const collection = rng.next() < 0.8 ? 'colOne' : pick(COLLECTIONS)
      const id = `scn${String(ids.length).padStart(7, '0')}`
      env.stores.scenes.insert(workspaceId, record(id, collection), collection === 'private' ? pick(USERS) : null)
      ids.push([workspaceId, id])
    }
  })
  create(3 * BLOCKS_FROM_OFFSET)
  checkPages(t, env, 'after creates')

  env.stores.transaction(() => { for (let i = 0; i < BLOCKS_FROM_OFFSET / 8; i++) { const [ws, id] = pick(ids); env.stores.scenes.softDelete(ws, id, 1) } })
  env.stores.scenes.softDeleteInCollection('wsA', 'colTwo', 2)
  checkPages(t, env, 'after deletes')

  env.stores.transaction(() => {
    for (let i = 0; i < 600; i++) {
      const [ws, id] = pick(ids)
      const collection = pick(COLLECTIONS)
      env.stores.scenes.replaceMetadata(ws, { id, collection, name: id } as never, pick(USERS))
    }
  })
  checkPages(t, env, 'after moves, into and out of private')

  const dump = env.snapshots.dump(null)
  const workspaceDump = env.snapshots.dump('wsB')
  create(BLOCKS_FROM_OFFSET)
  env.db.prepare("DELETE FROM workspaces WHERE id = 'wsA'").run()
  checkPages(t, env, 'after a cascade delete of a workspace')
  env.snapshots.restore(workspaceDump)
  checkPages(t, env, 'after a workspace restore')
  env.snapshots.restore(dump)
  checkPages(t, env, 'after a whole-database restore')

  // A second set of stores on the same connection rebuilds the counts from the rows, without counting twice.
  env.stores.scenes.list('wsA', { userId: null }, {}, { offset: BLOCKS_FROM_OFFSET, limit: 1 })
  Object.assign(env, { stores: createStores(env.db) })
  checkPages(t, env, 'after the stores are built again')
})
