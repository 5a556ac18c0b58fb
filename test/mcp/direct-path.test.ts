// The direct path (api/v1/mcp/direct.ts) answers byte for byte what the SDK's web-standard transport answers: same
// status, headers and body for successes, tool errors, protocol errors and paging, SSE and JSON; what it leaves to
// the transport really goes there; and a pooled server shared by callers answers each with its own context.
import t from 'tap'
import { Type, type TObject, type TProperties } from 'typebox'
import { respond, throughTransport } from '../../src/api/v1/mcp/exchange.js'
import type { Answer, ExchangeInput } from '../../src/api/v1/mcp/exchange-types.js'
import { directRequest } from '../../src/api/v1/mcp/direct.js'
import { visibleTools, type McpServerOptions } from '../../src/api/v1/mcp/server.js'
import { defineTool, type RouteSignature, type ToolContext, type ToolEntry, type ToolUnit } from '../../src/api/v1/mcp/tools/unit.js'
import type { Caller } from '../../src/services/context.js'
import { emulatorError } from '../../src/errors.js'
import { McpInternalError, McpToolError } from '../../src/mcp/tool-errors.js'

function tool<P extends TProperties> (name: string, properties: P, run: ToolUnit<TObject<P>>['run'], backing: RouteSignature | null = null): ToolEntry {
  return defineTool({ name, description: `The ${name} tool.`, inputSchema: Type.Object(properties, { additionalProperties: false }), backing, surfaces: ['docs', 'agents'], run })
}

/** Text that JSON has to escape in every way it can, long enough to span many escapes. */
const AWKWARD = 'quotes " backslash \\ newline \n tab \t é 🎨 </script> \u2028 \u0000 lone \ud800 ' + '{"a":[1,2]}'.repeat(300)

/** Lets a test hold a tool call open until it says so. */
const gates = new Map<string, () => void>()
const gate = (id: string) => new Promise<void>((resolve) => gates.set(id, resolve))

const TOOLS: ToolEntry[] = [
  tool('echo_text', {}, () => ({ text: AWKWARD })),
  tool('echo_args', { count: Type.Optional(Type.Integer({ minimum: 1 })), nested: Type.Optional(Type.Object({})) }, (_context, args) => ({ json: args })),
  tool('picture', {}, () => ({ image: Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]) })),
  tool('refuse', {}, () => { throw new McpToolError('No such thing: try list_things') }),
  tool('rest_fails', {}, () => { throw emulatorError('EMU_NOT_FOUND', 'Scene', 'zz-none') }),
  tool('explode', {}, () => { throw new Error('boom') }),
  tool('unparsable', {}, () => { throw new McpInternalError('add[0] is not JSON') }),
  tool('whoami', { wait: Type.Optional(Type.String()) }, async ({ op }, args) => {
    if (args.wait !== undefined) await gate(args.wait)
    return { json: { key: op.caller.keyId, workspace: op.caller.workspaceId } }
  }),
  tool('write_thing', {}, () => ({ json: { written: true } }), 'POST /things')
]

const OPTIONS: McpServerOptions = {
  version: '9.9.9',
  instructions: 'Read the guides first.',
  tools: TOOLS,
  operations: new Map([['POST /things', { method: 'POST', signature: 'POST /things', adminOnly: false }]]),
  pageSize: 4
}

const caller = (keyId: string, permission: 'full' | 'read' = 'full', workspaceId = 'wsOne'): Caller =>
  ({ workspaceId, user: null, keyId, permission, routes: null, ip: null })

const logged: unknown[] = []
const contextOf = (who: Caller): ToolContext =>
  ({ op: { caller: who, compat: { memberReads: 'deny', unknownFields: 'reject' } } as never, renderer: undefined as never, log: (error) => { logged.push(error) } })

const HEADERS = { 'host': '127.0.0.1:3000', 'accept': 'application/json, text/event-stream', 'content-type': 'application/json', 'authorization': 'Bearer sk-x' }

function input (body: unknown, options: { headers?: Record<string, string>, json?: boolean, who?: Caller } = {}): ExchangeInput {
  return {
    context: contextOf(options.who ?? caller('key_full')),
    headers: { ...HEADERS, ...options.headers },
    url: 'http://127.0.0.1:3000/api/v1/mcp',
    parsedBody: body,
    text: JSON.stringify(body),
    jsonResponse: options.json === true
  }
}

const viaSdk = async (exchange: ExchangeInput) =>
  await throughTransport(exchange, OPTIONS, visibleTools(exchange.context.op.caller, OPTIONS, exchange.context.op.compat))

const call = (id: string | number, name: string, args?: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, ...(args === undefined ? {} : { arguments: args }), ...extra } })

/** Exchanges the direct path takes, each with what it shows. */
const DIRECT: Array<[string, ExchangeInput]> = [
  ['a text answer JSON escapes every way', input(call(1, 'echo_text', {}))],
  ['a JSON answer, a string id', input(call('req-7', 'echo_args', { count: 2, nested: { a: [1, 'b'] } }))],
  ['an image, id 0', input(call(0, 'picture'))],
  ['a tool error', input(call(2, 'refuse', {}))],
  ['a REST failure as isError', input(call(3, 'rest_fails', {}))],
  ['an unexpected failure is -32603', input(call(4, 'explode', {}))],
  ['an unparsable argument is -32603', input(call(5, 'unparsable', {}))],
  ['invalid arguments', input(call(6, 'echo_args', { count: 0 }))],
  ['an argument the tool does not declare', input(call(6, 'echo_args', { count: 1, colour: 'red' }))],
  ['arguments that are null', input(call(6, 'echo_args', null as never))],
  ['arguments that are an array', input(call(6, 'echo_args', [] as never))],
  ['params without a name', input({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: {} })],
  ['tools/list with a numeric cursor', input({ jsonrpc: '2.0', id: 6, method: 'tools/list', params: { cursor: 4 } })],
  ['an unknown tool', input(call(7, 'no_such_tool', {}))],
  ['a tool hidden from a read key', input(call(8, 'write_thing', {}), { who: caller('key_read', 'read') })],
  ['a tool name that is not a string', input({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 42 } })],
  ['a task-augmented call', input(call(10, 'echo_text', {}, { task: { ttl: 1000 } }))],
  ['a progress token', input(call(11, 'echo_text', {}, { _meta: { progressToken: 'p1' } }))],
  ['a supported protocol version header', input(call(12, 'picture'), { headers: { 'mcp-protocol-version': '2025-06-18' } })],
  ['a JSON content type with a charset', input(call(13, 'picture'), { headers: { 'content-type': 'application/json; charset=utf-8' } })],
  ['tools/list, first page', input({ jsonrpc: '2.0', id: 14, method: 'tools/list' })],
  ['tools/list, last page', input({ jsonrpc: '2.0', id: 15, method: 'tools/list', params: { cursor: '8' } })],
  ['tools/list, a read key', input({ jsonrpc: '2.0', id: 16, method: 'tools/list', params: { cursor: '4' } }, { who: caller('key_read', 'read') })],
  ['tools/list, a bad cursor', input({ jsonrpc: '2.0', id: 17, method: 'tools/list', params: { cursor: 'x' } })]
]

/** Exchanges left to the transport: its refusals and everything but one tools/call or tools/list request. */
const THROUGH_SDK: Array<[string, ExchangeInput]> = [
  ['initialize', input({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } })],
  ['a notification', input({ jsonrpc: '2.0', method: 'notifications/initialized' })],
  ['a batch', input([call(1, 'picture'), call(2, 'refuse', {})])],
  ['ping', input({ jsonrpc: '2.0', id: 3, method: 'ping' })],
  ['no event-stream in accept', input(call(4, 'picture'), { headers: { accept: 'application/json' } })],
  ['an unsupported protocol version', input(call(5, 'picture'), { headers: { 'mcp-protocol-version': '1999-01-01' } })],
  ['not JSON-RPC', input({ jsonrpc: '1.0', id: 6, method: 'tools/call' })],
  ['a top-level key JSON-RPC does not have', input({ jsonrpc: '2.0', id: 6, method: 'tools/list', extra: true })],
  ['an unparsed body', { ...input(call(7, 'picture')), parsedBody: undefined, text: '{"jsonrpc": ' }]
]

/** What the route sends of an answer (a direct one also carries the message it was written from, for drift). */
const wire = async (answer: Promise<Answer>) => {
  const { status, headers, text } = await answer
  return { status, headers, text }
}

for (const json of [false, true]) {
  t.test(`the direct path answers what the transport answers (${json ? 'JSON' : 'SSE'})`, async (t) => {
    for (const [what, exchange] of DIRECT) {
      const one = { ...exchange, jsonResponse: json }
      t.ok(directRequest(one), `${what}: direct`)
      const expected = await wire(viaSdk(one))
      t.same(await wire(respond(one, OPTIONS)), expected, what)
      t.same(await wire(respond(one, OPTIONS)), expected, `${what}, again on a pooled server`)
    }
    for (const [what, exchange] of THROUGH_SDK) {
      const one = { ...exchange, jsonResponse: json }
      t.equal(directRequest(one), undefined, `${what}: through the transport`)
      t.same(await respond(one, OPTIONS), await viaSdk(one), what)
    }
  })
}

t.test('the answers compared are what a client reads', async (t) => {
  const answer = await respond(input(call(1, 'echo_text', {})), OPTIONS)
  t.same(answer.headers, [['cache-control', 'no-cache, no-transform'], ['connection', 'keep-alive'], ['content-type', 'text/event-stream'], ['x-accel-buffering', 'no']])
  t.match(answer.text, /^event: message\ndata: \{"result":\{"content":\[\{"type":"text","text":"quotes \\" backslash/)
  t.equal(JSON.parse(answer.text.slice('event: message\ndata: '.length)).result.content[0].text, AWKWARD)
  t.ok(logged.some((error) => error instanceof Error && error.message === 'boom'), 'unexpected failures reach the log on both paths')
})

t.test('callers sharing a pooled server, calls in flight together, each answered as itself', async (t) => {
  const callers = [caller('key_a', 'full', 'wsOne'), caller('key_b', 'full', 'wsTwo'), caller('key_c', 'read', 'wsThree'), caller('key_d', 'full', 'wsFour')]
  const answers = callers.map((who, i) => respond(input(call(i, 'whoami', { wait: who.keyId }), { who }), OPTIONS))
  await new Promise((resolve) => setImmediate(resolve))
  t.equal(gates.size, callers.length, 'all four calls are running at once')
  // Finish them in the reverse order they started.
  for (const who of [...callers].reverse()) gates.get(who.keyId)!()
  for (const [i, answer] of (await Promise.all(answers)).entries()) {
    const message = JSON.parse((answer.text.split('data: ')[1]))
    t.equal(message.id, i)
    t.same(JSON.parse(message.result.content[0].text), { key: callers[i].keyId, workspace: callers[i].workspaceId })
  }
})
