// Kept answers (api/v1/mcp/kept-answers.ts): a repeated tools/call of a list tool is answered from the read cache
// without running the tool, byte for byte what a fresh server answers for that request, id included; and never
// across anything its answer depends on: a write, the arguments, the caller's tools, the compat switches, the
// protocol version, the framing. Errors and calls with more than a name and arguments are answered afresh.
import t from 'tap'
import { Type } from 'typebox'
import { respond, throughTransport } from '../../src/api/v1/mcp/exchange.js'
import type { Answer, ExchangeInput } from '../../src/api/v1/mcp/exchange-types.js'
import { visibleTools, type McpServerOptions } from '../../src/api/v1/mcp/server.js'
import { fromRoutes } from '../../src/api/v1/mcp/tools/routes.js'
import { defineTool, type ToolContext } from '../../src/api/v1/mcp/tools/unit.js'
import type { RouteOperation } from '../../src/api/v1/operations.js'
import { openDatabase } from '../../src/store/database.js'
import { createReadCache } from '../../src/store/read-cache.js'
import type { Caller } from '../../src/services/context.js'
import { DEFAULT_COMPAT, type Compat } from '../../src/config/compat.js'
import { McpToolError } from '../../src/mcp/tool-errors.js'
import { KEYS, call as rest, sharedApp } from '../helper.js'
import { rpc, textJson } from './endpoint-helper.js'

const db = openDatabase(':memory:')
t.teardown(() => db.close())
const readCache = createReadCache(db)
const write = () => db.prepare("INSERT INTO workspaces (id, fixture_set, doc) VALUES (?, 'x', '{}')").run(`w${Math.random()}`)

let runs = 0
/** Runs `during` inside the tool, between its read and its answer (a write racing the exchange). */
let during = () => {}
/** The routes of the two tools: list_things is the twin of a GET answered from the read cache, so it is kept too. */
const ROUTES = new Map<string, RouteOperation>([
  ['GET /things', { method: 'GET', signature: 'GET /things', adminOnly: false, schemas: {}, keptRead: true }],
  ['POST /things', { method: 'POST', signature: 'POST /things', adminOnly: false, schemas: {}, keptRead: false }]
])
const [LIST] = fromRoutes([defineTool({
  name: 'list_things',
  description: 'Lists things.',
  inputSchema: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1 })), fail: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  backing: 'GET /things',
  surfaces: ['docs', 'agents'],
  twin: true,
  run: (_context, args) => {
    runs++
    during()
    if (args.fail === true) throw new McpToolError('No things: try again')
    return { text: JSON.stringify({ limit: args.limit ?? 20, data: ['é "quoted"', '\u2028', 'thing'], run: runs }) }
  }
})], ROUTES)
const HIDDEN = defineTool({ name: 'write_things', description: 'Writes.', inputSchema: Type.Object({}, { additionalProperties: false }), backing: 'POST /things', surfaces: ['docs', 'agents'], run: () => ({ text: '{}' }) })

const OPTIONS: McpServerOptions = {
  version: '1.0.0',
  instructions: 'Read the guides.',
  tools: [LIST, HIDDEN],
  operations: ROUTES,
  pageSize: 0
}

const caller = (permission: 'full' | 'read' = 'full'): Caller => ({ workspaceId: 'wsOne', user: null, keyId: `key_${permission}`, permission, routes: null, ip: null })

function input (body: unknown, options: { permission?: 'full' | 'read', compat?: Partial<Compat>, json?: boolean, headers?: Record<string, string> } = {}): ExchangeInput {
  const context: ToolContext = {
    op: { caller: caller(options.permission), compat: { ...DEFAULT_COMPAT, ...options.compat }, stores: { readCache } } as never,
    renderer: undefined as never,
    log: () => {}
  }
  return {
    context,
    headers: { 'host': '127.0.0.1:3000', 'accept': 'application/json, text/event-stream', 'content-type': 'application/json', ...options.headers },
    url: 'http://127.0.0.1:3000/api/v1/mcp',
    parsedBody: body,
    text: JSON.stringify(body),
    jsonResponse: options.json === true
  }
}

const call = (id: string | number, args: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_things', arguments: args, ...extra } })

/** What the client receives: the bytes when the answer has them, else its text. */
const sent = (answer: Answer) => ({ status: answer.status, headers: answer.headers, body: answer.bytes?.toString('utf8') ?? answer.text })

/** The answer a fresh server behind the SDK's transport gives, with the tool's run counter where the answer was. */
async function fresh (exchange: ExchangeInput, run: number): Promise<ReturnType<typeof sent>> {
  const before = runs
  runs = run - 1
  const answer = sent(await throughTransport(exchange, OPTIONS, visibleTools(exchange.context.op.caller, OPTIONS, exchange.context.op.compat)))
  runs = before
  return answer
}

t.beforeEach(() => { write(); during = () => {} })

for (const json of [false, true]) {
  t.test(`a repeated call is the kept answer with its own id, as a fresh server writes it (${json ? 'JSON' : 'SSE'})`, async (t) => {
    runs = 0
    const first = sent(await respond(input(call(1, { limit: 5 }), { json }), OPTIONS))
    t.same(first, await fresh(input(call(1, { limit: 5 }), { json }), 1))
    for (const id of ['req-2', 0, 99, 'a "quoted" id \u2028']) {
      const again = await respond(input(call(id, { limit: 5 }), { json }), OPTIONS)
      // The name escapes the line separator: a raw one would break the TAP line it is written on.
      t.same(sent(again), await fresh(input(call(id, { limit: 5 }), { json }), 1), `id ${JSON.stringify(id).replace('\u2028', '\\u2028')}`)
      t.equal(again.text, again.bytes?.toString('utf8'), 'the text drift reads is the bytes sent')
    }
    t.equal(runs, 1, 'the tool ran once')
  })
}

t.test('anything the answer depends on is a different kept answer', async (t) => {
  runs = 0
  const ask = async (exchange: ExchangeInput) => textJson(JSON.parse((await respond(exchange, OPTIONS)).text.replace(/^event: message\ndata: /, '')).result)
  t.equal((await ask(input(call(1, { limit: 5 })))).run, 1)
  t.equal((await ask(input(call(2, { limit: 6 })))).run, 2, 'other arguments')
  t.equal((await ask(input(call(3, { limit: 5 }), { permission: 'read' }))).run, 3, 'a caller who sees other tools')
  t.equal((await ask(input(call(4, { limit: 5 }), { compat: { pageSize: 7 } }))).run, 4, 'other compat switches')
  t.equal((await ask(input(call(5, { limit: 5 }), { headers: { 'mcp-protocol-version': '2025-06-18' } }))).run, 5, 'a protocol version')
  t.equal((await ask(input(call(6, { limit: 5 }), { json: true }))).run, 6, 'the other framing')
  t.equal((await ask(input(call(7, { limit: 5 })))).run, 1, 'the first call is still kept')
  write()
  t.equal((await ask(input(call(8, { limit: 5 })))).run, 7, 'a write empties it')
})

t.test('errors, calls carrying more than a name and arguments, and answers made across a write are not kept', async (t) => {
  runs = 0
  for (const id of [1, 2]) {
    const answer = JSON.parse((await respond(input(call(id, { fail: true })), OPTIONS)).text.replace(/^event: message\ndata: /, ''))
    t.equal(answer.result.isError, true)
  }
  t.equal(runs, 2, 'a tool error runs every time')
  for (const id of [3, 4]) await respond(input(call(id, {}, { _meta: { progressToken: 'p' } })), OPTIONS)
  t.equal(runs, 4, 'a call with _meta runs every time')
  during = write
  await respond(input(call(5, {})), OPTIONS)
  during = () => {}
  await respond(input(call(6, {})), OPTIONS)
  t.equal(runs, 6, 'an answer computed while the database changed is not kept')
  await respond(input(call(7, {})), OPTIONS)
  t.equal(runs, 6, 'the next one is')
})

const app = sharedApp(t)

t.test('list_scenes and list_collections on the endpoint: repeated, after writes and after a compat switch', async (t) => {
  const served = await app()
  const listed = async (id: number, name: string, args: Record<string, unknown> = {}) => {
    const answer = await rpc(served, KEYS.full, { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })
    t.equal(answer.message.id, id)
    return textJson(answer.message.result)
  }
  for (const name of ['list_scenes', 'list_collections']) {
    const rest1 = (await rest(t, served, 'GET', `/api/v1/${name.slice(5)}?limit=50`)).body
    t.same(await listed(1, name, { limit: 50 }), rest1)
    t.same(await listed(2, name, { limit: 50 }), rest1, 'repeated')
  }
  const scene = (await rest(t, served, 'GET', '/api/v1/scenes?limit=50')).body.data[0].metadata.id
  await rest(t, served, 'DELETE', `/api/v1/scenes/${scene}`)
  t.notOk((await listed(3, 'list_scenes', { limit: 50 })).data.some((s: { metadata: { id: string } }) => s.metadata.id === scene), 'a delete shows at once')
  const before = await listed(4, 'list_collections')
  t.ok(before.data.length > 1)
  t.equal((await served.inject({ method: 'PUT', url: '/_emulator/compat', payload: { pageSize: 1 } })).statusCode, 200)
  const after = await listed(5, 'list_collections')
  t.equal(after.limit, 1, 'the page size switch shows at once')
  t.same(after.data, before.data.slice(0, 1))
})

t.test('drift perturbs a kept answer as it does a fresh one, and the next call is plain again', async (t) => {
  const served = await app()
  const call = (id: number, headers: Record<string, string> = {}) =>
    rpc(served, KEYS.full, { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_collections', arguments: { limit: 2 } } }, headers)
  const plain = await call(1)
  t.same((await call(2)).message, { ...plain.message, id: 2 }, 'kept')
  const forced = { 'x-emulator-drift': 'mcp-rename-result-field /result/content/0/text/hasNextPage' }
  t.equal((await served.inject({ method: 'PUT', url: '/_emulator/drift', payload: { enabled: true, rate: 1 } })).statusCode, 200)
  const drifted = await call(3, forced)
  t.equal(drifted.headers['x-emulator-drift'], 'mcp-rename-result-field /result/content/0/text/hasNextPage')
  const { hasNextPage, ...rest } = textJson(plain.message.result)
  t.same(textJson(drifted.message.result), { ...rest, has_next_page: hasNextPage })
  t.equal(drifted.message.id, 3)
  t.equal((await served.inject({ method: 'PUT', url: '/_emulator/drift', payload: { enabled: false } })).statusCode, 200)
  t.equal((await call(4)).raw.body, plain.raw.body.replace('"id":1}', '"id":4}'), 'the kept answer itself is unchanged')
})
