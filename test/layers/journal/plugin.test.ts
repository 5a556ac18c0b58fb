// The journal of /api/v1: what it records of each request (even rejected, faulted and dropped ones), cuts and bounds.
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { clip } from '../../../src/layers/journal/state.js'
import { KEYS, build, call, sharedApp, swap } from '../../helper.js'

const fresh = sharedApp(t)

const journal = async (app: FastifyInstance, query = '') => {
  const res = await app.inject({ method: 'GET', url: `/_emulator/requests${query}` })
  return res.json()
}

/** durationMs is wall-clock time: check its type, then leave it out of the whole-entry comparison. */
function steady (t: Test, entry: any) {
  t.type(entry.durationMs, 'number')
  t.ok(entry.durationMs >= 0)
  return { ...entry, durationMs: 0 }
}

const noBody = { text: null, bytes: 0, truncated: false, contentType: null }
const jsonBody = (text: string) => ({ text, bytes: Buffer.byteLength(text), truncated: false, contentType: 'application/json; charset=utf-8' })

t.test('a request: method, path, query, status, key id (never the secret), workspace and both bodies', async (t) => {
  const app = await fresh()
  const res = await call(t, app, 'POST', '/api/v1/collections?tag=a&tag=b&x=1', { body: { name: 'Journaled' } })
  t.equal(res.status, 200)
  const page = await journal(app)
  t.notOk(JSON.stringify(page).includes(KEYS.full), 'the secret appears nowhere')
  t.equal(page.capacity, 1000)
  t.equal(page.total, 1)
  t.same(steady(t, page.data[0]), {
    id: 1,
    time: '2026-06-01T12:00:00.000Z',
    method: 'POST',
    path: '/api/v1/collections',
    route: '/api/v1/collections',
    query: { tag: ['a', 'b'], x: '1' },
    status: 200,
    durationMs: 0,
    keyId: 'key_test_full',
    workspaceId: 'wsMain00001',
    latencyMs: 0,
    fault: null,
    drift: null,
    mcp: null,
    chaos: null,
    request: { text: '{"name":"Journaled"}', bytes: 20, truncated: false, contentType: 'application/json' },
    response: jsonBody(res.raw.body)
  })
})

t.test('requests rejected by auth are journaled: a 401 without a key, a 403 with the key it refused', async (t) => {
  const app = await fresh()
  const unauthorized = await call(t, app, 'GET', '/api/v1/scenes', { key: 'sk-nope' })
  const forbidden = await call(t, app, 'POST', '/api/v1/collections', { key: KEYS.read, body: { name: 'x' } })
  const [second, first] = (await journal(app)).data
  t.same([first.status, first.keyId, first.workspaceId, first.response], [401, null, null, jsonBody(unauthorized.raw.body)])
  // auth knows the key before it refuses the route, so a 403 is attributed to its key and workspace.
  // The body is read after auth refused it, so the journal shows what the failing client sent.
  t.same([second.status, second.keyId, second.workspaceId, second.request], [403, 'key_test_read', 'wsMain00001', { ...jsonBody('{"name":"x"}'), contentType: 'application/json' }], 'rejected, with the body it sent')
  t.same(second.response, jsonBody(forbidden.raw.body))
})

t.test('faults are reported; a dropped request has no status and no response', async (t) => {
  const app = await fresh()
  const delays: number[] = []
  swap(t, app.control.faults, 'sleep', async (ms) => { delays.push(ms) })
  const headers = { authorization: `Bearer ${KEYS.full}` }
  await t.rejects(app.inject({ method: 'DELETE', url: '/api/v1/scenes/scnShapes01', headers: { ...headers, 'x-emulator-fault': 'drop', 'x-emulator-latency': '80' } }))
  await app.inject({ method: 'GET', url: '/api/v1/scenes', headers: { ...headers, 'x-emulator-fault': '502; phase=after' } })
  const [after, dropped] = (await journal(app)).data
  t.same(steady(t, dropped), {
    id: 1,
    time: '2026-06-01T12:00:00.000Z',
    method: 'DELETE',
    path: '/api/v1/scenes/scnShapes01',
    route: '/api/v1/scenes/:sceneId',
    query: {},
    status: null,
    durationMs: 0,
    keyId: null,
    workspaceId: null,
    latencyMs: 80,
    fault: { kind: 'drop', phase: 'before', source: 'header', rule: null, delayMs: null },
    drift: null,
    mcp: null,
    chaos: null,
    request: noBody,
    response: noBody
  })
  t.same([after.status, after.keyId, after.fault], [502, 'key_test_full', { kind: 502, phase: 'after', source: 'header', rule: null, delayMs: null }])
  t.same(after.response, jsonBody('{"statusCode":502,"error":"Bad Gateway","message":"Bad Gateway"}'), 'the body that went out, not the handler\'s')
  t.same(delays, [80])
})

t.test('a slow body is recorded whole', async (t) => {
  const app = await fresh()
  swap(t, app.control.faults, 'sleep', async () => {})
  const res = await call(t, app, 'GET', '/api/v1/collections', { headers: { 'x-emulator-fault': 'slow' } })
  const [entry] = (await journal(app)).data
  t.same(entry.response, jsonBody(res.raw.body))
  t.same(entry.fault, { kind: 'slow', phase: 'after', source: 'header', rule: null, delayMs: null })
})

t.test('drift is reported as the X-Emulator-Drift header that went out', async (t) => {
  const app = await fresh()
  // app.inject, not call(): a drifted body does not conform to the reference, on purpose.
  const res = await app.inject({ method: 'GET', url: '/api/v1/collections/colDefault1', headers: { 'authorization': `Bearer ${KEYS.full}`, 'x-emulator-drift': 'add-unknown-field' } })
  const header = res.headers['x-emulator-drift']
  t.type(header, 'string', 'drift changed the response')
  const [entry] = (await journal(app)).data
  t.equal(entry.drift, header)
  t.equal(entry.response.text, res.body, 'the drifted body is what the journal keeps')
})

t.test('bodies are cut to journalBodyBytes, and the cut is marked', async (t) => {
  const app = await build(t, { journalBodyBytes: 16 })
  const res = await call(t, app, 'POST', '/api/v1/collections', { body: { name: 'A name longer than sixteen bytes' } })
  const [entry] = (await journal(app)).data
  t.same(entry.request, { text: '{"name":"A name ', bytes: 43, truncated: true, contentType: 'application/json' })
  t.same(entry.response, { text: res.raw.body.slice(0, 16), bytes: Buffer.byteLength(res.raw.body), truncated: true, contentType: 'application/json; charset=utf-8' })
})

t.test('clip never cuts inside a character', async (t) => {
  t.same(clip('héllo', 2), { text: 'h', bytes: 6, truncated: true }, 'é is two bytes: it does not fit whole')
  t.same(clip('héllo', 3), { text: 'hé', bytes: 6, truncated: true })
  t.same(clip('héllo', 6), { text: 'héllo', bytes: 6, truncated: false })
  t.same(clip('abc', 0), { text: '', bytes: 3, truncated: true })
})

t.test('a ring buffer: only the newest journalSize entries are kept', async (t) => {
  const app = await build(t, { journalSize: 3 })
  for (let i = 0; i < 5; i++) await call(t, app, 'GET', `/api/v1/scenes?offset=${i}`)
  const page = await journal(app)
  t.equal(page.capacity, 3)
  t.equal(page.total, 3)
  t.same(page.data.map((e: any) => [e.id, e.query.offset]), [[5, '4'], [4, '3'], [3, '2']])
})

t.test('journalSize 0 turns the journal off', async (t) => {
  const app = await build(t, { journalSize: 0 })
  await call(t, app, 'GET', '/api/v1/scenes')
  t.same(await journal(app), { capacity: 0, total: 0, data: [] })
})

t.test('only /api/v1 is journaled', async (t) => {
  const app = await fresh()
  await app.inject({ method: 'GET', url: '/_emulator/health' })
  await app.inject({ method: 'GET', url: '/_emulator/faults' })
  t.same(await journal(app), { capacity: 1000, total: 0, data: [] })
})
