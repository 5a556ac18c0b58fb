// The coverage layer's counting on /api/v1: every answer under its operation and outcomes, whoever answered it.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, build, sharedApp, swap } from '../../helper.js'
import { rpc } from '../../mcp/endpoint-helper.js'
import { writeProfile } from '../drift/drift-helper.js'

const fresh = sharedApp(t)

async function send (app: FastifyInstance, method: string, url: string, headers: Record<string, string> = {}, key: string | null = KEYS.full) {
  return await app.inject({ method: method as 'GET', url, headers: { ...(key === null ? {} : { authorization: `Bearer ${key}` }), ...headers } })
}

const coverageOf = async (app: FastifyInstance, query = '') => (await app.inject({ url: `/_emulator/coverage${query}` })).json()

t.test('each answer counts under its operation: the API\'s statuses, faults, stubs, drift and unknown routes', async (t) => {
  const app = await fresh()
  swap(t, app.control.faults, 'sleep', async () => {})
  await send(app, 'GET', '/api/v1/collections')
  await send(app, 'GET', '/api/v1/collections', {}, 'sk-not-a-key')
  await send(app, 'GET', '/api/v1/collections', { 'x-emulator-fault': '503' })
  await send(app, 'GET', '/api/v1/collections', { 'x-emulator-fault': 'html' })
  await send(app, 'GET', '/api/v1/collections', { 'x-emulator-fault': 'slow' })
  await t.rejects(send(app, 'GET', '/api/v1/collections', { 'x-emulator-fault': 'drop' }), { code: 'LIGHT_ECONNRESET' })
  await send(app, 'GET', '/api/v1/scenes/no-such-scene')
  await send(app, 'GET', '/api/v1/scenes', { 'x-emulator-drift': 'rename-field' })
  await app.inject({ method: 'POST', url: '/_emulator/stubs', payload: { method: 'DELETE', path: '/scenes/{sceneId}', status: 409, body: { statusCode: 409, error: 'Conflict', message: 'stubbed' } } })
  await send(app, 'DELETE', '/api/v1/scenes/whatever')
  await send(app, 'GET', '/api/v1/no-such-route')
  t.strictSame(await coverageOf(app), {
    operations: [
      { operation: 'DELETE /api/v1/scenes/{sceneId}', calls: 1, outcomes: { 409: 1 } },
      { operation: 'GET /api/v1/*', calls: 1, outcomes: { 404: 1 } },
      { operation: 'GET /api/v1/collections', calls: 6, outcomes: { 200: 2, 401: 1, 503: 2, drop: 1, slow: 1 } },
      { operation: 'GET /api/v1/scenes', calls: 1, outcomes: { '200': 1, 'drift:rename-field': 1 } },
      { operation: 'GET /api/v1/scenes/{sceneId}', calls: 1, outcomes: { 404: 1 } }
    ]
  })
})

t.test('the outcomes come in order: statuses by number, drop, slow, drift kinds, learned', async (t) => {
  // A learned change needs a drift profile (docs/drift.md): the collections list gains a field on its success.
  const profile = writeProfile(t, [{ operation: 'GET /api/v1/collections', changes: [{ change: 'field-added', path: '/data/*/color', sample: 'blue', seen: [] }] }])
  const app = await build(t, { driftProfile: profile })
  swap(t, app.control.faults, 'sleep', async () => {})
  await send(app, 'GET', '/api/v1/collections', { 'x-emulator-fault': 'slow' })
  await t.rejects(send(app, 'GET', '/api/v1/collections', { 'x-emulator-fault': 'drop' }), { code: 'LIGHT_ECONNRESET' })
  await send(app, 'GET', '/api/v1/collections', { 'x-emulator-fault': '503' })
  await send(app, 'GET', '/api/v1/collections', {}, null)
  await send(app, 'GET', '/api/v1/collections', { 'x-emulator-drift': 'rename-field' })
  await send(app, 'GET', '/api/v1/collections', { 'x-emulator-drift': 'add-unknown-field' })
  await send(app, 'GET', '/api/v1/collections', { 'x-emulator-drift': 'rename-field' })
  const { operations } = await coverageOf(app)
  t.strictSame(Object.keys(operations[0].outcomes), ['200', '401', '503', 'drop', 'slow', 'drift:add-unknown-field', 'drift:rename-field', 'learned'], 'in order')
  t.strictSame(operations, [{
    operation: 'GET /api/v1/collections',
    calls: 7,
    // learned: the three answers the route gave (the profile's field); the slow fault's body is the fault's own.
    outcomes: { '200': 4, '401': 1, '503': 1, 'drop': 1, 'slow': 1, 'drift:add-unknown-field': 1, 'drift:rename-field': 2, 'learned': 3 }
  }], 'each drift kind once per answer, learned last')
})

t.test('a rate-limited answer counts as 429', async (t) => {
  const app = await build(t, { rateLimit: 2 })
  for (let i = 0; i < 3; i++) await send(app, 'GET', '/api/v1/collections')
  t.strictSame(await coverageOf(app), { operations: [{ operation: 'GET /api/v1/collections', calls: 3, outcomes: { 200: 2, 429: 1 } }] })
})

t.test('MCP calls count under mcp <tool> and mcp <method>; names the endpoint lacks under one key each', async (t) => {
  const app = await fresh()
  await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 1, method: 'tools/list' })
  await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_scenes', arguments: {} } })
  await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } })
  await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 4, method: 'made/up' })
  await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'list_scenes', arguments: {} } }, { 'x-emulator-fault': '502' })
  const answered = await app.inject({ method: 'GET', url: '/api/v1/mcp', headers: { authorization: `Bearer ${KEYS.full}` } })
  t.equal(answered.statusCode, 405)
  t.strictSame(await coverageOf(app), {
    operations: [
      { operation: 'GET /api/v1/mcp', calls: 1, outcomes: { 405: 1 } },
      { operation: 'POST /api/v1/mcp', calls: 1, outcomes: { 502: 1 } },
      { operation: 'mcp (other method)', calls: 1, outcomes: { 200: 1 } },
      { operation: 'mcp (unknown tool)', calls: 1, outcomes: { 200: 1 } },
      { operation: 'mcp list_scenes', calls: 1, outcomes: { 200: 1 } },
      { operation: 'mcp tools/list', calls: 1, outcomes: { 200: 1 } }
    ]
  })
})

t.test('an MCP batch counts each message as itself, not only its first; the journal still names its first', async (t) => {
  const app = await fresh()
  const call = (id: number, name: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } })
  const answer = await rpc(app, KEYS.full, [call(1, 'list_scenes'), call(2, 'list_collections'), { jsonrpc: '2.0', id: 3, method: 'tools/list' }, call(4, 'list_scenes')])
  t.equal(answer.status, 200)
  t.strictSame(await coverageOf(app), {
    operations: [
      { operation: 'mcp list_collections', calls: 1, outcomes: { 200: 1 } },
      { operation: 'mcp list_scenes', calls: 2, outcomes: { 200: 2 } },
      { operation: 'mcp tools/list', calls: 1, outcomes: { 200: 1 } }
    ]
  })
  const [entry] = (await app.inject({ url: '/_emulator/requests?limit=1' })).json().data
  t.strictSame(entry.mcp, { method: 'tools/call', tool: 'list_scenes' })
})

t.test('a batch refused whole counts as POST /api/v1/mcp; one opening with a response or a notification counts what it asked', async (t) => {
  const app = await fresh()
  const call = (id: number | undefined, name: string) => ({ jsonrpc: '2.0', ...(id === undefined ? {} : { id }), method: 'tools/call', params: { name, arguments: {} } })
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }
  const journalMcp = async () => (await app.inject({ url: '/_emulator/requests?limit=1' })).json().data[0].mcp
  const seen: unknown[] = []
  for (const batch of [[42, call(2, 'list_scenes')], [initialize, call(2, 'list_scenes')], [{ jsonrpc: '2.0', id: 7, result: {} }, call(2, 'list_collections')],
    [call(undefined, 'get_scene'), { jsonrpc: '2.0', id: 3, method: 'tools/list' }]]) {
    const answer = await rpc(app, KEYS.full, batch)
    seen.push([answer.status, await journalMcp()])
  }
  t.strictSame(seen, [
    [400, { method: 'tools/call', tool: 'list_scenes' }],
    [400, { method: 'initialize', tool: null }],
    [200, { method: 'tools/call', tool: 'list_collections' }],
    [200, { method: 'tools/list', tool: null }]
  ], 'the statuses, and the journal names the first message that asks something (a tools/call without an id runs no tool)')
  t.strictSame(await coverageOf(app), {
    operations: [
      { operation: 'POST /api/v1/mcp', calls: 2, outcomes: { 400: 2 } },
      { operation: 'mcp list_collections', calls: 1, outcomes: { 200: 1 } },
      { operation: 'mcp tools/list', calls: 1, outcomes: { 200: 1 } }
    ]
  })
})

t.test('per workspace: ?workspaceId= counts only the answers to that workspace\'s keys', async (t) => {
  const app = await fresh()
  await send(app, 'GET', '/api/v1/collections')
  await send(app, 'GET', '/api/v1/collections', {}, KEYS.other)
  await send(app, 'GET', '/api/v1/collections', {}, KEYS.other)
  const [main, other] = ['wsMain00001', 'wsOther0001']
  t.strictSame(await coverageOf(app, `?workspaceId=${main}`), { operations: [{ operation: 'GET /api/v1/collections', calls: 1, outcomes: { 200: 1 } }] })
  t.strictSame(await coverageOf(app, `?workspaceId=${other}`), { operations: [{ operation: 'GET /api/v1/collections', calls: 2, outcomes: { 200: 2 } }] })
  t.strictSame(await coverageOf(app), { operations: [{ operation: 'GET /api/v1/collections', calls: 3, outcomes: { 200: 3 } }] }, 'all workspaces summed')
  const unknown = await app.inject({ url: '/_emulator/coverage?workspaceId=ws-nobody' })
  t.equal(unknown.statusCode, 404, 'a workspace the emulator does not have')
  t.strictSame(unknown.json(), { statusCode: 404, error: 'Not Found', message: 'Workspace ws-nobody not found' })
})

t.test('a client that leaves before its answer is not counted: it received nothing', async (t) => {
  const app = await fresh()
  swap(t, app.control.faults, 'sleep', async () => await new Promise((resolve) => setTimeout(resolve, 200)))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const controller = new AbortController()
  const pending = fetch(`http://127.0.0.1:${port}/api/v1/collections`, { headers: { 'authorization': `Bearer ${KEYS.full}`, 'x-emulator-latency': '10' }, signal: controller.signal })
  setTimeout(() => controller.abort(), 50)
  await t.rejects(pending)
  await new Promise((resolve) => setTimeout(resolve, 300))
  t.strictSame(await coverageOf(app), { operations: [] })
})

t.test('counting does not depend on the journal: with EMULATOR_JOURNAL_SIZE=0 every answer is counted still', async (t) => {
  const app = await build(t, { journalSize: 0 })
  await send(app, 'GET', '/api/v1/collections')
  await t.rejects(send(app, 'GET', '/api/v1/collections', { 'x-emulator-fault': 'drop' }), { code: 'LIGHT_ECONNRESET' })
  t.strictSame((await app.inject({ url: '/_emulator/requests' })).json().total, 0, 'the journal kept nothing')
  t.strictSame(await coverageOf(app), { operations: [{ operation: 'GET /api/v1/collections', calls: 2, outcomes: { 200: 1, drop: 1 } }] })
})
