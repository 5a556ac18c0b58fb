// The exact read cache: cached keys, users and list pages are reused only until the next write of any
// row, whoever makes it (public API, admin API, snapshot restore), so no read ever misses a write.
import Database from 'better-sqlite3'
import t from 'tap'
import { KEYS, build, call, sharedApp } from '../helper.js'
import { createReadCache } from '../../src/store/read-cache.js'
import { openDatabase } from '../../src/store/database.js'
import { cid, file, image, putBody, rect } from '../content/element-builders.js'
import { callTool } from '../mcp/endpoint-helper.js'

const fresh = sharedApp(t)

t.test('a value is computed once per database version', async (t) => {
  const db = openDatabase(':memory:')
  t.teardown(() => db.close())
  const cache = createReadCache(db)
  let computed = 0
  const read = () => cache.get('k', [], () => ++computed)
  t.equal(read(), 1)
  t.equal(read(), 1, 'reused while nothing changed')
  db.prepare("INSERT INTO workspaces (id, fixture_set, doc) VALUES ('w', 'x', '{}')").run()
  t.equal(read(), 2, 'any write computes it again')
  cache.clear()
  t.equal(read(), 3, 'clear() drops it too, with no write')
})

t.test('one key scheme: a read and the values it depends on never run together into another\'s key', async (t) => {
  const db = openDatabase(':memory:')
  t.teardown(() => db.close())
  const cache = createReadCache(db)
  const keep = (read: string, dependsOn: unknown[]) => cache.get(read, dependsOn, () => `${read} ${JSON.stringify(dependsOn)}`)
  // Joined with a separator, each pair below would make one key.
  t.same([keep('a\nb', ['c']), keep('a', ['b\nc']), keep('a:b', ['c']), keep('a', ['b:c']), keep('a', ['b', 'c']), keep('a', [['b', 'c']])],
    ['a\nb ["c"]', 'a ["b\\nc"]', 'a:b ["c"]', 'a ["b:c"]', 'a ["b","c"]', 'a [["b","c"]]'])
  t.same([keep('a', [1]), keep('a', ['1'])], ['a [1]', 'a ["1"]'], 'a number and its text are two values')
})

t.test('list pages, keys and users never outlive a write', async (t) => {
  const app = await fresh()
  const names = async () => (await call(t, app, 'GET', '/api/v1/collections?limit=50')).body.data.map((c: { name: string }) => c.name)
  const before = await names()
  t.same(await names(), before, 'a repeated read answers the same page')
  await call(t, app, 'POST', '/api/v1/collections', { body: { name: 'Fresh' } })
  t.same(await names(), [...before, 'Fresh'], 'a public write shows on the next read')

  const snapshot = (await app.inject({ method: 'POST', url: '/_emulator/snapshots', payload: {} })).json()
  await call(t, app, 'POST', '/api/v1/collections', { body: { name: 'Undone' } })
  t.ok((await names()).includes('Undone'))
  const restored = await app.inject({ method: 'POST', url: `/_emulator/snapshots/${snapshot.id}/restore` })
  t.equal(restored.statusCode, 200)
  t.same(await names(), [...before, 'Fresh'], 'a snapshot restore shows on the next read')

  const scenes = async () => (await call(t, app, 'GET', '/api/v1/scenes?limit=50')).body.data.map((s: { metadata: { id: string } }) => s.metadata.id)
  const sceneIds = await scenes()
  await call(t, app, 'DELETE', `/api/v1/scenes/${sceneIds[0]}`)
  t.same(await scenes(), sceneIds.slice(1), 'GET /scenes shows a delete at once')

  t.equal((await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.read })).status, 200)
  const revoked = await app.inject({ method: 'DELETE', url: '/_emulator/keys/key_test_read' })
  t.equal(revoked.statusCode, 200)
  t.equal((await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.read })).status, 401, 'a revoked key is refused at once')

  t.equal((await call(t, app, 'GET', '/api/v1/workspaces', { key: KEYS.member })).status, 200)
  await call(t, app, 'DELETE', '/api/v1/workspaces/users/usrMember01', { key: KEYS.admin })
  t.equal((await call(t, app, 'GET', '/api/v1/workspaces', { key: KEYS.member })).status, 401, 'a removed user\'s key is refused at once')
})

t.test('GET content right after a PUT is the PUT\'s answer, byte for byte what GET computes afresh', async (t) => {
  const app = await fresh()
  const url = '/api/v1/scenes/scnShapes01/content'
  const headers = { authorization: `Bearer ${KEYS.full}` }
  const body = putBody([image(cid('pic'), 'file1'), rect(cid('box'), { x: -0, y: 1e21, customData: { note: 'é "quoted" \u2028' } })],
    { appState: { viewBackgroundColor: '#fafafa', lockedMultiSelections: { g1: true } }, files: { file1: file('file1') } })
  const put = await app.inject({ method: 'PUT', url, headers, payload: body })
  t.equal(put.statusCode, 200)
  const cached = await app.inject({ method: 'GET', url, headers })
  t.equal(cached.body, put.body, 'served from the PUT\'s answer')
  await call(t, app, 'POST', '/api/v1/collections', { body: { name: 'Unrelated write' } })
  const reread = await app.inject({ method: 'GET', url, headers })
  t.equal(reread.body, cached.body, 'the same bytes when read from the database again')
  t.same([reread.headers['content-type'], cached.headers['content-type']], ['application/json; charset=utf-8', 'application/json; charset=utf-8'])
  const other = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${KEYS.other}` } })
  t.equal(other.statusCode, 404, 'another workspace\'s key still finds nothing')
})

t.test('MCP list tools answer from the read cache too, and a write shows on the next call', async (t) => {
  const app = await fresh()
  const ids = async () => {
    const result = await callTool(app, KEYS.full, 'list_scenes', { limit: 100 })
    return JSON.parse(result.content[0].text).data.map((s: { metadata: { id: string } }) => s.metadata.id)
  }
  const before = await ids()
  t.same(await ids(), before, 'a repeated call answers the same page')
  const rest = (await call(t, app, 'GET', '/api/v1/scenes?limit=100')).body
  t.same(rest.data.map((s: { metadata: { id: string } }) => s.metadata.id), before, 'the page its REST twin serves')
  await call(t, app, 'DELETE', `/api/v1/scenes/${before[0]}`)
  t.same(await ids(), before.slice(1), 'a REST write shows on the next MCP call')
  const collections = await callTool(app, KEYS.full, 'list_collections', { limit: 100 })
  t.same(JSON.parse(collections.content[0].text), (await call(t, app, 'GET', '/api/v1/collections?limit=100')).body, 'list_collections answers its REST twin\'s page')
})

t.test('the cache is bounded in bytes: it starts over when full, and keeps nothing larger than its budget', async (t) => {
  const db = openDatabase(':memory:')
  t.teardown(() => db.close())
  const cache = createReadCache(db, { readCacheMaxBytes: 1000 })
  let computed = 0
  const read = (name: string, bytes: number) => cache.get(name, [], () => { computed++; return Buffer.alloc(bytes) })
  read('a', 400)
  read('b', 400)
  t.same(cache.held(), { entries: 2, bytes: 810 }, 'answers and keys (`["a"]`, 5 characters) counted')
  read('a', 400)
  t.equal(computed, 2, 'kept answers are reused')
  read('c', 400)
  t.same(cache.held(), { entries: 1, bytes: 405 }, 'the answer that would pass the budget started the cache over')
  read('huge', 5000)
  read('huge', 5000)
  t.equal(computed, 5, 'an answer over the whole budget is served, never kept')
  t.same(cache.held(), { entries: 1, bytes: 405 })
  cache.set('c', [], 'x'.repeat(100))
  t.same(cache.held(), { entries: 1, bytes: 105 }, 'a replaced answer is counted once')
  const none = createReadCache(db, { readCacheMaxBytes: 0 })
  none.get('k', [], () => 'v')
  t.same(none.held(), { entries: 0, bytes: 0 }, '0 keeps nothing')
})

t.test('EMULATOR_READ_CACHE_MAX_BYTES reaches the app: 0 serves every read fresh', async (t) => {
  const app = await build(t, { readCacheMaxBytes: 0 })
  const first = await call(t, app, 'GET', '/api/v1/collections')
  t.same((await call(t, app, 'GET', '/api/v1/collections')).body, first.body)
  t.same(app.stores.readCache.held(), { entries: 0, bytes: 0 })
  const defaults = await fresh()
  await call(t, defaults, 'GET', '/api/v1/collections')
  t.ok(defaults.stores.readCache.held().entries > 0, 'the default keeps answers')
})

t.test('every statement that may write empties the cache, however it was prepared; reads and transaction control do not', async (t) => {
  const db = openDatabase(':memory:')
  t.teardown(() => db.close())
  // Prepared before the cache exists: openDatabase counts from the database's first statement, not the cache.
  const early = db.prepare("INSERT INTO workspaces (id, fixture_set, doc) VALUES (?, 'x', '{}')")
  const cache = createReadCache(db)
  let computed = 0
  const read = () => cache.get('k', [], () => ++computed)
  t.equal(read(), 1)
  early.run('w1')
  t.equal(read(), 2, 'a statement prepared before the cache')
  db.prepare('SELECT COUNT(*) FROM workspaces').pluck().get()
  db.transaction(() => db.prepare('SELECT id FROM workspaces').all())()
  t.equal(read(), 2, 'a SELECT, and BEGIN and COMMIT around it, change nothing')
  t.equal(db.prepare("UPDATE workspaces SET doc = '{\"a\":1}' WHERE id = ? RETURNING id").pluck().get('w1'), 'w1')
  t.equal(read(), 3, 'a write read through get() (RETURNING)')
  db.exec("DELETE FROM workspaces WHERE id = 'w1'")
  t.equal(read(), 4, 'exec()')
  t.throws(() => early.run('w2', 'extra'), RangeError)
  t.throws(() => db.transaction(() => { early.run('w2'); throw new Error('undo') })(), { message: 'undo' })
  t.equal(db.prepare('SELECT COUNT(*) FROM workspaces').pluck().get(), 0, 'the write was rolled back')
  t.equal(read(), 5, 'a write rolled back still counts: one recomputation more, never a stale answer')
  const other = openDatabase(':memory:')
  t.teardown(() => other.close())
  other.prepare("INSERT INTO workspaces (id, fixture_set, doc) VALUES ('w', 'x', '{}')").run()
  t.equal(read(), 5, 'another database\'s writes are its own')
})

t.test('only the emulator\'s own databases are counted: a client\'s better-sqlite3 database in the same process is left as it is', async (t) => {
  const own = new Database(':memory:')
  t.teardown(() => own.close())
  const statementMethods = Object.getPrototypeOf(own.prepare('SELECT 1'))
  const before = { run: statementMethods.run, get: statementMethods.get, exec: Database.prototype.exec, prepare: Database.prototype.prepare }
  const db = openDatabase(':memory:')
  t.teardown(() => db.close())
  createReadCache(db)
  t.same({ run: statementMethods.run, get: statementMethods.get, exec: Database.prototype.exec, prepare: Database.prototype.prepare }, before, 'better-sqlite3\'s prototypes untouched')
  own.exec('CREATE TABLE t (x)')
  const insert = own.prepare('INSERT INTO t VALUES (?)')
  t.same([Object.hasOwn(insert, 'run'), Object.hasOwn(own, 'prepare')], [false, false], 'nothing wrapped on the client\'s database')
  t.equal(insert.run(1).changes, 1)
  t.throws(() => createReadCache(own), { message: 'the read cache needs a database opened by openDatabase or openImage (store/database.ts), which counts its writes' },
    'a database opened elsewhere cannot back the read cache: a statement prepared before counting would go unseen')
  const read = db.prepare('SELECT COUNT(*) FROM workspaces')
  t.equal(Object.hasOwn(read, 'get'), false, 'a read-only statement of the emulator\'s database runs unwrapped')
})
