// Read answers kept in the exact read cache (services/cached-read.ts): the key names everything a kept answer
// depends on besides the database version, and the cached routes (GET /collections, /scenes,
// /collections/{id}/scenes, scene content) and MCP list tools all go through it.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { openDatabase } from '../../src/store/database.js'
import { createReadCache, type ReadCache } from '../../src/store/read-cache.js'
import { cachedRead, keepRead } from '../../src/services/cached-read.js'
import { harnessCaller, type Caller, type OpContext } from '../../src/services/context.js'
import { AUTH_KEY_READ, AUTH_USER_READ } from '../../src/api/v1/auth.js'
import { COMPAT_NAMES, COMPAT_SWITCHES, DEFAULT_COMPAT, READ_SWITCHES, type Compat } from '../../src/config/compat.js'
import { KEYS, build, call } from '../helper.js'
import { callTool } from '../mcp/endpoint-helper.js'

const workspaceKey: Caller = { workspaceId: 'wsA', user: null, keyId: 'k1', permission: 'full', routes: null, ip: null }
const personal = (userId: string): Caller =>
  ({ ...workspaceKey, user: { id: userId } as Caller['user'] & object, keyId: `k-${userId}` })

t.test('a kept answer is reused only for the same read, viewer, page size and input', async (t) => {
  const db = openDatabase(':memory:')
  t.teardown(() => db.close())
  const readCache = createReadCache(db)
  const ctxOf = (caller: Caller, pageSize = 10) => ({ stores: { readCache }, caller, compat: { ...DEFAULT_COMPAT, pageSize } }) as unknown as OpContext
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

t.test('the key holds exactly the switches whose row says they affect reads', async (t) => {
  const db = openDatabase(':memory:')
  t.teardown(() => db.close())
  const readCache = createReadCache(db)
  const ctxOf = (compat: Compat) => ({ stores: { readCache }, caller: workspaceKey, compat }) as unknown as OpContext
  let produced = 0
  const read = (compat: Compat) => cachedRead(ctxOf(compat), 'GET /things', {}, () => ++produced)
  t.equal(read(DEFAULT_COMPAT), 1)
  t.ok(READ_SWITCHES.includes('pageSize'), 'the page size is one of them')
  for (const name of COMPAT_NAMES) {
    const row = COMPAT_SWITCHES[name]
    const other = 'choices' in row ? row.choices[1] : row.integer.maximum
    const before = produced
    read({ ...DEFAULT_COMPAT, [name]: other })
    t.equal(produced - before, READ_SWITCHES.includes(name) ? 1 : 0, `${name}=${other}: ${READ_SWITCHES.includes(name) ? 'produced anew' : 'the kept answer'}`)
  }
})

/** The reads of the app's read cache that produced a value, auth's lookups left out; auth's in `auth`. */
function watchProduced (app: FastifyInstance, auth: string[] = []): string[] {
  const produced: string[] = []
  const cache: ReadCache = app.stores.readCache
  const isAuth = (read: string) => read === AUTH_KEY_READ || read === AUTH_USER_READ
  app.stores.readCache = {
    get: (read, dependsOn, compute) => cache.get(read, dependsOn, () => { (isAuth(read) ? auth : produced).push(read); return compute() }),
    set: (read, dependsOn, value) => cache.set(read, dependsOn, value),
    clear: () => cache.clear(),
    held: () => cache.held(),
    // An MCP answer is computed outside the cache and kept after: it counts as produced when it is kept.
    lookup: <T>(read: string, dependsOn: readonly unknown[]) => {
      const looked = cache.lookup<T>(read, dependsOn)
      if (looked.found) return looked
      return { found: false as const, keep: (answer: T) => { produced.push(read); looked.keep(answer) } }
    }
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
    const ids = (page: { data: Array<{ metadata: { id: string } }> }) => page.data.map((s) => s.metadata.id)
    t.same(ids(after.body), [...ids(first.body), created.body.metadata.id])
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
    t.same(produced, ['GET /api/v1/collections', 'GET /api/v1/scenes/:sceneId/content', 'mcp-answer list_scenes', 'mcp-answer list_collections'])
  })
})

t.test('a change of any switch empties the read cache, and each switch that says it leaves reads alone does', async (t) => {
  const app = await build(t)
  const auth: string[] = []
  const produced = watchProduced(app, auth)
  const reads = async () => Promise.all([
    call(t, app, 'GET', '/api/v1/collections'),
    call(t, app, 'GET', '/api/v1/scenes?limit=50'),
    call(t, app, 'GET', '/api/v1/collections/colSecond01/scenes'),
    call(t, app, 'GET', '/api/v1/scenes/scnShapes01/content')
  ].map(async (response) => { const { status, raw } = await response; return [status, raw.body] }))
  const put = async (body: object) => t.equal((await app.inject({ method: 'PUT', url: '/_emulator/compat', payload: body })).statusCode, 200)

  const defaults = await reads()
  t.equal(produced.length, 4)
  t.same(await reads(), defaults)
  t.equal(produced.length, 4, 'kept while nothing changed')
  t.same(auth, [AUTH_KEY_READ], 'auth looks its key up once, under the same key scheme')

  for (const name of COMPAT_NAMES.filter((candidate) => !READ_SWITCHES.includes(candidate))) {
    const row = COMPAT_SWITCHES[name] as { choices: readonly string[] }
    for (const value of row.choices.slice(1)) {
      produced.length = 0
      await put({ [name]: value })
      t.same(await reads(), defaults, `${name}=${value} leaves every cached read's answer as it was`)
      t.equal(produced.length, 4, `${name}=${value}: PUT /_emulator/compat emptied the cache, every read produced anew`)
    }
  }
  produced.length = 0
  await put({ pageSize: 1 })
  const paged = await reads()
  t.equal(produced.length, 4)
  t.same(paged.map(([status]) => status), [200, 200, 200, 200])
  t.equal(JSON.parse(paged[0][1] as string).limit, 1, 'a switch that does affect reads shows on the next read')
  await put({})
  t.same(await reads(), defaults, 'back to the start-up values: the first answers again')
})
