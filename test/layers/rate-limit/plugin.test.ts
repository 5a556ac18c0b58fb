// Rate limit on /api/v1: X-RateLimit-* headers, 429 with Retry-After in the envelope, windows on the virtual clock;
// per client IP by default (the documented figure), per key under the rateLimitBy switch.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, NOW, build, call, errorBody, sharedApp } from '../../helper.js'

// One app per configuration the tests need, each reset before every use.
const fresh = sharedApp(t)
const limitOf1 = sharedApp(t, { rateLimit: 1 })
const limitOf2 = sharedApp(t, { rateLimit: 2 })
const limitOf1ByKey = sharedApp(t, { rateLimit: 1, compat: { rateLimitBy: 'key' } })

const limits = (res: { headers: Record<string, unknown> }) =>
  [res.headers['x-ratelimit-limit'], res.headers['x-ratelimit-remaining'], res.headers['x-ratelimit-reset']]

const tooMany = (seconds: number) => errorBody(429, 'Too Many Requests', `Rate limit exceeded, retry in ${seconds} seconds`)

async function exhaust (t: Parameters<typeof call>[0], app: FastifyInstance, times: number, key: string = KEYS.full) {
  for (let i = 0; i < times; i++) await call(t, app, 'GET', '/api/v1/scenes', { key })
}

t.test('every authenticated response carries the limit, what remains and the seconds to the reset', async (t) => {
  const app = await build(t, { rateLimit: 3, compat: { rateLimitBy: 'key' } })
  const seen = []
  for (let i = 0; i < 3; i++) seen.push(limits(await call(t, app, 'GET', '/api/v1/scenes')))
  t.same(seen, [['3', '2', '60'], ['3', '1', '60'], ['3', '0', '60']])
  const notFound = await call(t, app, 'GET', '/api/v1/scenes/scnNope0001', { key: KEYS.admin })
  t.equal(notFound.status, 404)
  t.same(limits(notFound), ['3', '2', '60'], 'errors from the handler carry them too')
})

t.test('over the limit: 429 in the service envelope, with Retry-After', async (t) => {
  const app = await build(t, { rateLimit: 3 })
  await exhaust(t, app, 3)
  app.clock.advance(15_000)
  const res = await call(t, app, 'GET', '/api/v1/scenes')
  t.equal(res.status, 429)
  t.same(res.body, tooMany(45))
  t.equal(res.headers['retry-after'], '45')
  t.same(limits(res), ['3', '0', '45'])
})

t.test('the window resets on the virtual clock', async (t) => {
  const app = await limitOf2()
  await exhaust(t, app, 2)
  app.clock.advance(59_999)
  const still = await call(t, app, 'GET', '/api/v1/scenes')
  t.equal(still.status, 429, '1 ms before the end of the window')
  t.equal(still.headers['retry-after'], '1')
  app.clock.advance(1)
  const fresh = await call(t, app, 'GET', '/api/v1/scenes')
  t.equal(fresh.status, 200, 'a new window')
  t.same(limits(fresh), ['2', '1', '60'])
})

t.test('rateLimitBy=ip (the default, the documented figure is per IP): every key from one address shares a window', async (t) => {
  const app = await limitOf2()
  await exhaust(t, app, 1)
  t.same(limits(await call(t, app, 'GET', '/api/v1/scenes', { key: KEYS.read })), ['2', '0', '60'], 'another key, the same window')
  const over = await call(t, app, 'GET', '/api/v1/scenes', { key: KEYS.other })
  t.same([over.status, over.body], [429, tooMany(60)], 'even a key of another workspace')
  const elsewhere = await app.inject({ method: 'GET', url: '/api/v1/scenes', headers: { authorization: `Bearer ${KEYS.full}` }, remoteAddress: '10.0.0.9' })
  t.same([elsewhere.statusCode, limits(elsewhere)], [200, ['2', '1', '60']], 'another address, its own window')
})

t.test('rateLimitBy=key: each key has its own window', async (t) => {
  const app = await limitOf1ByKey()
  await exhaust(t, app, 1)
  t.equal((await call(t, app, 'GET', '/api/v1/scenes')).status, 429)
  const other = await call(t, app, 'GET', '/api/v1/scenes', { key: KEYS.read })
  t.equal(other.status, 200)
  t.same(limits(other), ['1', '0', '60'])
})

t.test('rateLimitBy per workspace: a workspace made with rateLimitBy=key counts per key while the others count per IP', async (t) => {
  const app = await limitOf1()
  const made = (await app.inject({ method: 'POST', url: '/_emulator/workspaces', payload: { compat: { rateLimitBy: 'key' } } })).json()
  t.equal((await call(t, app, 'GET', '/api/v1/scenes', { key: made.keys.full })).status, 200)
  t.equal((await call(t, app, 'GET', '/api/v1/scenes', { key: made.keys.read })).status, 200, 'a second key of that workspace: its own window')
  t.equal((await call(t, app, 'GET', '/api/v1/scenes', { key: made.keys.full })).status, 429)
  t.equal((await call(t, app, 'GET', '/api/v1/scenes')).status, 200, 'a fixture key: the IP window, untouched by per-key counting')
  t.equal((await call(t, app, 'GET', '/api/v1/scenes', { key: KEYS.read })).status, 429, 'another fixture key: the same IP window')
})

t.test('requests rejected by auth, or answered by a fault before auth, are not counted and carry no headers', async (t) => {
  const app = await limitOf1ByKey()
  const unknown = await call(t, app, 'GET', '/api/v1/scenes', { key: 'sk-nope' })
  t.equal(unknown.status, 401)
  t.same(limits(unknown), [undefined, undefined, undefined])
  const forbidden = await call(t, app, 'POST', '/api/v1/collections', { key: KEYS.read, body: { name: 'x' } })
  t.equal(forbidden.status, 403)
  t.same(limits(forbidden), [undefined, undefined, undefined])
  const faulted = await call(t, app, 'GET', '/api/v1/scenes', { headers: { 'x-emulator-fault': '503' } })
  t.same(limits(faulted), [undefined, undefined, undefined])
  t.same(limits(await call(t, app, 'GET', '/api/v1/scenes', { key: KEYS.read })), ['1', '0', '60'], 'the read key\'s first counted request')
  t.same(limits(await call(t, app, 'GET', '/api/v1/scenes')), ['1', '0', '60'], 'the full key\'s first counted request')
})

t.test('the default is 600 a minute; 0 turns it off', async (t) => {
  const app = await fresh()
  t.same(limits(await call(t, app, 'GET', '/api/v1/scenes')), ['600', '599', '60'])
  const off = await build(t, { rateLimit: 0 })
  for (let i = 0; i < 3; i++) {
    const res = await call(t, off, 'GET', '/api/v1/scenes')
    t.equal(res.status, 200)
    t.same(limits(res), [undefined, undefined, undefined])
  }
})

t.test('PUT /_emulator/rate-limit changes the limit at run time and starts new windows', async (t) => {
  const app = await fresh()
  await exhaust(t, app, 5)
  await app.inject({ method: 'PUT', url: '/_emulator/rate-limit', payload: { limit: 1 } })
  t.same(limits(await call(t, app, 'GET', '/api/v1/scenes')), ['1', '0', '60'], 'the five earlier requests are forgotten')
  const over = await call(t, app, 'GET', '/api/v1/scenes')
  t.same([over.status, over.body], [429, tooMany(60)])
  await app.inject({ method: 'PUT', url: '/_emulator/rate-limit', payload: { limit: 0 } })
  t.equal((await call(t, app, 'GET', '/api/v1/scenes')).status, 200, 'off')
})

t.test('resetHeader "epoch": X-RateLimit-Reset is the Unix time of the reset; Retry-After stays in seconds', async (t) => {
  const app = await limitOf1()
  await app.inject({ method: 'PUT', url: '/_emulator/rate-limit', payload: { resetHeader: 'epoch' } })
  const resetAt = String(Math.ceil((NOW + 60_000) / 1000))
  t.same(limits(await call(t, app, 'GET', '/api/v1/scenes')), ['1', '0', resetAt])
  app.clock.advance(20_000)
  const over = await call(t, app, 'GET', '/api/v1/scenes')
  t.equal(over.status, 429)
  t.same(limits(over), ['1', '0', resetAt], 'the same instant, whenever it is asked')
  t.equal(over.headers['retry-after'], '40')
})

t.test('429s are journaled', async (t) => {
  const app = await limitOf1()
  await exhaust(t, app, 2)
  const journal = (await app.inject({ method: 'GET', url: '/_emulator/requests?status=429' })).json()
  t.equal(journal.total, 1)
  t.same(journal.data[0].response.text, JSON.stringify(tooMany(60)))
  t.equal(journal.data[0].keyId, 'key_test_full')
})
