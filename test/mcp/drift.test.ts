// Drift on the MCP interface: the mcp-* kinds change tools/list and tools/call answers the way a beta changes them,
// named in X-Emulator-Drift, forced or seeded like REST drift, counted in the ledger under the MCP route and tool,
// replayed byte for byte from a seed or a pasted header; X-Emulator-Drift: off and REST kinds leave MCP alone.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, build } from '../helper.js'
import { MCP_DRIFT_KINDS } from '../../src/layers/drift/kinds/mcp.js'
import { rpc } from './endpoint-helper.js'
import { admin, seen } from '../layers/drift/drift-helper.js'

const MCP_KINDS = MCP_DRIFT_KINDS.map((kind) => kind.name)

let app: FastifyInstance
// No rate limit: its remaining count would differ between runs that are otherwise byte for byte the same.
t.before(async () => { app = await build(t, { renderer: false, rateLimit: 0 }) })
t.beforeEach(async () => { await admin(app, 'PUT', '/drift', { enabled: false, seed: 0, rate: 0.3, kinds: null }); await admin(app, 'DELETE', '/drift/ledger') })

const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' }
const callOf = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })
const forced = (value: string) => ({ 'x-emulator-drift': value })

t.test('tools/list: a tool renamed, a tool dropped, an argument renamed, an argument required', async (t) => {
  const plain = (await rpc(app, KEYS.full, LIST)).message
  const tools = plain.result.tools as Array<{ name: string, inputSchema: { properties: Record<string, unknown>, required?: string[] } }>
  const renamed = await rpc(app, KEYS.full, LIST, forced('mcp-rename-tool /result/tools/0/name'))
  t.equal(renamed.headers['x-emulator-drift'], 'mcp-rename-tool /result/tools/0/name')
  t.same(renamed.message, { ...plain, result: { tools: [{ ...tools[0], name: 'listScenes' }, ...tools.slice(1)] } })
  const dropped = await rpc(app, KEYS.full, LIST, forced('mcp-drop-tool /result/tools/2'))
  t.same(dropped.message.result.tools, [...tools.slice(0, 2), ...tools.slice(3)])
  const argument = await rpc(app, KEYS.full, LIST, forced('mcp-rename-argument /result/tools/1/inputSchema/properties/collectionId'))
  const createScene = argument.message.result.tools[1]
  t.same(Object.keys(createScene.inputSchema.properties), ['collection_id', 'name', 'pinned'], 'renamed in place')
  t.same(createScene.inputSchema.required, ['collection_id', 'name', 'pinned'])
  const required = await rpc(app, KEYS.full, LIST, forced('mcp-require-argument /result/tools/0/inputSchema/properties/limit'))
  t.same(required.message.result.tools[0].inputSchema.required, ['limit'])
  t.same(required.message.result.tools.slice(1), tools.slice(1), 'one change only')
  const calls = await rpc(app, KEYS.full, callOf(2, 'list_scenes', { limit: 1 }))
  t.notOk(calls.message.result.isError, 'drift changes answers, never what the server accepts')
})

t.test('tools/call: a result field renamed, the JSON moved to structuredContent, errors on the other channel', async (t) => {
  const plain = (await rpc(app, KEYS.full, callOf(3, 'get_scene', { sceneId: 'scnShapes01' }))).message
  const record = JSON.parse(plain.result.content[0].text)
  const field = await rpc(app, KEYS.full, callOf(3, 'get_scene', { sceneId: 'scnShapes01' }), forced('mcp-rename-result-field /result/content/0/text/metadata/totalElements'))
  t.equal(field.headers['x-emulator-drift'], 'mcp-rename-result-field /result/content/0/text/metadata/totalElements')
  const { totalElements, ...rest } = record.metadata
  t.same(JSON.parse(field.message.result.content[0].text), { ...record, metadata: { ...rest, total_elements: totalElements } })
  t.same(Object.keys(JSON.parse(field.message.result.content[0].text).metadata), Object.keys(record.metadata).map((key) => key === 'totalElements' ? 'total_elements' : key), 'in place')
  const structured = await rpc(app, KEYS.full, callOf(3, 'get_scene', { sceneId: 'scnShapes01' }), forced('mcp-structured-result'))
  t.same(structured.message, { result: { content: [{ type: 'text', text: 'The result is in structuredContent.' }], structuredContent: record }, jsonrpc: '2.0', id: 3 })
  const unknown = await rpc(app, KEYS.full, callOf(4, 'no_such_tool', {}), forced('mcp-switch-error-channel'))
  t.same(unknown.message, {
    result: { content: [{ type: 'text', text: JSON.stringify({ error: 'Tool no_such_tool not found; tools/list names the tools this key may call' }) }], isError: true },
    jsonrpc: '2.0',
    id: 4
  })
  const missing = await rpc(app, KEYS.full, callOf(5, 'get_scene', { sceneId: 'zz-none' }), forced('mcp-switch-error-channel'))
  t.same(missing.message, { jsonrpc: '2.0', id: 5, error: { code: -32603, message: 'Scene zz-none not found' } })
})

t.test('open positions stay untouched: scene elements are never renamed; answers without a REST body get no field kind', async (t) => {
  const content = await rpc(app, KEYS.full, callOf(6, 'get_scene_content', { sceneId: 'scnShapes01' }), forced('mcp-rename-result-field'))
  t.match(content.headers['x-emulator-drift'], /^mcp-rename-result-field \/result\/content\/0\/text\/(sceneVersion|appState\/viewBackgroundColor)$/)
  t.equal(content.headers['x-emulator-drift-warning'], undefined)
  const search = await rpc(app, KEYS.full, callOf(7, 'search_scene_content', { sceneId: 'scnShapes01' }), forced('mcp-rename-result-field'))
  t.equal(search.headers['x-emulator-drift'], undefined)
  t.equal(search.headers['x-emulator-drift-warning'], 'mcp-rename-result-field does not apply to this response')
})

t.test('a pasted header replays exactly; off and REST kinds leave MCP answers alone', async (t) => {
  await admin(app, 'PUT', '/drift', { enabled: true, rate: 1, kinds: MCP_KINDS })
  const drifted = await rpc(app, KEYS.full, LIST)
  const header = drifted.headers['x-emulator-drift'] as string
  t.match(header, /^mcp-/)
  await admin(app, 'PUT', '/drift', { enabled: false })
  t.same(seen((await rpc(app, KEYS.full, LIST, forced(header))).raw), seen(drifted.raw), 'the same change again, byte for byte')
  await admin(app, 'PUT', '/drift', { enabled: true })
  const plain = await rpc(app, KEYS.full, LIST, forced('off'))
  t.equal(plain.headers['x-emulator-drift'], undefined)
  t.equal(plain.message.result.tools.length, 38)
  const rest = await rpc(app, KEYS.full, callOf(8, 'get_workspace', {}), forced('rename-field'))
  t.equal(rest.headers['x-emulator-drift'], undefined)
  t.equal(rest.headers['x-emulator-drift-warning'], 'rename-field does not apply to MCP answers (only the mcp-* kinds do)')
})

/** A fixed run of read-only MCP calls, as a client sees each answer. */
async function run (): Promise<unknown[]> {
  const requests = [LIST, callOf(1, 'list_scenes', { limit: 2 }), callOf(2, 'get_scene', { sceneId: 'scnShapes01' }), callOf(3, 'get_scene', { sceneId: 'zz-none' }),
    callOf(4, 'no_such_tool', {}), LIST, callOf(5, 'get_workspace', {}), callOf(6, 'list_collections', {}), LIST, callOf(7, 'get_scene', { sceneId: 'scnImage001' })]
  const answers: unknown[] = []
  for (const request of requests) answers.push(seen((await rpc(app, KEYS.full, request)).raw))
  return answers
}

t.test('the same seed replays the same answers byte for byte; the ledger counts them by tool', async (t) => {
  await admin(app, 'PUT', '/drift', { enabled: true, seed: 11, rate: 1, kinds: null })
  const first = await run()
  const ledger = await admin(app, 'DELETE', '/drift/ledger')
  t.same(await run(), first, 'clearing the ledger restarts the stream')
  t.equal(ledger.eligible, 10)
  t.equal(ledger.perturbed, 10, 'every answer here has an mcp-* kind that applies')
  t.same(Object.keys(ledger.byKind).every((kind) => MCP_KINDS.includes(kind)), true, 'only mcp-* kinds touch MCP answers')
  t.same(ledger.byRoute['POST /api/v1/mcp tools/list'].eligible, 3)
  t.same(ledger.byRoute['POST /api/v1/mcp tools/call get_scene'].eligible, 3)
  t.same(ledger.byRoute['POST /api/v1/mcp tools/call no_such_tool'].eligible, 1)
  const kinds = new Set((first as Array<{ headers: Record<string, string> }>).map((answer) => answer.headers['x-emulator-drift'].split(' ')[0]))
  t.ok(kinds.size >= 3, `several kinds drawn: ${[...kinds].join(', ')}`)
  await admin(app, 'PUT', '/drift', { seed: 12 })
  t.notSame(await run(), first, 'another seed, another run')
  const other = await build(t, { renderer: false, rateLimit: 0, drift: true, driftSeed: 11, driftRate: 1 })
  const answers: unknown[] = []
  const saved = app
  app = other
  try { answers.push(...await run()) } finally { app = saved }
  t.same(answers, first, 'a fresh emulator with the same seed answers the same')
})

t.test('a per-request seed drifts alike whatever ran before; the journal keeps the drifted answer', async (t) => {
  await admin(app, 'PUT', '/drift', { enabled: true, rate: 1, kinds: MCP_KINDS })
  const seed = { 'x-emulator-drift-seed': '99' }
  const request = callOf(1, 'get_scene', { sceneId: 'scnImage001' })
  const once = seen((await rpc(app, KEYS.full, request, seed)).raw)
  await rpc(app, KEYS.full, LIST)
  await rpc(app, KEYS.full, callOf(2, 'get_workspace', {}))
  t.same(seen((await rpc(app, KEYS.full, request, seed)).raw), once)
  const journal = (await app.inject({ url: '/_emulator/requests?path=/mcp&limit=1' })).json()
  t.match(journal.data[0].drift, /^mcp-/)
  t.equal(journal.data[0].drift, once.headers['x-emulator-drift'])
  t.equal(journal.data[0].response.text, once.body, 'the answer as it went out')
})

t.test('a drifted answer is drifted from the value the server answered: its text is never parsed back', async (t) => {
  const parse = JSON.parse
  const parsedAnswers: string[] = []
  // The route parses the request; a text holding the response (a result, the request's id) is the answer read back.
  JSON.parse = ((text: string, reviver?: Parameters<typeof parse>[1]) => {
    if (typeof text === 'string' && text.includes('"result":') && text.includes('"id":41')) parsedAnswers.push(text)
    return parse(text, reviver)
  }) as typeof JSON.parse
  t.teardown(() => { JSON.parse = parse })
  for (const mcpResponse of ['sse', 'json'] as const) {
    const other = await build(t, { renderer: false, rateLimit: 0, mcpResponse })
    const drifted = await other.inject({
      method: 'POST',
      url: '/api/v1/mcp',
      headers: { 'authorization': `Bearer ${KEYS.full}`, 'content-type': 'application/json', 'accept': 'application/json, text/event-stream', ...forced('mcp-rename-tool /result/tools/0/name') },
      payload: JSON.stringify({ ...LIST, id: 41 })
    })
    t.equal(drifted.headers['x-emulator-drift'], 'mcp-rename-tool /result/tools/0/name', `${mcpResponse}: drifted`)
    t.match(drifted.body, /"name":"listScenes"/, `${mcpResponse}: the drifted value is what went out`)
  }
  JSON.parse = parse
  t.same(parsedAnswers, [], 'no answer was read back to drift it')
})
