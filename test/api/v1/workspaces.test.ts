// /workspaces: the key's workspace, rename and avatar changes by admins, and the audit entries they append.
import t from 'tap'
import { KEYS, call, errorBody, sharedApp } from '../../helper.js'
import { UUID, apiEntry, logCount, newestLogs } from './audit-expect.js'

const fresh = sharedApp(t)

const badRequest = (message: string) => errorBody(400, 'Bad Request', message)
const forbidden = (message: string) => errorBody(403, 'Forbidden', message)

const workspace = {
  id: 'wsMain00001',
  users: ['usrAdmin001', 'usrMember01'],
  roles: { usrAdmin001: 'admin', usrMember01: 'member' },
  name: 'Test Workspace',
  created: '2026-01-01T00:00:00.000Z',
  picture: null,
  subscriptionStatus: 'active',
  creator: 'usrAdmin001',
  updater: null,
  willCancelAt: null,
  preferences: { userApiKeysEnabled: true }
}

t.test('GET /workspaces', async (t) => {
  const app = await fresh()
  for (const key of [KEYS.full, KEYS.read, KEYS.admin, KEYS.member]) {
    const res = await call(t, app, 'GET', '/api/v1/workspaces', { key })
    t.same([res.status, res.body], [200, workspace], `${key}: every key reads its workspace`)
  }
  const other = await call(t, app, 'GET', '/api/v1/workspaces', { key: KEYS.other })
  t.same([other.status, other.body.id, other.body.users], [200, 'wsOther0001', ['usrOther001']], 'a key sees only its own workspace')
  const anonymous = await call(t, app, 'GET', '/api/v1/workspaces', { key: null })
  t.equal(anonymous.status, 401)
})

t.test('PATCH /workspaces', async (t) => {
  t.test('a rename is audited as workspace:rename, with the acting user as updater', async (t) => {
    const app = await fresh()
    const res = await call(t, app, 'PATCH', '/api/v1/workspaces', { key: KEYS.admin, body: { name: 'Renamed' } })
    t.same([res.status, res.body], [200, { ...workspace, name: 'Renamed', updater: 'usrAdmin001' }])
    t.same((await call(t, app, 'GET', '/api/v1/workspaces')).body, res.body, 'stored')
    const [entry] = await newestLogs(t, app, 1)
    t.match(entry.id, UUID)
    t.same(entry, apiEntry(entry.id, 'workspace:rename', 'update', { changes: { name: 'Renamed' }, previous: { name: 'Test Workspace' } }))
  })

  t.test('a picture change is workspace:avatar, and null clears it', async (t) => {
    const app = await fresh()
    const set = await call(t, app, 'PATCH', '/api/v1/workspaces', { key: KEYS.admin, body: { picture: 'https://img.test.example/ws.png' } })
    t.same(set.body, { ...workspace, picture: 'https://img.test.example/ws.png', updater: 'usrAdmin001' })
    const cleared = await call(t, app, 'PATCH', '/api/v1/workspaces', { key: KEYS.admin, body: { picture: null } })
    t.same(cleared.body, { ...workspace, updater: 'usrAdmin001' })
    const [second, first] = await newestLogs(t, app, 2)
    t.same(first, apiEntry(first.id, 'workspace:avatar', 'update', { changes: { picture: 'https://img.test.example/ws.png' }, previous: { picture: null } }))
    t.same(second, apiEntry(second.id, 'workspace:avatar', 'update', { changes: { picture: null }, previous: { picture: 'https://img.test.example/ws.png' } }))
  })

  t.test('both at once is plain workspace; a workspace key leaves no user on the entry', async (t) => {
    const app = await fresh()
    const res = await call(t, app, 'PATCH', '/api/v1/workspaces', { body: { name: 'Both', picture: 'https://img.test.example/b.png' } })
    t.same(res.body, { ...workspace, name: 'Both', picture: 'https://img.test.example/b.png', updater: null })
    const [entry] = await newestLogs(t, app, 1)
    t.same(entry, apiEntry(entry.id, 'workspace', 'update', {
      changes: { name: 'Both', picture: 'https://img.test.example/b.png' }, previous: { name: 'Test Workspace', picture: null }
    }, 'full'))
  })

  t.test('an empty, absent or unchanged body answers the workspace as is, unaudited', async (t) => {
    const app = await fresh()
    for (const options of [{ body: {} }, {}, { body: { name: 'Test Workspace' } }]) {
      const res = await call(t, app, 'PATCH', '/api/v1/workspaces', { key: KEYS.admin, ...options })
      t.same([res.status, res.body], [200, workspace], JSON.stringify(options))
    }
    t.equal(await logCount(t, app), 2, 'only the fixture entries')
  })

  t.test('400 on a bad body, and nothing changes', async (t) => {
    const app = await fresh()
    const cases: Array<[unknown, string]> = [
      [{ name: 'x', preferences: {} }, "body must NOT have additional property 'preferences'"],
      [{ name: 5 }, 'body/name must be string'],
      [{ picture: 'not a url' }, 'body/picture must match format "uri"'],
      [[], 'body must be object']
    ]
    for (const [body, message] of cases) {
      const res = await call(t, app, 'PATCH', '/api/v1/workspaces', { key: KEYS.admin, body })
      t.same([res.status, res.body], [400, badRequest(message)], JSON.stringify(body))
    }
    t.same((await call(t, app, 'GET', '/api/v1/workspaces')).body, workspace)
    t.equal(await logCount(t, app), 2)
  })

  t.test('403 for a member\'s personal key and for a read key', async (t) => {
    const app = await fresh()
    const member = await call(t, app, 'PATCH', '/api/v1/workspaces', { key: KEYS.member, body: { name: 'Mine' } })
    t.same([member.status, member.body], [403, forbidden('Missing permission: this action needs a workspace admin')])
    const read = await call(t, app, 'PATCH', '/api/v1/workspaces', { key: KEYS.read, body: { name: 'Mine' } })
    t.same([read.status, read.body], [403, forbidden('Missing permission: this API key is read-only and cannot PATCH')])
    t.same((await call(t, app, 'GET', '/api/v1/workspaces')).body, workspace)
  })
})
