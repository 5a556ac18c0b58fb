// Each fault kind on /api/v1, before and after the handler, through app.inject and over a real socket.
import t, { type Test } from 'tap'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { HTML_503_BODY } from '../../../src/layers/faults/plugin.js'
import { KEYS, build, call, errorBody, sharedApp, swap } from '../../helper.js'

const fresh = sharedApp(t)
/** Every public request faulted: the global fault rate at 1. */
const alwaysFaulting = sharedApp(t, { faultRate: 1, faultStatus: 502 })

const faultsOf = (app: FastifyInstance) => app.control.faults

/** Replaces the delay seam: records each delay and returns at once, so no test waits or measures time. */
function recordDelays (t: Test, app: FastifyInstance): number[] {
  const delays: number[] = []
  swap(t, faultsOf(app), 'sleep', async (ms) => { delays.push(ms) })
  return delays
}

/** The shared app over a real socket: it listens from the first socket test on, and closes with the file. */
async function listening (app: FastifyInstance): Promise<string> {
  if (!app.server.listening) return await app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
}

const collectionNames = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/api/v1/collections', headers: { authorization: `Bearer ${KEYS.full}` } })).json().data.map((c: any) => c.name)

const ENVELOPES = {
  500: errorBody(500, 'Internal Server Error', 'Internal Server Error'),
  502: errorBody(502, 'Bad Gateway', 'Bad Gateway'),
  503: errorBody(503, 'Service Unavailable', 'Service Unavailable')
}

t.test('X-Emulator-Fault: 500, 502 and 503 answer the service envelope before the handler', async (t) => {
  const app = await fresh()
  for (const status of [500, 502, 503] as const) {
    const res = await call(t, app, 'GET', '/api/v1/collections', { headers: { 'x-emulator-fault': String(status) } })
    t.equal(res.status, status)
    t.same(res.body, ENVELOPES[status], `${status} body`)
    t.notOk('x-ratelimit-limit' in res.headers, `${status}: answered before auth and rate limit`)
  }
})

t.test('a fault before the handler never writes: a faulted POST stores nothing', async (t) => {
  const app = await fresh()
  const before = await collectionNames(app)
  for (const fault of ['500', '503', 'html']) {
    const res = await app.inject({
      method: 'POST', url: '/api/v1/collections', payload: { name: `faulted ${fault}` },
      headers: { 'authorization': `Bearer ${KEYS.full}`, 'x-emulator-fault': fault }
    })
    t.equal(res.statusCode, fault === '500' ? 500 : 503)
  }
  await t.rejects(app.inject({
    method: 'POST', url: '/api/v1/collections', payload: { name: 'faulted drop' },
    headers: { 'authorization': `Bearer ${KEYS.full}`, 'x-emulator-fault': 'drop' }
  }), { code: 'LIGHT_ECONNRESET' })
  t.same(await collectionNames(app), before, 'no collection was created')
})

t.test('html: a 503 with an HTML page instead of the envelope', async (t) => {
  const app = await fresh()
  const res = await app.inject({ method: 'GET', url: '/api/v1/scenes', headers: { 'authorization': `Bearer ${KEYS.full}`, 'x-emulator-fault': 'html' } })
  t.equal(res.statusCode, 503)
  t.equal(res.headers['content-type'], 'text/html; charset=utf-8')
  t.equal(res.body, HTML_503_BODY)
})

t.test('drop: app.inject rejects, the app serves on', async (t) => {
  const app = await fresh()
  await t.rejects(app.inject({ method: 'GET', url: '/api/v1/scenes', headers: { 'authorization': `Bearer ${KEYS.full}`, 'x-emulator-fault': 'drop' } }),
    { code: 'LIGHT_ECONNRESET', message: 'response destroyed before completion' })
  t.equal((await call(t, app, 'GET', '/api/v1/scenes')).status, 200)
})

t.test('drop over a real socket: fetch fails with the connection closed', async (t) => {
  const app = await fresh()
  const base = await listening(app)
  const headers = { authorization: `Bearer ${KEYS.full}` }
  await t.rejects(fetch(`${base}/api/v1/scenes`, { headers: { ...headers, 'x-emulator-fault': 'drop' } }),
    { name: 'TypeError', message: 'fetch failed', cause: { code: 'UND_ERR_SOCKET' } })
  const after = await fetch(`${base}/api/v1/scenes`, { headers })
  t.equal(after.status, 200, 'the server is still up')
  await after.arrayBuffer()
})

t.test('phase=after: the write commits, then the response is replaced ("outcome unknown")', async (t) => {
  const app = await fresh()
  const send = (name: string, fault: string) => app.inject({
    method: 'POST', url: '/api/v1/collections', payload: { name },
    headers: { 'authorization': `Bearer ${KEYS.full}`, 'x-emulator-fault': fault }
  })
  const envelope = await send('after 502', '502; phase=after')
  t.equal(envelope.statusCode, 502)
  t.same(envelope.json(), ENVELOPES[502])
  t.equal(envelope.headers['x-ratelimit-limit'], '600', 'auth and rate limit ran: the request reached the handler')
  const html = await send('after html', 'html; phase=after')
  t.equal(html.statusCode, 503)
  t.equal(html.body, HTML_503_BODY)
  await t.rejects(send('after drop', 'drop; phase=after'), { code: 'LIGHT_ECONNRESET' })
  t.same((await collectionNames(app)).slice(-3), ['after 502', 'after html', 'after drop'], 'all three writes committed')
})

t.test('slow: the real body, in pieces, with a delay between them', async (t) => {
  const app = await fresh()
  const delays = recordDelays(t, app)
  const plain = await call(t, app, 'GET', '/api/v1/collections')
  const slow = await call(t, app, 'GET', '/api/v1/collections', { headers: { 'x-emulator-fault': 'slow' } })
  t.equal(slow.status, 200)
  t.same(slow.body, plain.body, 'the same body')
  t.equal(slow.headers['transfer-encoding'], 'chunked', 'streamed, without a Content-Length')
  t.same(delays, [250, 250, 250, 250, 250, 250, 250], 'eight pieces: the first at once, then 250 ms before each next one')
  delays.length = 0
  await call(t, app, 'GET', '/api/v1/collections', { headers: { 'x-emulator-fault': 'slow; delay=40' } })
  t.same(delays, [40, 40, 40, 40, 40, 40, 40])
})

t.test('slow over a real socket: the headers arrive while the body is still coming', async (t) => {
  const app = await fresh()
  const headers = { authorization: `Bearer ${KEYS.full}` }
  const expected = (await app.inject({ method: 'GET', url: '/api/v1/collections', headers })).body
  // The first delay holds until released: the response must already be readable by then.
  let release = () => {}
  let waits = 0
  swap(t, faultsOf(app), 'sleep', (ms) => {
    waits++
    t.equal(ms, 250)
    return waits === 1 ? new Promise<void>((resolve) => { release = resolve }) : Promise.resolve()
  })
  const base = await listening(app)
  const res = await fetch(`${base}/api/v1/collections`, { headers: { ...headers, 'x-emulator-fault': 'slow' } })
  t.equal(res.status, 200)
  t.equal(res.headers.get('content-type'), 'application/json; charset=utf-8')
  t.equal(waits, 1, 'headers are here while the body waits on its first delay')
  release()
  t.equal(await res.text(), expected)
  t.equal(waits, 7)
})

t.test('latency: X-Emulator-Latency and the ambient setting schedule delays through the seam', async (t) => {
  const app = await build(t, { latencyMs: 100, latencyJitterMs: 50 })
  const delays = recordDelays(t, app)
  for (let i = 0; i < 10; i++) await call(t, app, 'GET', '/api/v1/scenes')
  t.equal(delays.length, 10)
  t.ok(delays.every((ms) => ms >= 100 && ms <= 150), `ambient delays are 100 + 0..50 ms: ${delays.join(', ')}`)
  t.ok(new Set(delays).size > 1, 'jitter varies')
  const ambient = [...delays]
  delays.length = 0
  await call(t, app, 'GET', '/api/v1/scenes', { headers: { 'x-emulator-latency': '250' } })
  t.same(delays, [250], 'the header replaces the ambient delay for that request')
  await call(t, app, 'GET', '/api/v1/scenes', { headers: { 'x-emulator-latency': '0' } })
  t.same(delays, [250], 'X-Emulator-Latency: 0 turns the ambient delay off for that request')
  const twin = await build(t, { latencyMs: 100, latencyJitterMs: 50 })
  const twinDelays = recordDelays(t, twin)
  for (let i = 0; i < 10; i++) await call(t, twin, 'GET', '/api/v1/scenes')
  t.same(twinDelays, ambient, 'the same seed gives the same jitter')
})

t.test('latency with real timers: not sooner than asked (lower bound only)', async (t) => {
  const app = await fresh()
  const started = performance.now()
  const res = await call(t, app, 'GET', '/api/v1/scenes', { headers: { 'x-emulator-latency': '60' } })
  t.equal(res.status, 200)
  t.ok(performance.now() - started >= 50, 'took at least ~60 ms')
})

t.test('the global fault rate answers with the configured status', async (t) => {
  const app = await alwaysFaulting()
  const res = await call(t, app, 'GET', '/api/v1/scenes')
  t.equal(res.status, 502)
  t.same(res.body, ENVELOPES[502])
})

t.test('a bad header is a 400, before auth', async (t) => {
  const app = await fresh()
  const fault = await call(t, app, 'GET', '/api/v1/collections', { key: null, headers: { 'x-emulator-fault': 'teapot' } })
  t.equal(fault.status, 400)
  t.same(fault.body, errorBody(400, 'Bad Request', 'Invalid X-Emulator-Fault header: expected 500, 502, 503, html, drop or slow (got "teapot")'))
  const latency = await call(t, app, 'GET', '/api/v1/collections', { headers: { 'x-emulator-latency': 'soon' } })
  t.same(latency.body, errorBody(400, 'Bad Request', 'Invalid X-Emulator-Latency header: delay must be an integer number of milliseconds 0..600000 (got "soon")'))
})

t.test('the control API is never faulted', async (t) => {
  const app = await alwaysFaulting()
  const res = await app.inject({ method: 'GET', url: '/_emulator/health', headers: { 'x-emulator-fault': 'drop' } })
  t.equal(res.statusCode, 200)
})
