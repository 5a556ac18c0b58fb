// /workspaces/invites: lists and reads, email and link invites, the anyOf body's messages, the update and
// revoke rules, admin-only writes, and the audit entries the writes append.
import t from 'tap'
import { KEYS, call, errorBody, sharedApp } from '../../helper.js'
import { NOW_ISO, apiEntry, logCount, newestLogs } from './audit-expect.js'

const fresh = sharedApp(t)

const badRequest = (message: string) => errorBody(400, 'Bad Request', message)
const forbidden = (message: string) => errorBody(403, 'Forbidden', message)
const notFound = (message: string) => errorBody(404, 'Not Found', message)
const SHAPES = ' (expected an email invite {role, email} or a link invite {role, maxUses?, restrictedDomains?})'
const badInvite = (message: string) => badRequest(message + SHAPES)

const emailInvite = {
  id: 'invEmail001', created: '2026-02-01T00:00:00.000Z', type: 'email', status: 'pending', email: 'carol@test.example',
  role: 'member', resolvedAt: null, redeemedBy: null, restrictedDomains: null
}
const linkInvite = {
  id: 'invLink0001', created: '2026-02-02T00:00:00.000Z', type: 'link', status: 'pending', email: null,
  role: 'member', resolvedAt: null, redeemedBy: null, maxUses: 'unlimited', uses: 0, restrictedDomains: ['test.example']
}
const redeemed = {
  id: 'invDone0001', created: '2026-01-05T00:00:00.000Z', type: 'email', status: 'redeemed', email: 'bob@test.example',
  role: 'member', resolvedAt: '2026-01-06T00:00:00.000Z', redeemedBy: 'usrMember01', restrictedDomains: null
}

t.test('GET /workspaces/invites', async (t) => {
  const app = await fresh()
  const res = await call(t, app, 'GET', '/api/v1/workspaces/invites')
  // Pending and active invites only, as the docs say: the redeemed one stays readable by id (below).
  t.same([res.status, res.body], [200, { limit: 10, offset: 0, hasNextPage: false, data: [emailInvite, linkInvite] }])
  t.same((await call(t, app, 'GET', '/api/v1/workspaces/invites?limit=2&offset=1')).body, { limit: 2, offset: 1, hasNextPage: false, data: [linkInvite] })
  t.same((await call(t, app, 'GET', '/api/v1/workspaces/invites?limit=1')).body, { limit: 1, offset: 0, hasNextPage: true, data: [emailInvite] })
  const member = await call(t, app, 'GET', '/api/v1/workspaces/invites', { key: KEYS.member })
  t.same([member.status, member.body], [403, forbidden('Missing permission: this action needs a workspace admin')], 'memberReads=deny: admins only')
  t.same((await call(t, app, 'GET', '/api/v1/workspaces/invites', { key: KEYS.other })).body.data, [], 'per workspace')
  const bad = await call(t, app, 'GET', '/api/v1/workspaces/invites?offset=-1')
  t.same([bad.status, bad.body], [400, badRequest('querystring/offset must be >= 0')])
})

t.test('GET /workspaces/invites/:inviteId', async (t) => {
  const app = await fresh()
  t.same((await call(t, app, 'GET', '/api/v1/workspaces/invites/invLink0001', { key: KEYS.admin })).body, linkInvite)
  t.same((await call(t, app, 'GET', '/api/v1/workspaces/invites/invDone0001')).body, redeemed, 'a redeemed invite is read by id')
  t.equal((await call(t, app, 'GET', '/api/v1/workspaces/invites/invLink0001', { key: KEYS.member })).status, 403, 'memberReads=deny')
  const missing = await call(t, app, 'GET', '/api/v1/workspaces/invites/invNope0001')
  t.same([missing.status, missing.body], [404, notFound('Invite invNope0001 not found')])
})

t.test('POST /workspaces/invites', async (t) => {
  t.test('an email invite: pending, without usage fields, audited as workspace:invite', async (t) => {
    const app = await fresh()
    const res = await call(t, app, 'POST', '/api/v1/workspaces/invites', { key: KEYS.admin, body: { role: 'admin', email: 'dave@test.example' } })
    t.equal(res.status, 200, 'creates answer 200')
    t.match(res.body.id, /^[A-Za-z0-9]{11}$/)
    const created = {
      id: res.body.id, created: NOW_ISO, type: 'email', status: 'pending', email: 'dave@test.example', role: 'admin',
      resolvedAt: null, redeemedBy: null, restrictedDomains: null
    }
    t.notOk('maxUses' in res.body || 'uses' in res.body, 'no usage fields: email invites have no usage limit (12.4)')
    t.same(res.body, created)
    t.same((await call(t, app, 'GET', `/api/v1/workspaces/invites/${res.body.id}`)).body, created, 'readable afterwards')
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/invites')).body.data.length, 3, 'listed')
    const [entry] = await newestLogs(t, app, 1)
    t.same(entry, apiEntry(entry.id, 'workspace:invite', 'create', { inviteId: res.body.id, type: 'email', role: 'admin', email: 'dave@test.example' }))
  })

  t.test('a link invite: maxUses defaults to 1 (INFER, as the CLI), no domain restriction', async (t) => {
    const app = await fresh()
    const res = await call(t, app, 'POST', '/api/v1/workspaces/invites', { body: { role: 'member' } })
    t.same(res.body, {
      id: res.body.id, created: NOW_ISO, type: 'link', status: 'pending', email: null, role: 'member',
      resolvedAt: null, redeemedBy: null, maxUses: 1, uses: 0, restrictedDomains: null
    })
    const full = await call(t, app, 'POST', '/api/v1/workspaces/invites', { body: { role: 'member', maxUses: 'unlimited', restrictedDomains: ['a.example'] } })
    t.same([full.body.type, full.body.maxUses, full.body.restrictedDomains], ['link', 'unlimited', ['a.example']])
    const [second, first] = await newestLogs(t, app, 2)
    t.same(first, apiEntry(first.id, 'workspace:invite', 'create', { inviteId: res.body.id, type: 'link', role: 'member', maxUses: 1, restrictedDomains: null }, 'full'))
    t.same(second.details, { inviteId: full.body.id, type: 'link', role: 'member', maxUses: 'unlimited', restrictedDomains: ['a.example'] })
  })

  t.test('400 names what is wrong with the body, whichever shape it meant', async (t) => {
    const app = await fresh()
    const cases: Array<[unknown, string]> = [
      [{}, "body must have required property 'role'"],
      [{ email: 'erin@test.example' }, "body must have required property 'role'"],
      [{ role: 'member', email: 'not-an-email' }, 'body/email must be an email address'],
      [{ role: 'member', email: 'erin..x@test.example' }, 'body/email must be an email address'],
      [{ role: 'member', email: 'erin@test.example', maxUses: 2 }, 'body has both email and link invite fields'],
      [{ role: 'member', email: 'erin@test.example', restrictedDomains: null }, 'body has both email and link invite fields'],
      [{ role: 'member', maxUses: 0 }, 'body/maxUses must be a positive integer or "unlimited"'],
      [{ role: 'member', maxUses: 'lots' }, 'body/maxUses must be a positive integer or "unlimited"'],
      [{ role: 'member', restrictedDomains: 'a.example' }, 'body/restrictedDomains must be array'],
      [{ role: 'owner' }, 'body/role must be equal to one of the allowed values: "member", "admin"'],
      [{ role: 'member', team: 'x' }, "body must NOT have additional property 'team'"],
      [['member'], 'body must be object']
    ]
    for (const [body, message] of cases) {
      const res = await call(t, app, 'POST', '/api/v1/workspaces/invites', { body })
      t.same([res.status, res.body], [400, badInvite(message)], JSON.stringify(body))
    }
    const absent = await call(t, app, 'POST', '/api/v1/workspaces/invites')
    t.same([absent.status, absent.body], [400, badInvite("body must have required property 'role'")], 'no body at all')
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/invites')).body.data.length, 2, 'nothing stored')
    t.equal(await logCount(t, app), 2, 'nothing audited')
  })

  t.test('403 for a member\'s key or a read key', async (t) => {
    const app = await fresh()
    const member = await call(t, app, 'POST', '/api/v1/workspaces/invites', { key: KEYS.member, body: { role: 'member' } })
    t.same([member.status, member.body], [403, forbidden('Missing permission: this action needs a workspace admin')])
    const read = await call(t, app, 'POST', '/api/v1/workspaces/invites', { key: KEYS.read, body: { role: 'member' } })
    t.same([read.status, read.body], [403, forbidden('Missing permission: this API key is read-only and cannot POST')])
  })
})

t.test('PATCH /workspaces/invites/:inviteId', async (t) => {
  t.test('an email invite changes its email and role, audited as workspace:invite', async (t) => {
    const app = await fresh()
    const body = { email: 'caroline@test.example', role: 'admin' }
    const res = await call(t, app, 'PATCH', '/api/v1/workspaces/invites/invEmail001', { key: KEYS.admin, body })
    t.same([res.status, res.body], [200, { ...emailInvite, ...body }])
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/invites/invEmail001')).body, res.body, 'stored')
    const [entry] = await newestLogs(t, app, 1)
    t.same(entry, apiEntry(entry.id, 'workspace:invite', 'update', { inviteId: 'invEmail001', changes: body }))
  })

  t.test('a link invite changes its uses and domains; null lifts the restriction', async (t) => {
    const app = await fresh()
    const res = await call(t, app, 'PATCH', '/api/v1/workspaces/invites/invLink0001', { body: { maxUses: 5, restrictedDomains: null } })
    t.same(res.body, { ...linkInvite, maxUses: 5, restrictedDomains: null })
    const [entry] = await newestLogs(t, app, 1)
    t.same(entry, apiEntry(entry.id, 'workspace:invite', 'update', { inviteId: 'invLink0001', changes: { maxUses: 5, restrictedDomains: null } }, 'full'))
  })

  t.test('400 for fields the invite\'s type does not have, and for a null email', async (t) => {
    const app = await fresh()
    const cases: Array<[string, unknown, string]> = [
      ['invEmail001', { maxUses: 3 }, 'An email invite cannot change maxUses: maxUses and restrictedDomains apply to link invites only'],
      ['invEmail001', { role: 'admin', restrictedDomains: ['a.example'] }, 'An email invite cannot change restrictedDomains: maxUses and restrictedDomains apply to link invites only'],
      ['invEmail001', { email: null }, 'An email invite needs an email: body/email cannot be null'],
      ['invLink0001', { email: 'x@test.example' }, 'A link invite cannot change email: email applies to email invites only'],
      ['invLink0001', { email: null }, 'A link invite cannot change email: email applies to email invites only']
    ]
    for (const [id, body, message] of cases) {
      const res = await call(t, app, 'PATCH', `/api/v1/workspaces/invites/${id}`, { body })
      t.same([res.status, res.body], [400, badRequest(message)], `${id} ${JSON.stringify(body)}`)
    }
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/invites/invEmail001')).body, emailInvite, 'unchanged')
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/invites/invLink0001')).body, linkInvite, 'unchanged')
    t.equal(await logCount(t, app), 2, 'nothing audited')
  })

  t.test('400 on a bad body, and for an invite that is not pending (INFER)', async (t) => {
    const app = await fresh()
    const cases: Array<[unknown, string]> = [
      [{ uses: 0 }, "body must NOT have additional property 'uses'"],
      [{ role: 'owner' }, 'body/role must be equal to one of the allowed values: "member", "admin"'],
      [{ maxUses: 1.5 }, 'body/maxUses must be integer']
    ]
    for (const [body, message] of cases) {
      const res = await call(t, app, 'PATCH', '/api/v1/workspaces/invites/invLink0001', { body })
      t.same([res.status, res.body], [400, badRequest(message)], JSON.stringify(body))
    }
    const done = await call(t, app, 'PATCH', '/api/v1/workspaces/invites/invDone0001', { body: { role: 'admin' } })
    t.same([done.status, done.body], [400, badRequest('Invite invDone0001 is redeemed: only pending invites can be updated')])
  })

  t.test('an empty, absent or unchanged body answers the invite as is, unaudited', async (t) => {
    const app = await fresh()
    for (const options of [{ body: {} }, {}, { body: { role: 'member', maxUses: 'unlimited' } }]) {
      const res = await call(t, app, 'PATCH', '/api/v1/workspaces/invites/invLink0001', options)
      t.same([res.status, res.body], [200, linkInvite], JSON.stringify(options))
    }
    t.equal(await logCount(t, app), 2)
  })

  t.test('404 for an unknown invite, 403 for a member\'s key or a read key', async (t) => {
    const app = await fresh()
    const missing = await call(t, app, 'PATCH', '/api/v1/workspaces/invites/invNope0001', { body: { role: 'admin' } })
    t.same([missing.status, missing.body], [404, notFound('Invite invNope0001 not found')])
    const member = await call(t, app, 'PATCH', '/api/v1/workspaces/invites/invLink0001', { key: KEYS.member, body: { role: 'admin' } })
    t.same([member.status, member.body], [403, forbidden('Missing permission: this action needs a workspace admin')])
    const read = await call(t, app, 'PATCH', '/api/v1/workspaces/invites/invLink0001', { key: KEYS.read, body: { role: 'admin' } })
    t.same([read.status, read.body], [403, forbidden('Missing permission: this API key is read-only and cannot PATCH')])
  })
})

t.test('DELETE /workspaces/invites/:inviteId', async (t) => {
  t.test('revokes a pending invite: gone from reads and lists, audited', async (t) => {
    const app = await fresh()
    const res = await call(t, app, 'DELETE', '/api/v1/workspaces/invites/invLink0001', { key: KEYS.admin })
    t.same([res.status, res.body], [200, {}])
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/invites/invLink0001')).body, notFound('Invite invLink0001 not found'))
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/invites')).body.data, [emailInvite])
    const [entry] = await newestLogs(t, app, 1)
    t.same(entry, apiEntry(entry.id, 'workspace:invite', 'delete', { inviteId: 'invLink0001', type: 'link', role: 'member', email: null }))
    const again = await call(t, app, 'DELETE', '/api/v1/workspaces/invites/invLink0001', { key: KEYS.admin })
    t.same([again.status, again.body], [404, notFound('Invite invLink0001 not found')], 'a second revoke is a 404')
  })

  t.test('400 for an invite that is not pending (undeclared, in the envelope)', async (t) => {
    const app = await fresh()
    const res = await call(t, app, 'DELETE', '/api/v1/workspaces/invites/invDone0001')
    t.same([res.status, res.body], [400, badRequest('Invite invDone0001 is redeemed: only pending invites can be revoked')])
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/invites/invDone0001')).body, redeemed, 'still there')
    t.equal(await logCount(t, app), 2)
  })

  t.test('404 for an unknown invite, 403 for a member\'s key or a read key', async (t) => {
    const app = await fresh()
    const missing = await call(t, app, 'DELETE', '/api/v1/workspaces/invites/invNope0001')
    t.same([missing.status, missing.body], [404, notFound('Invite invNope0001 not found')])
    const member = await call(t, app, 'DELETE', '/api/v1/workspaces/invites/invEmail001', { key: KEYS.member })
    t.same([member.status, member.body], [403, forbidden('Missing permission: this action needs a workspace admin')])
    const read = await call(t, app, 'DELETE', '/api/v1/workspaces/invites/invEmail001', { key: KEYS.read })
    t.same([read.status, read.body], [403, forbidden('Missing permission: this API key is read-only and cannot DELETE')])
    t.same((await call(t, app, 'GET', '/api/v1/workspaces/invites/invEmail001')).body, emailInvite)
  })
})
