// The journal of /api/v1: what it records of each request (even rejected, faulted and dropped ones), cuts and bounds.
import t, { type Test } from 'tap'
import Fastify, { type FastifyInstance } from 'fastify'
import { clip } from '../../../src/layers/journal/state.js'
import { KEYS, NOW, build, call, sharedApp, swap } from '../../helper.js'

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
    keyId: 'key_test_full',
    workspaceId: 'wsMain00001',
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

t.test("a request a fault answers is its key's and workspace's: a rule's 503, the html page, a drop; an invalid key stays null", async (t) => {
  const app = await fresh()
  await app.inject({ method: 'PUT', url: '/_emulator/faults', payload: { rules: [{ method: 'GET', path: '/collections', fault: 503, count: 1 }] } })
  const send = (key: string, fault?: string) => app.inject({ method: 'GET', url: '/api/v1/collections', headers: { authorization: `Bearer ${key}`, ...(fault === undefined ? {} : { 'x-emulator-fault': fault }) } })
  const answers = [await send(KEYS.read), await send(KEYS.full, 'html'), await send('sk-nope', '503')]
  await t.rejects(send(KEYS.full, 'drop'))
  t.same(answers.map((res) => [res.statusCode, res.headers['content-type']]), [
    [503, 'application/json; charset=utf-8'], [503, 'text/html; charset=utf-8'], [503, 'application/json; charset=utf-8']
  ], 'resolving the key changes no fault\'s answer: an unknown key gets the fault, not a 401')
  const rows = (entries: any[]) => entries.map((e) => [e.id, e.status, e.keyId, e.workspaceId, e.fault.kind, e.fault.source])
  t.same(rows((await journal(app)).data), [
    [4, null, 'key_test_full', 'wsMain00001', 'drop', 'header'],
    [3, 503, null, null, 503, 'header'],
    [2, 503, 'key_test_full', 'wsMain00001', 'html', 'header'],
    [1, 503, 'key_test_read', 'wsMain00001', 503, 'rule']
  ])
  t.same(rows((await journal(app, '?workspaceId=wsMain00001')).data).map((row) => row[0]), [4, 2, 1], 'the workspace filter shows its faulted requests')
})

t.test('a key that expires during a fault\'s delay: auth refuses it, and the entry is nobody\'s', async (t) => {
  const app = await fresh()
  const minted = await app.inject({ method: 'POST', url: '/_emulator/keys', payload: { workspaceId: 'wsMain00001', kind: 'workspace', permission: 'full', expiresAt: NOW + 50 } })
  swap(t, app.control.faults, 'sleep', async (ms) => { app.clock.advance(ms) })
  const res = await app.inject({ method: 'GET', url: '/api/v1/collections', headers: { 'authorization': `Bearer ${minted.json().key}`, 'x-emulator-latency': '100' } })
  t.same([res.statusCode, res.json().message], [401, `API key expired at ${new Date(NOW + 50).toISOString()}`])
  const [entry] = (await journal(app)).data
  t.same([entry.status, entry.keyId, entry.workspaceId, entry.latencyMs], [401, null, null, 100])
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

t.test('the journal and the coverage share one close listener per request, and both still see its close (issue 43)', async (t) => {
  const app = await fresh()
  // Every 'close' listener a response gets during one public request (once() goes through on()).
  const { ServerResponse } = await import('node:http')
  const added: string[] = []
  const on = ServerResponse.prototype.on
  swap(t, ServerResponse.prototype, 'on', function (this: InstanceType<typeof ServerResponse>, event: string | symbol, listener: (...args: any[]) => void) {
    if (event === 'close') added.push(listener.name)
    return on.call(this, event, listener)
  } as typeof on)
  // What Fastify, the injector and this Node add to a route with no layers (Node 22 adds a once() of its own, 24 none).
  const bare = Fastify()
  bare.get('/bare', async () => ({}))
  await bare.inject({ method: 'GET', url: '/bare' })
  await bare.close()
  const baseline = added.splice(0)
  const res = await call(t, app, 'GET', '/api/v1/collections?limit=1')
  t.equal(res.status, 200)
  // The layers' own, beyond the baseline: their two once() listeners were two more 'bound onceWrapper'.
  for (const name of baseline) added.splice(added.indexOf(name), added.includes(name) ? 1 : 0)
  t.same(added, ['onClose'], 'one listener for the layers: the shared one')
  const coverage = (await app.inject({ method: 'GET', url: '/_emulator/coverage' })).json()
  t.same(coverage.operations.find((o: any) => o.operation === 'GET /api/v1/collections'), { operation: 'GET /api/v1/collections', calls: 1, outcomes: { 200: 1 } })
  const page = await journal(app, '?limit=1')
  t.match(page.data, [{ id: 1, method: 'GET', path: '/api/v1/collections', query: { limit: '1' }, status: 200, keyId: 'key_test_full' }])
})
