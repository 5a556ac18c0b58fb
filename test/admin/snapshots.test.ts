// /_emulator/snapshots: whole-database and one-workspace snapshots in memory, restored exactly.
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { KEYS, NOW, build, call, type TestLike } from '../helper.js'
import { BAD_REQUEST, NOT_FOUND, admin, createWorkspace, readEverything } from './admin-helper.js'

const NOW_ISO = new Date(NOW).toISOString()

/** Every row of every table, as JSON: the strictest "same state" there is (AUTOINCREMENT counters aside). */
function allRows (app: FastifyInstance): string {
  const tables = app.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{ name: string }>
  return JSON.stringify(tables.map(({ name }) => [name, app.db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()]))
}

/** A bit of everything written through the API; every write must succeed. */
async function mutate (t: TestLike & { equal: (...args: any[]) => unknown }, app: FastifyInstance, key: string): Promise<void> {
  const writes: Array<[string, string, unknown]> = [
    ['POST', '/api/v1/collections', { name: 'scratch' }],
    ['PATCH', '/api/v1/scenes/scnShapes01', { name: 'renamed' }],
    ['PUT', '/api/v1/scenes/scnEmpty001/content', { type: 'excalidraw', version: 2, source: 'test', elements: [], appState: {}, files: {} }],
    ['DELETE', '/api/v1/scenes/scnImage001', undefined],
    ['PATCH', '/api/v1/workspaces', { name: 'changed' }]
  ]
  for (const [method, url, body] of writes) t.equal((await call(t, app, method, url, { key, body })).status, 200, `${method} ${url}`)
}

t.test('a whole-database snapshot brings every row back exactly', async (t) => {
  const app = await build(t)
  const kept = await createWorkspace(t, app, { fixtures: 'demo' })
  const rowsBefore = allRows(app)
  const readsBefore = [await readEverything(t, app, KEYS.admin), await readEverything(t, app, kept.keys.personal)]

  const res = await admin(t, app, 'POST', '/_emulator/snapshots')
  const rows = (app.db.prepare('SELECT (SELECT COUNT(*) FROM workspaces) + (SELECT COUNT(*) FROM users) + (SELECT COUNT(*) FROM api_keys) + (SELECT COUNT(*) FROM collections) + (SELECT COUNT(*) FROM scenes) + (SELECT COUNT(*) FROM scene_contents) + (SELECT COUNT(*) FROM invites) + (SELECT COUNT(*) FROM audit_logs) AS n').get() as { n: number }).n
  t.same([res.status, res.body], [200, { id: 'snap_1', workspaceId: null, createdAt: NOW_ISO, rows }])

  await mutate(t, app, KEYS.admin)
  await mutate(t, app, kept.keys.personal)
  const later = await createWorkspace(t, app)
  await admin(t, app, 'DELETE', '/_emulator/keys/key_test_read')
  await admin(t, app, 'DELETE', '/_emulator/workspaces/wsOther0001')
  await admin(t, app, 'DELETE', `/_emulator/workspaces/${kept.workspace.id}`)
  t.not(allRows(app), rowsBefore)

  const restored = await admin(t, app, 'POST', '/_emulator/snapshots/snap_1/restore')
  t.same([restored.status, restored.body], [200, res.body])
  t.equal(allRows(app), rowsBefore, 'every table holds exactly the rows it held')
  t.same([await readEverything(t, app, KEYS.admin), await readEverything(t, app, kept.keys.personal)], readsBefore, 'reads are byte for byte the same')
  t.equal((await call(t, app, 'GET', '/api/v1/collections', { key: later.keys.full })).status, 401, 'a workspace made after the snapshot is gone')
  t.equal((await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.read })).status, 200, 'a key revoked after the snapshot works again')
  const reset = await admin(t, app, 'POST', `/_emulator/workspaces/${kept.workspace.id}/reset`)
  t.same(reset.body, { workspace: { id: kept.workspace.id, name: 'Test Workspace' }, restoredFrom: 'creation' },
    'a restored admin workspace can still be reset to its creation state')

  await mutate(t, app, KEYS.admin)
  await admin(t, app, 'POST', '/_emulator/snapshots/snap_1/restore')
  t.equal(allRows(app), rowsBefore, 'a snapshot can be restored again')
  const made = await createWorkspace(t, app)
  t.equal((await call(t, app, 'GET', '/api/v1/collections', { key: made.keys.full })).status, 200, 'writes after a restore work')
})

t.test('a workspace snapshot restores that workspace only', async (t) => {
  const app = await build(t)
  const a = await createWorkspace(t, app, { fixtures: 'demo' })
  const b = await createWorkspace(t, app, { fixtures: 'demo' })
  await call(t, app, 'POST', '/api/v1/collections', { key: a.keys.full, body: { name: 'in A before the snapshot' } })
  const aBefore = await readEverything(t, app, a.keys.personal)

  const res = await admin(t, app, 'POST', '/_emulator/snapshots', { body: { workspaceId: a.workspace.id } })
  t.same(res.body, { id: 'snap_1', workspaceId: a.workspace.id, createdAt: NOW_ISO, rows: res.body.rows })
  t.ok(res.body.rows > 10, 'it holds the demo copy\'s rows')

  await mutate(t, app, a.keys.personal)
  await mutate(t, app, b.keys.personal)
  const bAfter = await readEverything(t, app, b.keys.personal)
  const mainAfter = await readEverything(t, app, KEYS.admin)
  await admin(t, app, 'POST', `/_emulator/snapshots/${res.body.id}/restore`)
  t.same(await readEverything(t, app, a.keys.personal), aBefore, 'A is back')
  t.same(await readEverything(t, app, b.keys.personal), bAfter, 'B keeps its changes')
  t.same(await readEverything(t, app, KEYS.admin), mainAfter, 'the fixture workspace is untouched')

  await admin(t, app, 'DELETE', `/_emulator/workspaces/${a.workspace.id}`)
  t.equal((await call(t, app, 'GET', '/api/v1/collections', { key: a.keys.full })).status, 401)
  await admin(t, app, 'POST', `/_emulator/snapshots/${res.body.id}/restore`)
  t.same(await readEverything(t, app, a.keys.personal), aBefore, 'a deleted workspace comes back, keys included')
  t.equal((await admin(t, app, 'POST', `/_emulator/workspaces/${a.workspace.id}/reset`)).status, 200, 'with its creation state')
})

t.test('GET and DELETE /_emulator/snapshots', async (t) => {
  const app = await build(t)
  t.same((await admin(t, app, 'GET', '/_emulator/snapshots')).body, { data: [] })
  const whole = (await admin(t, app, 'POST', '/_emulator/snapshots', { body: {} })).body
  app.clock.advance(1000)
  const one = (await admin(t, app, 'POST', '/_emulator/snapshots', { body: { workspaceId: 'wsOther0001' } })).body
  t.same(one, { id: 'snap_2', workspaceId: 'wsOther0001', createdAt: new Date(NOW + 1000).toISOString(), rows: one.rows })
  const list = await admin(t, app, 'GET', '/_emulator/snapshots')
  t.same([list.status, list.body], [200, { data: [whole, one] }])

  const deleted = await admin(t, app, 'DELETE', '/_emulator/snapshots/snap_1')
  t.same([deleted.status, deleted.body], [200, {}])
  t.same((await admin(t, app, 'GET', '/_emulator/snapshots')).body, { data: [one] })
  const restoreGone = await admin(t, app, 'POST', '/_emulator/snapshots/snap_1/restore')
  t.same([restoreGone.status, restoreGone.body], [404, NOT_FOUND('Snapshot snap_1 not found')])
  const deleteGone = await admin(t, app, 'DELETE', '/_emulator/snapshots/snap_1')
  t.same([deleteGone.status, deleteGone.body], [404, NOT_FOUND('Snapshot snap_1 not found')])
  t.equal((await admin(t, app, 'POST', '/_emulator/snapshots')).body.id, 'snap_3', 'ids are never reused')
})

t.test('400 on a bad body, 404 for an unknown workspace', async (t) => {
  const app = await build(t)
  const cases: Array<[unknown, string]> = [
    [{ workspaceId: 5 }, 'body/workspaceId must be string'],
    [{ workspaceId: '' }, 'body/workspaceId must NOT have fewer than 1 characters'],
    [{ tables: ['users'] }, "body must NOT have additional property 'tables'"]
  ]
  for (const [body, message] of cases) {
    const res = await admin(t, app, 'POST', '/_emulator/snapshots', { body })
    t.same([res.status, res.body], [400, BAD_REQUEST(message)], JSON.stringify(body))
  }
  const unknown = await admin(t, app, 'POST', '/_emulator/snapshots', { body: { workspaceId: 'wsNope' } })
  t.same([unknown.status, unknown.body], [404, NOT_FOUND('Workspace wsNope not found')])
  t.same((await admin(t, app, 'GET', '/_emulator/snapshots')).body, { data: [] }, 'nothing was taken')
})
