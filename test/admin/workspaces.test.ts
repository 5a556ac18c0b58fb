// /_emulator/workspaces: empty and demo workspaces with fresh keys, isolation, delete, per-workspace reset, admin token.
import t from 'tap'
import { KEYS, NOW, build, call, sharedApp } from '../helper.js'
import { DEFAULT_COMPAT } from '../../src/config/compat.js'
import { BAD_REQUEST, NOT_FOUND, UNAUTHORIZED, admin, createWorkspace, readEverything } from './admin-helper.js'

const fresh = sharedApp(t)

const NOW_ISO = new Date(NOW).toISOString()
const SHORT_ID = /^[A-Za-z0-9]{11}$/

t.test('POST /_emulator/workspaces', async (t) => {
  t.test('an empty workspace: one admin, the default collection, three working keys', async (t) => {
    const app = await fresh()
    const res = await admin(t, app, 'POST', '/_emulator/workspaces')
    t.equal(res.status, 200)
    const { workspace, users, keys } = res.body
    t.match(workspace.id, SHORT_ID)
    const adminId = users[0]?.id
    t.match(adminId, SHORT_ID)
    t.same(res.body, {
      workspace: { id: workspace.id, name: 'Test Workspace' },
      users: [{
        created: NOW_ISO, uid: `uid-${adminId}`, id: adminId, picture: null, email: `admin.${workspace.id.toLowerCase()}@emulator.test`,
        name: 'Workspace Admin', updated: null, workspaceTeams: {}, lastActive: null, role: 'admin'
      }],
      keys: { full: keys.full, read: keys.read, personal: keys.personal },
      compat: DEFAULT_COMPAT
    })
    t.match(keys.full, /^sk-[A-Za-z0-9]{32}$/)
    t.match(keys.read, /^sk-[A-Za-z0-9]{32}$/)
    t.match(keys.personal, /^uk-[A-Za-z0-9]{32}$/)

    const collections = await call(t, app, 'GET', '/api/v1/collections', { key: keys.full })
    t.equal(collections.body.data.length, 1)
    t.same(collections.body.data[0], {
      id: collections.body.data[0].id, isDefault: true, workspace: workspace.id, creator: adminId, updater: null, teams: [],
      created: NOW_ISO, sortOrder: null, name: 'General', updated: null, isDeleted: false, emoji: null
    })
    t.same((await call(t, app, 'GET', '/api/v1/scenes', { key: keys.full })).body, { limit: 10, offset: 0, hasNextPage: false, data: [] })
    const write = await call(t, app, 'POST', '/api/v1/collections', { key: keys.read, body: { name: 'x' } })
    t.same([write.status, write.body.message], [403, 'Missing permission: this API key is read-only and cannot POST'], 'the read key is read-only')
    const personal = await call(t, app, 'GET', '/api/v1/collections', { key: keys.personal })
    t.same(personal.body.data.map((c: { id: string }) => c.id), ['private', collections.body.data[0].id], 'the personal key sees its private collection')
  })

  t.test('a name may be given', async (t) => {
    const app = await fresh()
    const res = await admin(t, app, 'POST', '/_emulator/workspaces', { body: { name: 'Suite 7', fixtures: 'empty' } })
    t.same(res.body.workspace, { id: res.body.workspace.id, name: 'Suite 7' })
    t.same((await call(t, app, 'GET', '/api/v1/workspaces', { key: res.body.keys.full })).body.name, 'Suite 7')
  })

  t.test('"demo" copies the first fixture workspace under a new id, with new keys only', async (t) => {
    const app = await fresh()
    const res = await admin(t, app, 'POST', '/_emulator/workspaces', { body: { fixtures: 'demo' } })
    t.equal(res.status, 200)
    const { workspace, users, keys } = res.body
    t.not(workspace.id, 'wsMain00001')
    t.same(workspace, { id: workspace.id, name: 'Test Workspace' })
    t.same(users, (await call(t, app, 'GET', '/api/v1/workspaces/users?limit=100')).body.data, 'the fixture users')
    const original = await readEverything(t, app, KEYS.admin)
    const copy = await readEverything(t, app, keys.personal)
    // Identical but for the workspace id: same scenes, collections, content, invites and audit log.
    t.same(copy, original.map((body) => body.replaceAll('wsMain00001', workspace.id)))
    const listed = await admin(t, app, 'GET', `/_emulator/keys?workspaceId=${workspace.id}`)
    t.same(listed.body.data.map((k: { kind: string, permission: string, userId: string | null }) => [k.kind, k.permission, k.userId]),
      [['workspace', 'full', null], ['workspace', 'read', null], ['personal', 'full', 'usrAdmin001']], 'the fixture keys are not copied')
    t.equal((await call(t, app, 'GET', '/api/v1/workspaces', { key: KEYS.full })).body.id, 'wsMain00001', 'fixture keys still open the fixture workspace')
  })

  t.test('workspaces created in parallel never see each other\'s data', async (t) => {
    const app = await fresh()
    const [a, b] = (await Promise.all([1, 2].map(() => app.inject({ method: 'POST', url: '/_emulator/workspaces' })))).map((r) => r.json())
    t.not(a.workspace.id, b.workspace.id)
    const madeA = await call(t, app, 'POST', '/api/v1/collections', { key: a.keys.full, body: { name: 'only in A' } })
    const madeB = await call(t, app, 'POST', '/api/v1/collections', { key: b.keys.full, body: { name: 'only in B' } })
    const names = async (key: string) => (await call(t, app, 'GET', '/api/v1/collections', { key })).body.data.map((c: { name: string }) => c.name)
    t.same(await names(a.keys.full), ['General', 'only in A'])
    t.same(await names(b.keys.full), ['General', 'only in B'])
    const cross = await call(t, app, 'GET', `/api/v1/collections/${madeB.body.id}`, { key: a.keys.full })
    t.same([cross.status, cross.body.message], [404, `Collection ${madeB.body.id} not found`], 'A cannot read B\'s collection')
    const crossBack = await call(t, app, 'GET', `/api/v1/collections/${madeA.body.id}`, { key: b.keys.personal })
    t.equal(crossBack.status, 404, 'B cannot read A\'s collection')
    t.same(await names(KEYS.full), ['General', 'Second'], 'the fixture workspace is untouched')
  })

  t.test('no body, even with a JSON content type, means an empty workspace', async (t) => {
    const app = await fresh()
    const res = await admin(t, app, 'POST', '/_emulator/workspaces', { payload: '', headers: { 'content-type': 'application/json' } })
    t.same([res.status, res.body.workspace.name], [200, 'Test Workspace'])
    const broken = await admin(t, app, 'POST', '/_emulator/workspaces', { payload: '{"name":' })
    t.same([broken.status, broken.body.error], [400, 'Bad Request'], 'malformed JSON is still refused')
    const publicEmpty = await call(t, app, 'POST', '/api/v1/collections', { payload: '' })
    t.equal(publicEmpty.status, 400, 'the public API keeps Fastify\'s strict parser')
  })

  t.test('400 on a bad body, and nothing is created', async (t) => {
    const app = await fresh()
    const cases: Array<[unknown, string]> = [
      [{ fixtures: 'full' }, 'body/fixtures must be equal to one of the allowed values: "demo", "empty"'],
      [{ name: '' }, 'body/name must NOT have fewer than 1 characters'],
      [{ name: 5 }, 'body/name must be string'],
      [{ seed: 1 }, "body must NOT have additional property 'seed'"],
      [[], 'body must be object']
    ]
    for (const [body, message] of cases) {
      const res = await admin(t, app, 'POST', '/_emulator/workspaces', { body })
      t.same([res.status, res.body], [400, BAD_REQUEST(message)], JSON.stringify(body))
    }
    t.equal(app.stores.workspaces.list().length, 2, 'only the fixture workspaces exist')
  })
})

t.test('DELETE /_emulator/workspaces/{id}', async (t) => {
  const app = await fresh()
  const made = await createWorkspace(t, app)
  const res = await admin(t, app, 'DELETE', `/_emulator/workspaces/${made.workspace.id}`)
  t.same([res.status, res.body], [200, {}])
  for (const key of Object.values(made.keys)) {
    const after = await call(t, app, 'GET', '/api/v1/collections', { key })
    t.same([after.status, after.body], [401, UNAUTHORIZED('Invalid API key')], 'its keys are gone')
  }
  t.same(app.db.prepare('SELECT COUNT(*) AS n FROM api_keys WHERE workspace_id = ?').get(made.workspace.id), { n: 0 })
  const again = await admin(t, app, 'DELETE', `/_emulator/workspaces/${made.workspace.id}`)
  t.same([again.status, again.body], [404, NOT_FOUND(`Workspace ${made.workspace.id} not found`)])
  const reset = await admin(t, app, 'POST', `/_emulator/workspaces/${made.workspace.id}/reset`)
  t.same([reset.status, reset.body], [404, NOT_FOUND(`Workspace ${made.workspace.id} not found`)], 'a deleted admin workspace cannot be reset')
})

t.test('POST /_emulator/workspaces/{id}/reset', async (t) => {
  t.test('an admin-made workspace returns to its state at creation, keys included', async (t) => {
    const app = await fresh()
    const made = await createWorkspace(t, app, { fixtures: 'demo' })
    const before = await readEverything(t, app, made.keys.personal)
    const listed = await admin(t, app, 'GET', `/_emulator/keys?workspaceId=${made.workspace.id}`)
    const changes = [
      await call(t, app, 'POST', '/api/v1/collections', { key: made.keys.personal, body: { name: 'scratch' } }),
      await call(t, app, 'DELETE', '/api/v1/scenes/scnShapes01', { key: made.keys.personal }),
      await admin(t, app, 'DELETE', `/_emulator/keys/${listed.body.data[0].id}`),
      await admin(t, app, 'POST', '/_emulator/keys', { body: { workspaceId: made.workspace.id, kind: 'workspace', permission: 'read' } })
    ]
    t.same(changes.map((c) => c.status), [200, 200, 200, 200], 'every change was made')
    t.not((await readEverything(t, app, made.keys.personal)).join(), before.join())
    const res = await admin(t, app, 'POST', `/_emulator/workspaces/${made.workspace.id}/reset`)
    t.same([res.status, res.body], [200, { workspace: { id: made.workspace.id, name: 'Test Workspace' }, restoredFrom: 'creation' }])
    t.same(await readEverything(t, app, made.keys.personal), before)
    t.equal((await call(t, app, 'GET', '/api/v1/collections', { key: made.keys.full })).status, 200, 'the revoked starter key works again')
    t.same((await admin(t, app, 'GET', `/_emulator/keys?workspaceId=${made.workspace.id}`)).body, listed.body, 'the key added later is gone')
  })

  t.test('a fixture workspace returns to its fixtures, even after a delete; others are untouched', async (t) => {
    const app = await fresh()
    const loaded = await readEverything(t, app, KEYS.admin)
    const other = await readEverything(t, app, KEYS.other)
    t.equal((await call(t, app, 'POST', '/api/v1/collections', { key: KEYS.admin, body: { name: 'scratch' } })).status, 200)
    t.equal((await call(t, app, 'POST', '/api/v1/collections', { key: KEYS.other, body: { name: 'kept' } })).status, 200)
    const res = await admin(t, app, 'POST', '/_emulator/workspaces/wsMain00001/reset')
    t.same([res.status, res.body], [200, { workspace: { id: 'wsMain00001', name: 'Test Workspace' }, restoredFrom: 'fixtures' }])
    t.same(await readEverything(t, app, KEYS.admin), loaded)
    t.not((await readEverything(t, app, KEYS.other))[0], other[0], 'the other fixture workspace keeps its change')

    await admin(t, app, 'DELETE', '/_emulator/workspaces/wsMain00001')
    t.equal((await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.admin })).status, 401)
    t.equal((await admin(t, app, 'POST', '/_emulator/workspaces/wsMain00001/reset')).status, 200)
    t.same(await readEverything(t, app, KEYS.admin), loaded, 'recreated from the fixtures with its keys')
  })

  t.test('404 for an unknown workspace, 409 for one this process did not create', async (t) => {
    const app = await fresh()
    const unknown = await admin(t, app, 'POST', '/_emulator/workspaces/nope/reset')
    t.same([unknown.status, unknown.body], [404, NOT_FOUND('Workspace nope not found')])
    // As a workspace left in a reused EMULATOR_DB file by an earlier process would be.
    app.stores.workspaces.insert({ id: 'wsLeftOver1', name: 'old', created: NOW_ISO, picture: null, subscriptionStatus: 'active', creator: null, updater: null, willCancelAt: null }, null)
    const leftOver = await admin(t, app, 'POST', '/_emulator/workspaces/wsLeftOver1/reset')
    t.same([leftOver.status, leftOver.body], [409, {
      statusCode: 409, error: 'Conflict',
      message: 'Workspace wsLeftOver1 was not created by this emulator process, so there is no creation state to reset it to; reset the whole emulator or restore a snapshot'
    }])
  })
})

t.test('the admin token', async (t) => {
  const app = await build(t, { adminToken: 'let-me-in' })
  const missing = await admin(t, app, 'POST', '/_emulator/workspaces', { token: null })
  t.same([missing.status, missing.body], [401, UNAUTHORIZED('This admin route needs the admin token: send "Authorization: Bearer <token>" with the EMULATOR_ADMIN_TOKEN value (API keys do not open the admin API)')])
  const wrong = await admin(t, app, 'POST', '/_emulator/workspaces', { token: 'let-me-out' })
  t.same([wrong.status, wrong.body], [401, UNAUTHORIZED('Wrong admin token: send the EMULATOR_ADMIN_TOKEN value (API keys do not open the admin API)')])
  const malformed = await admin(t, app, 'DELETE', '/_emulator/workspaces/wsMain00001', { headers: { authorization: 'Basic x' } })
  t.same([malformed.status, malformed.body], [401, UNAUTHORIZED('Malformed Authorization header: expected "Bearer <token>" with the EMULATOR_ADMIN_TOKEN value')])
  t.equal(app.stores.workspaces.list().length, 2, 'nothing happened')
  const right = await admin(t, app, 'POST', '/_emulator/workspaces', { token: 'let-me-in' })
  t.equal(right.status, 200)
  const health = await app.inject({ method: 'GET', url: '/_emulator/health' })
  t.equal(health.statusCode, 200, 'health stays open for container health checks')
})
