// Read answers kept in the exact read cache (services/cached-read.ts): the key names everything a kept answer
// depends on besides the database version, and the cached routes (GET /collections, /scenes,
// /collections/{id}/scenes, scene content) and MCP list tools all go through it.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { openDatabase } from '../../src/store/database.js'
import { createReadCache, type ReadCache } from '../../src/store/read-cache.js'
import { cachedRead, keepRead } from '../../src/services/cached-read.js'
import { harnessCaller, type Caller, type OpContext } from '../../src/services/context.js'
import { KEYS, build, call } from '../helper.js'
import { callTool } from '../mcp/endpoint-helper.js'

const workspaceKey: Caller = { workspaceId: 'wsA', user: null, keyId: 'k1', permission: 'full', routes: null, ip: null }
const personal = (userId: string): Caller =>
  ({ ...workspaceKey, user: { id: userId } as Caller['user'] & object, keyId: `k-${userId}` })

t.test('a kept answer is reused only for the same read, viewer, page size and input', async (t) => {
  const db = openDatabase(':memory:')
  t.teardown(() => db.close())
  const readCache = createReadCache(db)
  const ctxOf = (caller: Caller, pageSize = 10) => ({ stores: { readCache }, caller, compat: { pageSize } }) as unknown as OpContext
  let produced = 0
  const read = (ctx: OpContext, name = 'GET /things', input: unknown = { limit: 5 }) => cachedRead(ctx, name, input, () => ++produced)

  t.equal(read(ctxOf(workspaceKey)), 1)
  t.equal(read(ctxOf(workspaceKey)), 1, 'the same read again: kept')
  t.equal(read(ctxOf({ ...workspaceKey, keyId: 'k2', permission: 'read', ip: '10.0.0.1' })), 1, 'another workspace key of the same workspace sees the same page')
  const misses = [
    read(ctxOf(workspaceKey), 'mcp things'),
    read(ctxOf(workspaceKey), 'GET /things', { limit: 6 }),
    read(ctxOf(workspaceKey, 5)),
    read(ctxOf({ ...workspaceKey, workspaceId: 'wsB' })),
    read(ctxOf(personal('usr1'))),
    read(ctxOf(personal('usr2'))),
    read(ctxOf(harnessCaller('wsA')))
  ]
  t.same(misses, [2, 3, 4, 5, 6, 7, 8], 'another read, input, page size, workspace, user or a view of private scenes: produced anew')
  t.same([read(ctxOf(personal('usr1'))), read(ctxOf(harnessCaller('wsA')))], [6, 8], 'each kept on its own')

  keepRead(ctxOf(workspaceKey), 'GET /doc', { id: 'x' }, 'written')
  t.equal(cachedRead(ctxOf(workspaceKey), 'GET /doc', { id: 'x' }, () => 'produced'), 'written', 'keepRead: the next read answers what was kept')
  t.equal(cachedRead(ctxOf(personal('usr1')), 'GET /doc', { id: 'x' }, () => 'produced'), 'produced', 'for that viewer only')

  db.prepare("INSERT INTO workspaces (id, fixture_set, doc) VALUES ('w', 'x', '{}')").run()
  t.equal(read(ctxOf(workspaceKey)), 9, 'any write: produced anew')
})

/** What the app's read cache produces for read answers, by the read that asked (the first line of its key). */
function watchProduced (app: FastifyInstance): string[] {
  const produced: string[] = []
  const cache: ReadCache = app.stores.readCache
  // Auth's key and user lookups share the cache under one-line keys: not read answers.
  const readOf = (key: string) => key.includes('\n') ? [key.split('\n')[0]] : []
  app.stores.readCache = {
    get: (key, compute) => cache.get(key, () => { produced.push(...readOf(key)); return compute() }),
    set: (key, value) => cache.set(key, value),
    held: () => cache.held()
  }
  return produced
}

t.test('through the app', async (t) => {
  const app = await build(t)
  const produced = watchProduced(app)

  t.test('GET /collections/{id}/scenes is kept like its twin GET /scenes?collectionId=, and a write shows at once', async (t) => {
    produced.length = 0
    const url = '/api/v1/collections/colSecond01/scenes?limit=50'
    const first = await call(t, app, 'GET', url)
    const again = await call(t, app, 'GET', url)
    const twin = await call(t, app, 'GET', '/api/v1/scenes?collectionId=colSecond01&limit=50')
    t.equal(first.status, 200)
    t.equal(again.raw.body, first.raw.body, 'the same bytes')
    t.same(twin.body, first.body, 'the page its twin serves')
    t.same(produced, ['GET /api/v1/collections/:collectionId/scenes', 'GET /api/v1/scenes'], 'each produced once')
    t.equal(first.headers['content-type'], 'application/json; charset=utf-8')

    const created = await call(t, app, 'POST', '/api/v1/collections/colSecond01/scenes', { body: { name: 'Fresh', pinned: false } })
    t.equal(created.status, 200)
    const after = await call(t, app, 'GET', url)
    t.same(after.body.data.map((s: { metadata: { id: string } }) => s.metadata.id), [...first.body.data.map((s: { metadata: { id: string } }) => s.metadata.id), created.body.metadata.id])
  })

  t.test('a refusal is never kept: the check runs on every read', async (t) => {
    produced.length = 0
    const unknown = await call(t, app, 'GET', '/api/v1/collections/colNope0001/scenes')
    const again = await call(t, app, 'GET', '/api/v1/collections/colNope0001/scenes')
    t.same([unknown.status, again.status], [404, 404])
    const hidden = await call(t, app, 'GET', '/api/v1/collections/private/scenes', { key: KEYS.full })
    const hiddenAgain = await call(t, app, 'GET', '/api/v1/collections/private/scenes', { key: KEYS.full })
    t.same([hidden.status, hiddenAgain.status], [403, 403], 'a workspace key and the private collection')
    t.equal(produced.length, 4, 'produced (and refused) each time')
  })

  t.test('GET /collections, GET content and the MCP list tools go through the same helper', async (t) => {
    produced.length = 0
    await call(t, app, 'GET', '/api/v1/collections')
    await call(t, app, 'GET', '/api/v1/collections')
    await call(t, app, 'GET', '/api/v1/scenes/scnShapes01/content')
    await call(t, app, 'GET', '/api/v1/scenes/scnShapes01/content')
    await callTool(app, KEYS.full, 'list_scenes', { limit: 3 })
    await callTool(app, KEYS.full, 'list_scenes', { limit: 3 })
    await callTool(app, KEYS.full, 'list_collections', {})
    t.same(produced, ['GET /api/v1/collections', 'GET /api/v1/scenes/:sceneId/content', 'mcp scenes', 'mcp collections'])
  })
})
