// /_emulator/clock: read, freeze, set, advance and release the clock; key expiry and timestamps follow it.
import t from 'tap'
import { KEYS, NOW, call, sharedApp } from '../helper.js'
import { BAD_REQUEST, UNAUTHORIZED, admin } from './admin-helper.js'

const fresh = sharedApp(t)

const state = (epochMs: number, virtual = true) => ({ now: new Date(epochMs).toISOString(), epochMs, virtual })

t.test('GET /_emulator/clock', async (t) => {
  const app = await fresh()
  const res = await admin(t, app, 'GET', '/_emulator/clock')
  t.same([res.status, res.body], [200, state(NOW)])
})

t.test('POST /_emulator/clock', async (t) => {
  const app = await fresh()
  t.test('sets the time from an ISO date-time or epoch milliseconds', async (t) => {
    const iso = await admin(t, app, 'POST', '/_emulator/clock', { body: { now: '2027-05-04T03:02:01.000Z' } })
    t.same([iso.status, iso.body], [200, state(Date.parse('2027-05-04T03:02:01.000Z'))])
    const offset = await admin(t, app, 'POST', '/_emulator/clock', { body: { now: '2027-05-04T05:02:01+02:00' } })
    t.same(offset.body, state(Date.parse('2027-05-04T03:02:01.000Z')), 'an offset is converted to UTC')
    const epoch = await admin(t, app, 'POST', '/_emulator/clock', { body: { now: NOW } })
    t.same(epoch.body, state(NOW))
  })
  t.test('advances it', async (t) => {
    await admin(t, app, 'POST', '/_emulator/clock', { body: { now: NOW } })
    const res = await admin(t, app, 'POST', '/_emulator/clock', { body: { advanceMs: 90_000 } })
    t.same([res.status, res.body], [200, state(NOW + 90_000)])
    t.same((await admin(t, app, 'GET', '/_emulator/clock')).body, state(NOW + 90_000), 'and it stays there')
  })
  t.test('400 on a bad body, and the clock does not move', async (t) => {
    await admin(t, app, 'POST', '/_emulator/clock', { body: { now: NOW } })
    const cases: Array<[unknown, string]> = [
      [{}, 'body must have exactly one of now, advanceMs'],
      [{ now: NOW, advanceMs: 1 }, 'body must have exactly one of now, advanceMs'],
      [{ advanceMs: -1 }, 'body/advanceMs must be >= 0'],
      [{ advanceMs: 1.5 }, 'body/advanceMs must be integer'],
      [{ at: NOW }, "body must NOT have additional property 'at'"]
    ]
    for (const [body, message] of cases) {
      const res = await admin(t, app, 'POST', '/_emulator/clock', { body })
      t.same([res.status, res.body], [400, BAD_REQUEST(message)], JSON.stringify(body))
    }
    for (const now of ['next tuesday', '2027-13-01T00:00:00Z', -5]) {
      const res = await admin(t, app, 'POST', '/_emulator/clock', { body: { now } })
      t.equal(res.status, 400, `now: ${JSON.stringify(now)}`)
    }
    t.same((await admin(t, app, 'GET', '/_emulator/clock')).body, state(NOW))
  })
})

t.test('DELETE /_emulator/clock goes back to real time', async (t) => {
  const app = await fresh()
  const before = Date.now()
  const res = await admin(t, app, 'DELETE', '/_emulator/clock')
  const after = Date.now()
  t.equal(res.status, 200)
  t.same(res.body, state(res.body.epochMs, false))
  t.ok(res.body.epochMs >= before && res.body.epochMs <= after, 'the clock reads real time')
  const advanced = await admin(t, app, 'POST', '/_emulator/clock', { body: { advanceMs: 3_600_000 } })
  t.equal(advanced.body.virtual, true, 'advancing real time freezes it an hour ahead')
  t.ok(advanced.body.epochMs >= before + 3_600_000 && advanced.body.epochMs <= Date.now() + 3_600_000)
})

t.test('key expiry and timestamps follow the clock', async (t) => {
  const app = await fresh()
  await admin(t, app, 'POST', '/_emulator/clock', { body: { now: '2026-02-28T23:59:59.000Z' } })
  t.equal((await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.expired })).status, 200, 'valid a second before expiry')
  await admin(t, app, 'POST', '/_emulator/clock', { body: { advanceMs: 1000 } })
  const expired = await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.expired })
  t.same([expired.status, expired.body], [401, UNAUTHORIZED('API key expired at 2026-03-01T00:00:00.000Z')])

  await admin(t, app, 'POST', '/_emulator/clock', { body: { now: '2031-01-02T03:04:05.678Z' } })
  const made = await call(t, app, 'POST', '/api/v1/collections', { key: KEYS.admin, body: { name: 'dated' } })
  t.same([made.body.created, made.body.updated], ['2031-01-02T03:04:05.678Z', '2031-01-02T03:04:05.678Z'])
  const key = await admin(t, app, 'POST', '/_emulator/keys', { body: { workspaceId: 'wsMain00001', kind: 'workspace', permission: 'read' } })
  t.equal(key.body.createdAt, '2031-01-02T03:04:05.678Z')
})
