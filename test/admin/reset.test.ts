// POST /_emulator/reset: fixtures back as loaded, admin-made workspaces gone, control parts and clock at their start.
import t from 'tap'
import { KEYS, NOW, build, call, sharedApp } from '../helper.js'
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

// What test/helper.ts `sharedApp` relies on: after a reset, every subtest of a file starts where a fresh build would.
// Known difference: audit sequence numbers only go up (a held snapshot may still need the old ones), so a log
// cursor after a reset is a larger number than on a fresh start; the entries and their order are the same.
const sameCursor = (body: string) => body.replace(/"nextCursor":"\d+"/g, '"nextCursor":"(a sequence number)"')

t.test('a reset app answers as a fresh build does: data, every control part, the next ids', async (t) => {
  const CONTROL_READS = ['/_emulator/faults', '/_emulator/stubs', '/_emulator/rate-limit', '/_emulator/drift',
    '/_emulator/drift/ledger', '/_emulator/compat', '/_emulator/requests', '/_emulator/clock', '/_emulator/snapshots',
    '/_emulator/keys?workspaceId=wsMain00001', '/_emulator/coverage']
  const observe = async (app: Awaited<ReturnType<typeof build>>) => {
    const control = []
    for (const url of CONTROL_READS) control.push(await admin(t, app, 'GET', url))
    const data = [await readEverything(t, app, KEYS.admin), await readEverything(t, app, KEYS.other)]
    const writes = []
    for (const [method, url, body] of [['POST', '/api/v1/collections', { name: 'next' }], ['POST', '/api/v1/workspaces/invites', { role: 'member' }],
      ['GET', '/api/v1/collections'], ['GET', '/api/v1/logs?limit=3']] as const) {
      const res = await call(t, app, method, url, { key: KEYS.admin, body })
      const { date: _date, ...headers } = res.headers
      writes.push({ status: res.status, headers, body: sameCursor(res.raw.body) })
    }
    const stub = (await admin(t, app, 'POST', '/_emulator/stubs', { body: { path: '/nothing', status: 204 } })).body
    return { control, data: data.map((bodies) => bodies.map(sameCursor)), writes, stub }
  }
  const fresh = sharedApp(t)
  const used = await fresh()
  const made = await createWorkspace(t, used, { fixtures: 'demo', compat: { memberReads: 'allow' } })
  const changes = [
    await admin(t, used, 'PUT', '/_emulator/faults', { body: { seed: 3, latencyMs: 5, rules: [{ path: '/scenes/**', fault: 503, probability: 0.5 }] } }),
    await admin(t, used, 'POST', '/_emulator/stubs', { body: { path: '/scenes/{sceneId}', status: 418, times: 2 } }),
    await admin(t, used, 'PUT', '/_emulator/rate-limit', { body: { limit: 3, resetHeader: 'epoch' } }),
    await admin(t, used, 'PUT', '/_emulator/drift', { body: { enabled: true, rate: 1 } }),
    await admin(t, used, 'PUT', '/_emulator/compat', { body: { pageSize: 2, unknownFields: 'strip' } }),
    await admin(t, used, 'POST', '/_emulator/keys', { body: { workspaceId: 'wsMain00001', permission: 'read', kind: 'workspace' } }),
    await admin(t, used, 'POST', '/_emulator/clock', { body: { advanceMs: 3_600_000 } })
  ]
  t.same(changes.map((c) => c.status), [200, 200, 200, 200, 200, 200, 200], 'every control part changed')
  // Drifted, faulted and stubbed answers: raw calls, not the reference-checked `call`.
  for (const [key, method, url] of [[KEYS.full, 'GET', '/api/v1/collections'], [KEYS.full, 'GET', '/api/v1/scenes/scnShapes01'],
    [KEYS.full, 'GET', '/api/v1/scenes'], [made.keys.full, 'POST', '/api/v1/collections']]) {
    await used.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${key}` }, payload: method === 'POST' ? { name: 'made' } : undefined })
  }
  used.ids.shortId()

  const reset = await fresh()
  t.equal(reset, used, 'the same app, reset')
  const pristine = await build(t)
  t.same(await observe(reset), await observe(pristine), 'control reads, data, the next writes and their ids, rate-limit headers')
})
