// GET/PUT /_emulator/compat and the `compat` of POST /_emulator/workspaces: the full settings in every answer, PUT
// replaces (switches left out return to their start-up values), reset restores start-up, bad bodies change nothing.
import t from 'tap'
import { build } from '../../helper.js'
import { BAD_REQUEST, UNAUTHORIZED, admin } from '../../admin/admin-helper.js'
import { DEFAULT_COMPAT } from '../../../src/config/compat.js'
import { startEmulator } from '../../../src/index.js'

t.test('GET answers the start-up settings; PUT replaces them and answers all of them; reset restores start-up', async (t) => {
  const app = await build(t, { compat: { pageSize: 5 } })
  const startUp = { ...DEFAULT_COMPAT, pageSize: 5 }
  t.same(await admin(t, app, 'GET', '/_emulator/compat').then((r) => [r.status, r.body]), [200, startUp])
  const put = await admin(t, app, 'PUT', '/_emulator/compat', { body: { memberReads: 'allow', unknownFields: 'strip' } })
  t.same([put.status, put.body], [200, { ...startUp, memberReads: 'allow', unknownFields: 'strip' }])
  const again = await admin(t, app, 'PUT', '/_emulator/compat', { body: { pageSize: 50 } })
  t.same(again.body, { ...startUp, pageSize: 50 }, 'switches left out go back to their start-up values')
  t.same((await admin(t, app, 'GET', '/_emulator/compat')).body, again.body)
  const reset = await admin(t, app, 'POST', '/_emulator/reset')
  t.ok(reset.body.control.includes('compat'), 'reset names the part')
  t.same((await admin(t, app, 'GET', '/_emulator/compat')).body, startUp, 'reset restores start-up')
  t.same((await admin(t, app, 'PUT', '/_emulator/compat', { body: {} })).body, startUp, 'an empty PUT restores start-up')
})

t.test('PUT: a bad body is a 400 naming the switch, and nothing changes', async (t) => {
  const app = await build(t)
  const cases: Array<[unknown, string]> = [
    [{ pageSize: 0 }, 'body/pageSize must be >= 1'],
    [{ pageSize: 101 }, 'body/pageSize must be <= 100'],
    [{ pageSize: '5' }, 'body/pageSize must be integer'],
    [{ memberReads: 'maybe' }, 'body/memberReads must be equal to one of the allowed values: "deny", "allow"'],
    [{ unknownFeilds: 'strip' }, "body must NOT have additional property 'unknownFeilds'"],
    [[], 'body must be object']
  ]
  for (const [body, message] of cases) {
    const res = await admin(t, app, 'PUT', '/_emulator/compat', { body })
    t.same([res.status, res.body], [400, BAD_REQUEST(message)], JSON.stringify(body))
  }
  t.same((await admin(t, app, 'GET', '/_emulator/compat')).body, DEFAULT_COMPAT)
})

t.test('per workspace: POST /_emulator/workspaces takes compat, answers the switches in force, GET ?workspaceId= shows them', async (t) => {
  const app = await build(t, { compat: { pageSize: 20 } })
  const made = await admin(t, app, 'POST', '/_emulator/workspaces', { body: { compat: { memberReads: 'allow', pageSize: 3 } } })
  const own = { ...DEFAULT_COMPAT, memberReads: 'allow', pageSize: 3 }
  t.same([made.status, made.body.compat], [200, own])
  t.same((await admin(t, app, 'GET', `/_emulator/compat?workspaceId=${made.body.workspace.id}`)).body, own)
  t.same((await admin(t, app, 'GET', '/_emulator/compat?workspaceId=wsMain00001')).body, { ...DEFAULT_COMPAT, pageSize: 20 }, 'others follow the global settings')
  await admin(t, app, 'PUT', '/_emulator/compat', { body: { collectionDelete: 'keep-scenes', pageSize: 7 } })
  t.same((await admin(t, app, 'GET', `/_emulator/compat?workspaceId=${made.body.workspace.id}`)).body, { ...own, collectionDelete: 'keep-scenes' },
    'a global change reaches the switches the workspace did not set; its own values win')
  const plain = await admin(t, app, 'POST', '/_emulator/workspaces')
  t.same(plain.body.compat, { ...DEFAULT_COMPAT, pageSize: 7, collectionDelete: 'keep-scenes' }, 'no compat: the global settings')
  await admin(t, app, 'POST', '/_emulator/reset')
  t.same((await admin(t, app, 'GET', `/_emulator/compat?workspaceId=${made.body.workspace.id}`)).body, { ...DEFAULT_COMPAT, pageSize: 20 }, 'reset drops the overrides')

  const bad = await admin(t, app, 'POST', '/_emulator/workspaces', { body: { compat: { rateLimitBy: 'user' } } })
  t.same([bad.status, bad.body], [400, BAD_REQUEST('body/compat/rateLimitBy must be equal to one of the allowed values: "ip", "key"')])
  t.equal(app.stores.workspaces.list().length, 2, 'nothing created')
})

t.test('with an admin token, the compat routes need it', async (t) => {
  const app = await build(t, { adminToken: 'secret' })
  const res = await admin(t, app, 'GET', '/_emulator/compat', { token: null })
  t.same([res.status, res.body], [401, UNAUTHORIZED('This admin route needs the admin token: send "Authorization: Bearer <token>" with the EMULATOR_ADMIN_TOKEN value (API keys do not open the admin API)')])
  t.equal((await admin(t, app, 'GET', '/_emulator/compat', { token: 'secret' })).status, 200)
})

t.test('typed helpers: compat(), setCompat() and createWorkspace({ compat })', async (t) => {
  const emulator = await startEmulator({ compat: { pageSize: 5 } })
  t.teardown(() => emulator.close())
  t.same(await emulator.compat(), { ...DEFAULT_COMPAT, pageSize: 5 })
  t.same(await emulator.setCompat({ elementChecks: 'strict' }), { ...DEFAULT_COMPAT, pageSize: 5, elementChecks: 'strict' })
  const made = await emulator.createWorkspace({ compat: { unknownFields: 'strip' } })
  t.same(made.compat, { ...DEFAULT_COMPAT, pageSize: 5, elementChecks: 'strict', unknownFields: 'strip' })
  t.same(await emulator.compat({ workspaceId: made.workspace.id }), made.compat)
  const page = await fetch(`${emulator.apiUrl}/scenes`, { headers: { authorization: `Bearer ${emulator.keys.full}` } })
  t.equal(((await page.json()) as { limit: number }).limit, 5, 'the in-process compat option applies')
})
