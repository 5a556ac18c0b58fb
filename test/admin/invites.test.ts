// POST /_emulator/invites/{inviteId}/accept and /reject play the invited person; the public API follows
// (users, the invite's status and uses, the list of pending invites, the audit log). Refusals store nothing.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, NOW, call, sharedApp } from '../helper.js'
import { BAD_REQUEST, NOT_FOUND, admin } from './admin-helper.js'
import { startEmulator } from '../../src/index.js'

const fresh = sharedApp(t)

const NOW_ISO = new Date(NOW).toISOString()
const CONFLICT = (message: string) => ({ statusCode: 409, error: 'Conflict', message })
const pendingIds = async (t: Parameters<typeof call>[0], app: FastifyInstance) =>
  (await call(t, app, 'GET', '/api/v1/workspaces/invites')).body.data.map((i: { id: string }) => i.id)
const rows = (app: FastifyInstance) => app.db.prepare('SELECT (SELECT COUNT(*) FROM users) + (SELECT COUNT(*) FROM audit_logs) + (SELECT total_changes()) AS n').pluck().get()

t.test('accepting an email invite: a user with its role, the invite redeemed and out of the list, audited', async (t) => {
  const app = await fresh()
  const res = await admin(t, app, 'POST', '/_emulator/invites/invEmail001/accept', { body: { name: 'Carol Invited' } })
  t.equal(res.status, 200)
  const userId = res.body.user.id
  t.match(userId, /^[A-Za-z0-9]{11}$/)
  const user = {
    created: NOW_ISO, uid: `uid-${userId}`, id: userId, picture: null, email: 'carol@test.example', name: 'Carol Invited',
    updated: null, workspaceTeams: {}, lastActive: null, role: 'member'
  }
  const invite = {
    id: 'invEmail001', created: '2026-02-01T00:00:00.000Z', type: 'email', status: 'redeemed', email: 'carol@test.example',
    role: 'member', resolvedAt: NOW_ISO, redeemedBy: userId, restrictedDomains: null
  }
  t.same(res.body, { invite, user })
  t.same((await call(t, app, 'GET', `/api/v1/workspaces/users/${userId}`)).body, user, 'a workspace user now')
  t.ok((await call(t, app, 'GET', '/api/v1/workspaces')).body.users.includes(userId), 'a member of the workspace record')
  t.same((await call(t, app, 'GET', '/api/v1/workspaces/invites/invEmail001')).body, invite, 'redeemed, readable by id')
  t.same(await pendingIds(t, app), ['invLink0001'], 'out of the list of pending invites')
  const [entry] = (await call(t, app, 'GET', '/api/v1/logs?limit=1')).body.logs
  t.same(entry, {
    id: entry.id, action: 'workspace:invite:redeem', operation: 'update',
    details: { inviteId: 'invEmail001', type: 'email', role: 'member', userId }, created_at: NOW_ISO, ip_address: null,
    user_id: userId, workspace_id: 'wsMain00001', app_source: 'excalidraw-plus', source_type: 'user', source_id: null, status: 200,
    user_email: 'carol@test.example', user_full_name: 'Carol Invited', user_picture: null
  })
  const again = await admin(t, app, 'POST', '/_emulator/invites/invEmail001/accept')
  t.same([again.status, again.body], [400, BAD_REQUEST('Invite invEmail001 is redeemed: only pending invites can be accepted')])
})

t.test('an email invite is accepted with its own address only; the name defaults to the local part', async (t) => {
  const app = await fresh()
  const before = rows(app)
  const wrong = await admin(t, app, 'POST', '/_emulator/invites/invEmail001/accept', { body: { email: 'mallory@test.example' } })
  t.same([wrong.status, wrong.body], [400, BAD_REQUEST('Invite invEmail001 is for carol@test.example: accept it with that email, or leave email out')])
  t.equal(rows(app), before, 'nothing stored')
  const res = await admin(t, app, 'POST', '/_emulator/invites/invEmail001/accept', { body: { email: 'Carol@Test.Example' } })
  t.same([res.status, res.body.user.name, res.body.user.email], [200, 'carol', 'carol@test.example'])
})

t.test('a link invite: email required, restricted domains enforced, a use counted per person, redeemed at maxUses', async (t) => {
  const app = await fresh()
  const before = rows(app)
  const refusals: Array<[unknown, unknown]> = [
    [{}, BAD_REQUEST('Invite invLink0001 is a link invite: body/email names the person who accepts it')],
    [{ email: 'eve@elsewhere.example' }, BAD_REQUEST('Invite invLink0001 only admits emails of test.example')],
    [{ email: 'alice@test.example' }, CONFLICT('alice@test.example is already a member of this workspace')],
    [{ email: 'not-an-email' }, BAD_REQUEST('body/email must match format "email"')],
    [{ email: 'dave@test.example', role: 'admin' }, BAD_REQUEST("body must NOT have additional property 'role'")]
  ]
  for (const [body, answer] of refusals) {
    const res = await admin(t, app, 'POST', '/_emulator/invites/invLink0001/accept', { body })
    t.same([res.status, res.body], [(answer as { statusCode: number }).statusCode, answer], JSON.stringify(body))
  }
  t.equal(rows(app), before, 'refusals store nothing')
  const first = await admin(t, app, 'POST', '/_emulator/invites/invLink0001/accept', { body: { email: 'dave@test.example' } })
  t.same([first.status, first.body.invite.uses, first.body.invite.status, first.body.invite.maxUses], [200, 1, 'pending', 'unlimited'])
  t.same(await pendingIds(t, app), ['invEmail001', 'invLink0001'], 'an unlimited link stays active')

  const limited = await call(t, app, 'POST', '/api/v1/workspaces/invites', { key: KEYS.admin, body: { role: 'admin', maxUses: 2 } })
  const id = limited.body.id
  const one = await admin(t, app, 'POST', `/_emulator/invites/${id}/accept`, { body: { email: 'one@a.example' } })
  t.same([one.body.invite.uses, one.body.invite.status, one.body.user.role], [1, 'pending', 'admin'], 'the invite\'s role')
  const two = await admin(t, app, 'POST', `/_emulator/invites/${id}/accept`, { body: { email: 'two@b.example' } })
  t.same(two.body.invite, { ...limited.body, uses: 2, status: 'redeemed', resolvedAt: NOW_ISO, redeemedBy: two.body.user.id }, 'redeemed at maxUses')
  t.notOk((await pendingIds(t, app)).includes(id), 'a used-up link leaves the list')
  const three = await admin(t, app, 'POST', `/_emulator/invites/${id}/accept`, { body: { email: 'three@c.example' } })
  t.same([three.status, three.body], [400, BAD_REQUEST(`Invite ${id} is redeemed: only pending invites can be accepted`)])
})

t.test('rejecting: email invites only, pending only; the invite becomes rejected and leaves the list', async (t) => {
  const app = await fresh()
  const res = await admin(t, app, 'POST', '/_emulator/invites/invEmail001/reject')
  const rejected = {
    id: 'invEmail001', created: '2026-02-01T00:00:00.000Z', type: 'email', status: 'rejected', email: 'carol@test.example',
    role: 'member', resolvedAt: NOW_ISO, redeemedBy: null, restrictedDomains: null
  }
  t.same([res.status, res.body], [200, { invite: rejected }])
  t.same((await call(t, app, 'GET', '/api/v1/workspaces/invites/invEmail001')).body, rejected)
  t.same(await pendingIds(t, app), ['invLink0001'])
  const cases: Array<[string, string, unknown]> = [
    ['invEmail001', 'reject', BAD_REQUEST('Invite invEmail001 is rejected: only pending invites can be rejected')],
    ['invEmail001', 'accept', BAD_REQUEST('Invite invEmail001 is rejected: only pending invites can be accepted')],
    ['invLink0001', 'reject', BAD_REQUEST('Invite invLink0001 is a link invite: only email invites can be rejected (a link is simply not used)')],
    ['invDone0001', 'reject', BAD_REQUEST('Invite invDone0001 is redeemed: only pending invites can be rejected')],
    ['invNope0001', 'reject', NOT_FOUND('Invite invNope0001 not found')],
    ['invNope0001', 'accept', NOT_FOUND('Invite invNope0001 not found')]
  ]
  for (const [inviteId, verb, answer] of cases) {
    const refused = await admin(t, app, 'POST', `/_emulator/invites/${inviteId}/${verb}`)
    t.same([refused.status, refused.body], [(answer as { statusCode: number }).statusCode, answer], `${verb} ${inviteId}`)
  }
  await call(t, app, 'DELETE', '/api/v1/workspaces/invites/invLink0001', { key: KEYS.admin })
  t.equal((await admin(t, app, 'POST', '/_emulator/invites/invLink0001/accept', { body: { email: 'x@test.example' } })).status, 404, 'a revoked invite is gone')
})

t.test('the admin document declares both routes; typed helpers call them', async (t) => {
  const app = await fresh()
  const doc = (await app.inject({ method: 'GET', url: '/_emulator/docs/json' })).json()
  t.same(Object.keys(doc.paths['/_emulator/invites/{inviteId}/accept']), ['post'])
  t.same(Object.keys(doc.paths['/_emulator/invites/{inviteId}/reject']), ['post'])
  t.same(Object.keys(doc.paths['/_emulator/invites/{inviteId}/accept'].post.responses).sort(), ['200', '400', '401', '404', '409'])

  const emulator = await startEmulator({ fixturesDir: app.config.fixturesDir })
  t.teardown(() => emulator.close())
  const accepted = await emulator.acceptInvite('invLink0001', { email: 'helper@test.example', name: 'Helper' })
  t.same([accepted.invite.uses, accepted.user.name, accepted.user.role], [1, 'Helper', 'member'])
  t.same((await emulator.rejectInvite('invEmail001')).invite.status, 'rejected')
})
