// POST /_emulator/reset: fixtures back as loaded, admin-made workspaces gone, control parts and clock at their start.
import t from 'tap'
import { KEYS, NOW, build, call } from '../helper.js'
import { UNAUTHORIZED, admin, createWorkspace, readEverything } from './admin-helper.js'

t.test('POST /_emulator/reset restores everything to the loaded fixtures', async (t) => {
  const pristine = await build(t)
  const expected = [await readEverything(t, pristine, KEYS.admin), await readEverything(t, pristine, KEYS.other)]

  const app = await build(t)
  let probeResets = 0
  app.control.register('probe', { reset: () => { probeResets++ } })
  const made = await createWorkspace(t, app, { fixtures: 'demo' })
  const changes = [
    await call(t, app, 'POST', '/api/v1/collections', { key: KEYS.admin, body: { name: 'scratch' } }),
    await call(t, app, 'DELETE', '/api/v1/scenes/scnShapes01', { key: KEYS.admin }),
    await call(t, app, 'PATCH', '/api/v1/workspaces', { key: KEYS.other, body: { name: 'renamed' } }),
    await admin(t, app, 'DELETE', '/_emulator/keys/key_test_admin'),
    await admin(t, app, 'DELETE', '/_emulator/workspaces/wsOther0001'),
    await admin(t, app, 'POST', '/_emulator/clock', { body: { advanceMs: 86_400_000 } })
  ]
  t.same(changes.map((c) => c.status), [200, 200, 200, 200, 200, 200], 'every change was made')
  const snapshot = await admin(t, app, 'POST', '/_emulator/snapshots')

  const res = await admin(t, app, 'POST', '/_emulator/reset')
  t.equal(res.status, 200)
  const controlParts = app.control.resetAll()
  t.ok(controlParts.includes('clock') && controlParts.includes('probe'), 'clock and the probe are control parts')
  t.same(res.body, { workspaces: ['wsMain00001', 'wsOther0001'], control: controlParts })
  t.equal(probeResets, 2, 'every control part was reset (once by the route, once by the check above)')

  t.same([await readEverything(t, app, KEYS.admin), await readEverything(t, app, KEYS.other)], expected,
    'the fixture workspaces read byte for byte as on a fresh start, revoked fixture key included')
  const gone = await call(t, app, 'GET', '/api/v1/collections', { key: made.keys.full })
  t.same([gone.status, gone.body], [401, UNAUTHORIZED('Invalid API key')], 'admin-made workspaces and their keys are gone')
  t.same(app.stores.workspaces.list().map((w) => w.id), ['wsMain00001', 'wsOther0001'])
  const madeReset = await admin(t, app, 'POST', `/_emulator/workspaces/${made.workspace.id}/reset`)
  t.equal(madeReset.status, 404, 'their creation state is forgotten too')
  t.same((await admin(t, app, 'GET', '/_emulator/clock')).body, { now: new Date(NOW).toISOString(), epochMs: NOW, virtual: true },
    'the clock is back at its configured start')
  t.same((await admin(t, app, 'GET', '/_emulator/snapshots')).body, { data: [snapshot.body] }, 'snapshots are kept')
})

t.test('without a configured start time the clock goes back to real time', async (t) => {
  const app = await build(t, { clockStart: undefined })
  await admin(t, app, 'POST', '/_emulator/clock', { body: { now: '2030-01-01T00:00:00.000Z' } })
  await admin(t, app, 'POST', '/_emulator/reset')
  t.equal(app.clock.isVirtual(), false)
})

t.test('the admin token guards reset', async (t) => {
  const app = await build(t, { adminToken: 'secret-token' })
  await call(t, app, 'POST', '/api/v1/collections', { key: KEYS.admin, body: { name: 'scratch' } })
  const denied = await admin(t, app, 'POST', '/_emulator/reset')
  t.same([denied.status, denied.body], [401, UNAUTHORIZED('This admin route needs the admin token: send "Authorization: Bearer <token>" with the EMULATOR_ADMIN_TOKEN value (API keys do not open the admin API)')])
  t.equal((await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.admin })).body.data.length, 4, 'nothing was reset')
  t.equal((await admin(t, app, 'POST', '/_emulator/reset', { token: 'secret-token' })).status, 200)
  t.equal((await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.admin })).body.data.length, 3, 'reset with the token')
})

t.test('after a reset the seeded ids start over, as on a fresh start', async (t) => {
  const app = await build(t)
  const first = await call(t, app, 'POST', '/api/v1/collections', { body: { name: 'one' } })
  t.equal((await admin(t, app, 'POST', '/_emulator/reset')).status, 200)
  const again = await call(t, app, 'POST', '/api/v1/collections', { body: { name: 'one' } })
  t.equal(again.body.id, first.body.id, 'the same seed mints the same id after a reset')
})
