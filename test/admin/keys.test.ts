// /_emulator/keys: mint workspace and personal keys (secret shown once), list without secrets, revoke.
import t from 'tap'
import { KEYS, NOW, call, sharedApp } from '../helper.js'
import { BAD_REQUEST, NOT_FOUND, UNAUTHORIZED, admin } from './admin-helper.js'

const fresh = sharedApp(t)

const NOW_ISO = new Date(NOW).toISOString()
const KEY_ID = /^key_[A-Za-z0-9]{11}$/

t.test('POST /_emulator/keys', async (t) => {
  t.test('a workspace key: sk- prefix, the secret in this answer only, and it works at once', async (t) => {
    const app = await fresh()
    const res = await admin(t, app, 'POST', '/_emulator/keys', { body: { workspaceId: 'wsMain00001', kind: 'workspace', permission: 'full', label: 'ci' } })
    t.equal(res.status, 200)
    t.match(res.body.id, KEY_ID)
    t.match(res.body.key, /^sk-[A-Za-z0-9]{32}$/)
    t.same(res.body, {
      id: res.body.id, workspaceId: 'wsMain00001', kind: 'workspace', permission: 'full', userId: null, routes: null,
      expiresAt: null, revokedAt: null, createdAt: NOW_ISO, label: 'ci', hint: `${res.body.key.slice(0, 7)}…`, key: res.body.key
    })
    t.equal((await call(t, app, 'POST', '/api/v1/collections', { key: res.body.key, body: { name: 'made' } })).status, 200)
    const listed = await admin(t, app, 'GET', '/_emulator/keys?workspaceId=wsMain00001')
    t.notOk(listed.raw.includes(res.body.key), 'the list never shows the secret')
  })

  t.test('a personal key: uk- prefix, acts as its user and sees the private collection', async (t) => {
    const app = await fresh()
    const res = await admin(t, app, 'POST', '/_emulator/keys', { body: { workspaceId: 'wsMain00001', kind: 'personal', permission: 'read', userId: 'usrMember01' } })
    t.same(res.body, {
      id: res.body.id, workspaceId: 'wsMain00001', kind: 'personal', permission: 'read', userId: 'usrMember01', routes: null,
      expiresAt: null, revokedAt: null, createdAt: NOW_ISO, label: null, hint: `${res.body.key.slice(0, 7)}…`, key: res.body.key
    })
    t.match(res.body.key, /^uk-[A-Za-z0-9]{32}$/)
    const collections = await call(t, app, 'GET', '/api/v1/collections', { key: res.body.key })
    t.same(collections.body.data.map((c: { id: string, creator: string }) => [c.id, c.creator]),
      [['private', 'usrMember01'], ['colDefault1', 'usrAdmin001'], ['colSecond01', 'usrAdmin001']])
    const write = await call(t, app, 'POST', '/api/v1/collections', { key: res.body.key, body: { name: 'x' } })
    t.equal(write.status, 403, 'read permission holds')
  })

  t.test('routes and expiry restrict the key', async (t) => {
    const app = await fresh()
    const hour = 3_600_000
    const res = await admin(t, app, 'POST', '/_emulator/keys', {
      body: { workspaceId: 'wsMain00001', kind: 'workspace', permission: 'full', routes: ['GET /scenes'], expiresAt: new Date(NOW + hour).toISOString() }
    })
    t.same([res.body.routes, res.body.expiresAt], [['GET /scenes'], new Date(NOW + hour).toISOString()])
    t.equal((await call(t, app, 'GET', '/api/v1/scenes', { key: res.body.key })).status, 200)
    const other = await call(t, app, 'GET', '/api/v1/collections', { key: res.body.key })
    t.same([other.status, other.body.message], [403, 'Missing permission: this API key may not call GET /collections'])
    app.clock.advance(hour)
    const expired = await call(t, app, 'GET', '/api/v1/scenes', { key: res.body.key })
    t.same([expired.status, expired.body], [401, UNAUTHORIZED(`API key expired at ${new Date(NOW + hour).toISOString()}`)])

    const epoch = await admin(t, app, 'POST', '/_emulator/keys', { body: { workspaceId: 'wsMain00001', kind: 'workspace', permission: 'read', expiresAt: NOW } })
    t.equal(epoch.body.expiresAt, NOW_ISO, 'epoch milliseconds are accepted too')
  })

  t.test('404 for an unknown workspace or a user of another workspace; nothing is stored', async (t) => {
    const app = await fresh()
    const count = () => app.db.prepare('SELECT COUNT(*) AS n FROM api_keys').get()
    const before = count()
    const noWorkspace = await admin(t, app, 'POST', '/_emulator/keys', { body: { workspaceId: 'wsNope', kind: 'workspace', permission: 'full' } })
    t.same([noWorkspace.status, noWorkspace.body], [404, NOT_FOUND('Workspace wsNope not found')])
    const foreign = await admin(t, app, 'POST', '/_emulator/keys', { body: { workspaceId: 'wsMain00001', kind: 'personal', permission: 'full', userId: 'usrOther001' } })
    t.same([foreign.status, foreign.body], [404, NOT_FOUND('User usrOther001 not found')])
    t.same(count(), before)
  })

  t.test('400 on a bad body', async (t) => {
    const app = await fresh()
    const base = { workspaceId: 'wsMain00001', kind: 'workspace', permission: 'full' }
    const cases: Array<[unknown, string]> = [
      [{ ...base, kind: 'personal' }, "body must have required property 'userId' for a personal key"],
      [{ ...base, userId: 'usrAdmin001' }, 'body/userId is only allowed for personal keys'],
      [{ ...base, permission: 'admin' }, 'body/permission must be equal to one of the allowed values: "read", "full"'],
      [{ workspaceId: 'wsMain00001', permission: 'full' }, "body must have required property 'kind'"],
      [{ ...base, secret: 'sk-mine' }, "body must NOT have additional property 'secret'"],
      [{ ...base, routes: ['scenes'] }, 'body/routes/0 must match pattern "^(\\*|GET|POST|PUT|PATCH|DELETE) /\\S*$"'],
      [{ ...base, workspaceId: '' }, 'body/workspaceId must NOT have fewer than 1 characters']
    ]
    for (const [body, message] of cases) {
      const res = await admin(t, app, 'POST', '/_emulator/keys', { body })
      t.same([res.status, res.body], [400, BAD_REQUEST(message)], JSON.stringify(body))
    }
    const badDate = await admin(t, app, 'POST', '/_emulator/keys', { body: { ...base, expiresAt: 'tomorrow' } })
    t.equal(badDate.status, 400, 'expiresAt must be a date-time or epoch ms')
  })
})

t.test('GET /_emulator/keys', async (t) => {
  const app = await fresh()
  t.test('lists the fixture keys in order, without secrets', async (t) => {
    const res = await admin(t, app, 'GET', '/_emulator/keys?workspaceId=wsMain00001')
    const created = '2026-01-01T00:00:00.000Z'
    const key = (id: string, hint: string, extra: object = {}) => ({
      id, workspaceId: 'wsMain00001', kind: 'workspace', permission: 'full', userId: null, routes: null,
      expiresAt: null, revokedAt: null, createdAt: created, label: null, hint, ...extra
    })
    t.same([res.status, res.body], [200, {
      data: [
        key('key_test_full', 'sk-test…'),
        key('key_test_read', 'sk-test…', { permission: 'read' }),
        key('key_test_admin', 'uk-test…', { kind: 'personal', userId: 'usrAdmin001' }),
        key('key_test_member', 'uk-test…', { kind: 'personal', userId: 'usrMember01' }),
        key('key_test_expired', 'sk-test…', { expiresAt: '2026-03-01T00:00:00.000Z' }),
        key('key_test_revoked', 'sk-test…', { revokedAt: created }),
        key('key_test_scenes', 'sk-test…', { routes: ['GET /scenes', '* /scenes/{sceneId}'] })
      ]
    }])
  })
  t.test('400 without workspaceId, 404 for an unknown one', async (t) => {
    const missing = await admin(t, app, 'GET', '/_emulator/keys')
    t.same([missing.status, missing.body], [400, BAD_REQUEST("querystring must have required property 'workspaceId'")])
    const unknown = await admin(t, app, 'GET', '/_emulator/keys?workspaceId=wsNope')
    t.same([unknown.status, unknown.body], [404, NOT_FOUND('Workspace wsNope not found')])
  })
})

t.test('DELETE /_emulator/keys/{id}', async (t) => {
  const app = await fresh()
  t.equal((await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.full })).status, 200)
  const res = await admin(t, app, 'DELETE', '/_emulator/keys/key_test_full')
  t.same([res.status, res.body], [200, {
    id: 'key_test_full', workspaceId: 'wsMain00001', kind: 'workspace', permission: 'full', userId: null, routes: null,
    expiresAt: null, revokedAt: NOW_ISO, createdAt: '2026-01-01T00:00:00.000Z', label: null, hint: 'sk-test…'
  }])
  const after = await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.full })
  t.same([after.status, after.body], [401, UNAUTHORIZED('API key has been revoked')], 'the next request is refused')
  app.clock.advance(1000)
  const again = await admin(t, app, 'DELETE', '/_emulator/keys/key_test_full')
  t.same([again.status, again.body], [200, res.body], 'revoking twice keeps the first revocation time')
  const unknown = await admin(t, app, 'DELETE', '/_emulator/keys/key_nope')
  t.same([unknown.status, unknown.body], [404, NOT_FOUND('API key key_nope not found')])
  t.equal((await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.read })).status, 200, 'other keys still work')
})
