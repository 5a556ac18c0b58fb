// /workspaces/users: lists and reads, updates (role changes, preferences merge), removal with key revocation,
// the last-admin rule, admin-only writes, and the audit entries the writes append.
import t from 'tap'
import { KEYS, NOW, call, errorBody, sharedApp } from '../../helper.js'
import { NOW_ISO, apiEntry, logCount, newestLogs } from './audit-expect.js'

const fresh = sharedApp(t)

const badRequest = (message: string) => errorBody(400, 'Bad Request', message)
const forbidden = (message: string) => errorBody(403, 'Forbidden', message)
const notFound = (message: string) => errorBody(404, 'Not Found', message)

const alice = {
  created: '2026-01-01T00:00:00.000Z', uid: 'uid-usrAdmin001', id: 'usrAdmin001', picture: null, email: 'alice@test.example',
  name: 'Alice Admin', updated: null, workspaceTeams: {}, lastActive: null, role: 'admin'
}
const bob = {
  created: '2026-01-02T00:00:00.000Z', uid: 'uid-usrMember01', id: 'usrMember01', picture: null, email: 'bob@test.example',
  name: 'Bob Member', updated: null, workspaceTeams: {}, lastActive: null, role: 'member'
}

t.test('GET /workspaces/users', async (t) => {
  const app = await fresh()
  t.test('lists the workspace\'s users in joining order', async (t) => {
    const res = await call(t, app, 'GET', '/api/v1/workspaces/users')
    t.same([res.status, res.body], [200, { limit: 10, offset: 0, hasNextPage: false, data: [alice, bob] }])
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/users?limit=1')).body, { limit: 1, offset: 0, hasNextPage: true, data: [alice] })
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/users?limit=1&offset=1')).body, { limit: 1, offset: 1, hasNextPage: false, data: [bob] })
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/users', { key: KEYS.other })).body.data.map((u: any) => u.id), ['usrOther001'])
  })
  t.test('memberReads=deny (the official CLI: admins only): a member\'s personal key gets 403; read keys act as admins', async (t) => {
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/users', { key: KEYS.read })).body.data, [alice, bob])
    const member = await call(t, app, 'GET', '/api/v1/workspaces/users', { key: KEYS.member })
    t.same([member.status, member.body], [403, errorBody(403, 'Forbidden', 'Missing permission: this action needs a workspace admin')])
  })
  t.test('400 on paging out of range', async (t) => {
    const res = await call(t, app, 'GET', '/api/v1/workspaces/users?limit=101')
    t.same([res.status, res.body], [400, badRequest('querystring/limit must be <= 100')])
  })
})

t.test('GET /workspaces/users/:userId', async (t) => {
  const app = await fresh()
  t.same((await call(t, app, 'GET', '/api/v1/workspaces/users/usrMember01', { key: KEYS.admin })).body, bob)
  t.equal((await call(t, app, 'GET', '/api/v1/workspaces/users/usrMember01', { key: KEYS.member })).status, 403, 'memberReads=deny: even one\'s own record')
  const missing = await call(t, app, 'GET', '/api/v1/workspaces/users/usrNope0001')
  t.same([missing.status, missing.body], [404, notFound('User usrNope0001 not found')], 'undeclared 404, in the envelope')
  const foreign = await call(t, app, 'GET', '/api/v1/workspaces/users/usrOther001')
  t.same([foreign.status, foreign.body], [404, notFound('User usrOther001 not found')], 'another workspace\'s user')
})

t.test('PATCH /workspaces/users/:userId', async (t) => {
  t.test('updates profile fields, stamps updated, audits workspace:user', async (t) => {
    const app = await fresh()
    const body = { name: 'Robert', picture: 'https://img.test.example/bob.png', workspaceTeams: { design: ['colSecond01'] } }
    const res = await call(t, app, 'PATCH', '/api/v1/workspaces/users/usrMember01', { key: KEYS.admin, body })
    const updated = { ...bob, ...body, updated: NOW_ISO }
    t.same([res.status, res.body], [200, updated])
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/users/usrMember01')).body, updated, 'stored')
    const [entry] = await newestLogs(t, app, 1)
    t.same(entry, apiEntry(entry.id, 'workspace:user', 'update', { userId: 'usrMember01', changes: body }))
  })

  t.test('INFER: preferences merge key by key; workspaceTeams is replaced whole', async (t) => {
    const app = await fresh()
    const url = '/api/v1/workspaces/users/usrMember01'
    await call(t, app, 'PATCH', url, { key: KEYS.admin, body: { preferences: { theme: 'dark' }, workspaceTeams: { a: ['x'] } } })
    const res = await call(t, app, 'PATCH', url, { key: KEYS.admin, body: { preferences: { locale: 'de', theme: 'light' }, workspaceTeams: { b: [] } } })
    t.same(res.body, { ...bob, preferences: { theme: 'light', locale: 'de' }, workspaceTeams: { b: [] }, updated: NOW_ISO })
    const [entry] = await newestLogs(t, app, 1)
    t.same(entry.details, { userId: 'usrMember01', changes: { preferences: { theme: 'light', locale: 'de' }, workspaceTeams: { b: [] } } })
  })

  t.test('a role change is audited as workspace:user:role and shows in the workspace', async (t) => {
    const app = await fresh()
    const res = await call(t, app, 'PATCH', '/api/v1/workspaces/users/usrMember01', { key: KEYS.admin, body: { role: 'admin' } })
    t.same(res.body, { ...bob, role: 'admin', updated: NOW_ISO })
    t.same((await call(t, app, 'GET', '/api/v1/workspaces')).body.roles, { usrAdmin001: 'admin', usrMember01: 'admin' })
    const [entry] = await newestLogs(t, app, 1)
    t.same(entry, apiEntry(entry.id, 'workspace:user:role', 'update', { userId: 'usrMember01', role: 'admin', previousRole: 'member' }))
    const promoted = await call(t, app, 'PATCH', '/api/v1/workspaces', { key: KEYS.member, body: { name: 'By Bob' } })
    t.equal(promoted.status, 200, 'the promoted user\'s personal key now acts as an admin')
  })

  t.test('a role change with other fields appends one entry of each action', async (t) => {
    const app = await fresh()
    await call(t, app, 'PATCH', '/api/v1/workspaces/users/usrMember01', { body: { role: 'admin', name: 'Boss Bob' } })
    const [role, other] = await newestLogs(t, app, 2)
    t.same(other, apiEntry(other.id, 'workspace:user:role', 'update', { userId: 'usrMember01', role: 'admin', previousRole: 'member' }, 'full'))
    t.same(role, apiEntry(role.id, 'workspace:user', 'update', { userId: 'usrMember01', changes: { name: 'Boss Bob' } }, 'full'))
  })

  t.test('400 when the last admin would be demoted; fine once another admin exists', async (t) => {
    const app = await fresh()
    const res = await call(t, app, 'PATCH', '/api/v1/workspaces/users/usrAdmin001', { key: KEYS.admin, body: { role: 'member' } })
    t.same([res.status, res.body], [400, badRequest('The last admin of the workspace cannot be demoted: make another user admin first')])
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/users/usrAdmin001')).body, alice, 'unchanged')
    t.equal(await logCount(t, app), 2, 'nothing audited')
    await call(t, app, 'PATCH', '/api/v1/workspaces/users/usrMember01', { key: KEYS.admin, body: { role: 'admin' } })
    const demoted = await call(t, app, 'PATCH', '/api/v1/workspaces/users/usrAdmin001', { key: KEYS.admin, body: { role: 'member' } })
    t.same([demoted.status, demoted.body], [200, { ...alice, role: 'member', updated: NOW_ISO }])
    const again = await call(t, app, 'PATCH', '/api/v1/workspaces/users/usrMember01', { key: KEYS.member, body: { role: 'member' } })
    t.same([again.status, again.body], [400, badRequest('The last admin of the workspace cannot be demoted: make another user admin first')])
  })

  t.test('an empty, absent or unchanged body answers the user as is, unaudited', async (t) => {
    const app = await fresh()
    for (const options of [{ body: {} }, {}, { body: { name: 'Bob Member', role: 'member', preferences: {} } }]) {
      const res = await call(t, app, 'PATCH', '/api/v1/workspaces/users/usrMember01', { key: KEYS.admin, ...options })
      t.same([res.status, res.body], [200, bob], JSON.stringify(options))
    }
    t.equal(await logCount(t, app), 2)
  })

  t.test('400 on a bad body (undeclared here, in the envelope); email cannot change', async (t) => {
    const app = await fresh()
    const cases: Array<[unknown, string]> = [
      [{ email: 'robert@test.example' }, "body must NOT have additional property 'email'"],
      [{ role: 'owner' }, 'body/role must be equal to one of the allowed values: "member", "admin"'],
      [{ preferences: { theme: 'blue' } }, 'body/preferences/theme must be equal to one of the allowed values: "light", "dark", "system"'],
      [{ preferences: { fontSize: 3 } }, "body/preferences must NOT have additional property 'fontSize'"],
      [{ workspaceTeams: { a: 'b' } }, 'body/workspaceTeams/a must be array'],
      [{ picture: 'nope' }, 'body/picture must match format "uri"']
    ]
    for (const [body, message] of cases) {
      const res = await call(t, app, 'PATCH', '/api/v1/workspaces/users/usrMember01', { key: KEYS.admin, body })
      t.same([res.status, res.body], [400, badRequest(message)], JSON.stringify(body))
    }
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/users/usrMember01')).body, bob)
  })

  t.test('404 for an unknown user, 403 for a member\'s key or a read key', async (t) => {
    const app = await fresh()
    const missing = await call(t, app, 'PATCH', '/api/v1/workspaces/users/usrNope0001', { body: { name: 'x' } })
    t.same([missing.status, missing.body], [404, notFound('User usrNope0001 not found')])
    const member = await call(t, app, 'PATCH', '/api/v1/workspaces/users/usrMember01', { key: KEYS.member, body: { role: 'admin' } })
    t.same([member.status, member.body], [403, forbidden('Missing permission: this action needs a workspace admin')], 'no self-promotion')
    const read = await call(t, app, 'PATCH', '/api/v1/workspaces/users/usrMember01', { key: KEYS.read, body: { name: 'x' } })
    t.same([read.status, read.body], [403, forbidden('Missing permission: this API key is read-only and cannot PATCH')])
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/users/usrMember01')).body, bob)
  })
})

t.test('DELETE /workspaces/users/:userId', async (t) => {
  t.test('removes the user, revokes their personal keys, audits workspace:user', async (t) => {
    const app = await fresh()
    t.equal((await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.member })).status, 200, 'Bob\'s key works before')
    const res = await call(t, app, 'DELETE', '/api/v1/workspaces/users/usrMember01', { key: KEYS.admin })
    t.same([res.status, res.body], [200, {}])
    const afterwards = await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.member })
    t.same([afterwards.status, afterwards.body], [401, errorBody(401, 'Unauthorized', 'API key has been revoked')], 'Bob\'s key is revoked')
    t.equal(app.stores.apiKeys.get('key_test_member')?.revokedAt, NOW, 'revoked in the key store, not only refused')
    t.equal((await call(t, app, 'GET', '/api/v1/workspaces/users/usrMember01')).status, 404)
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/users')).body.data, [alice])
    const ws = (await call(t, app, 'GET', '/api/v1/workspaces')).body
    t.same([ws.users, ws.roles], [['usrAdmin001'], { usrAdmin001: 'admin' }], 'gone from users and roles')
    const [entry] = await newestLogs(t, app, 1)
    t.same(entry, apiEntry(entry.id, 'workspace:user', 'delete', {
      userId: 'usrMember01', email: 'bob@test.example', name: 'Bob Member', role: 'member', revokedKeys: 1
    }))
    const again = await call(t, app, 'DELETE', '/api/v1/workspaces/users/usrMember01', { key: KEYS.admin })
    t.same([again.status, again.body], [404, notFound('User usrMember01 not found')], 'a second removal is a 404')
  })

  t.test('400 when the last admin would be removed; fine once another admin exists', async (t) => {
    const app = await fresh()
    const res = await call(t, app, 'DELETE', '/api/v1/workspaces/users/usrAdmin001')
    t.same([res.status, res.body], [400, badRequest('The last admin of the workspace cannot be removed: make another user admin first')])
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/users/usrAdmin001')).body, alice, 'still there')
    t.equal(await logCount(t, app), 2, 'nothing audited')
    await call(t, app, 'PATCH', '/api/v1/workspaces/users/usrMember01', { body: { role: 'admin' } })
    const removed = await call(t, app, 'DELETE', '/api/v1/workspaces/users/usrAdmin001', { key: KEYS.admin })
    t.same([removed.status, removed.body], [200, {}], 'an admin may remove themself when another admin remains')
    t.equal((await call(t, app, 'GET', '/api/v1/workspaces', { key: KEYS.admin })).status, 401, 'and their key stops working')
    const [entry] = await newestLogs(t, app, 1)
    t.same(entry.details, { userId: 'usrAdmin001', email: 'alice@test.example', name: 'Alice Admin', role: 'admin', revokedKeys: 1 })
    t.equal(entry.user_id, 'usrAdmin001', 'the entry names who acted, even when they removed themself')
  })

  t.test('404 for an unknown user, 403 for a member\'s key or a read key', async (t) => {
    const app = await fresh()
    const missing = await call(t, app, 'DELETE', '/api/v1/workspaces/users/usrNope0001')
    t.same([missing.status, missing.body], [404, notFound('User usrNope0001 not found')])
    const member = await call(t, app, 'DELETE', '/api/v1/workspaces/users/usrAdmin001', { key: KEYS.member })
    t.same([member.status, member.body], [403, forbidden('Missing permission: this action needs a workspace admin')])
    const read = await call(t, app, 'DELETE', '/api/v1/workspaces/users/usrMember01', { key: KEYS.read })
    t.same([read.status, read.body], [403, forbidden('Missing permission: this API key is read-only and cannot DELETE')])
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/users')).body.data, [alice, bob])
  })
})
