// Every way a call can be wrong answers the right way, with a message that says what to send instead: -32700 only for
// text that is not JSON, -32600 for JSON that is no JSON-RPC message, -32602 for tools/call and tools/list params that
// do not fit, and a tool error (isError) for arguments and frames the agent can fix; never an "MCP error" prefix.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, build, call } from '../helper.js'
import { rpc, textJson } from './endpoint-helper.js'

let app: FastifyInstance
t.before(async () => { app = await build(t, { renderer: false }) })

const SSE = /^text\/event-stream/
const sse = (message: unknown) => `event: message\ndata: ${JSON.stringify(message)}\n\n`
const invalidParams = (id: number, message: string) => sse({ jsonrpc: '2.0', id, error: { code: -32602, message } })
const invalidRequest = (message: string) => JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message }, id: null })
const toolCall = (id: number, params: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/call', params })

t.test('tools/call params that do not fit: -32602 in the answer stream, with what to send', async (t) => {
  const cases: Array<[string, unknown, string]> = [
    ['arguments null', { name: 'list_scenes', arguments: null }, 'params.arguments must be an object of the tool\'s arguments ({} when it takes none), got null'],
    ['arguments an array', { name: 'list_scenes', arguments: [1] }, 'params.arguments must be an object of the tool\'s arguments ({} when it takes none), got [1]'],
    ['arguments a number', { name: 'list_scenes', arguments: 3 }, 'params.arguments must be an object of the tool\'s arguments ({} when it takes none), got 3'],
    ['params {}', {}, 'tools/call needs params.name, the tool to call, such as {"name": "list_scenes", "arguments": {}}; tools/list names the tools'],
    ['a numeric tool name', { name: 42, arguments: {} }, 'params.name must be a tool name (a string), got 42; tools/list names the tools']
  ]
  for (const [what, params, message] of cases) {
    const answer = await rpc(app, KEYS.full, toolCall(7, params))
    t.equal(answer.status, 200, what)
    t.match(answer.headers['content-type'], SSE)
    t.equal(answer.headers['cache-control'], 'no-cache, no-transform')
    t.equal(answer.raw.body, invalidParams(7, message), what)
  }
  const noParams = await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 8, method: 'tools/call' })
  t.equal(noParams.raw.body, invalidParams(8, 'tools/call needs params.name, the tool to call, such as {"name": "list_scenes", "arguments": {}}; tools/list names the tools'))
  const unknown = await rpc(app, KEYS.full, toolCall(9, { name: 'list_scene', arguments: {} }))
  t.equal(unknown.raw.body, invalidParams(9, 'Tool list_scene not found; tools/list names the tools this key may call'))
})

t.test('a bad tools/list cursor: -32602', async (t) => {
  const numeric = await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 5 } })
  t.equal(numeric.status, 200)
  t.equal(numeric.raw.body, invalidParams(1, 'params.cursor must be the nextCursor string of the previous tools/list page, got 5; leave it out for the first page'))
  for (const cursor of ['x', '-1', '1.5', '999']) {
    const bad = await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { cursor } })
    t.equal(bad.raw.body, invalidParams(2, `Invalid cursor ${JSON.stringify(cursor)}: pass the nextCursor of the previous tools/list page, or no cursor for the first page`), cursor)
  }
})

t.test('JSON that is no JSON-RPC message: HTTP 400, -32600, id null; never 202 or -32700', async (t) => {
  const cases: Array<[string, unknown, string]> = [
    ['an empty batch', [], 'Invalid Request: an empty batch holds no message; send one request object, or an array of them'],
    ['jsonrpc 1.0', { jsonrpc: '1.0', id: 1, method: 'tools/list' }, 'Invalid Request: "jsonrpc" must be "2.0", got "1.0"'],
    ['an object id', { jsonrpc: '2.0', id: {}, method: 'tools/list' }, 'Invalid Request: "id" must be a string or an integer, got {}'],
    ['a null id', { jsonrpc: '2.0', id: null, method: 'tools/list' }, 'Invalid Request: "id" must be a string or an integer, got null'],
    ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'tools/list' }, 'Invalid Request: "id" must be a string or an integer, got 1.5'],
    ['a numeric method', { jsonrpc: '2.0', id: 1, method: 7 }, 'Invalid Request: "method" must be a string, got 7'],
    ['params a string', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: 'all' }, 'Invalid Request: "params" must be an object, got "all"'],
    ['a number', 42, 'Invalid Request: a JSON-RPC message is an object such as {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, not 42'],
    ['neither method nor result', { jsonrpc: '2.0', id: 1 }, 'Invalid Request: a message needs a "method" (a request or a notification), or a "result" or an "error" (a response)'],
    ['a bad batch item', [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: true, method: 'ping' }], 'Invalid Request: batch item 1: "id" must be a string or an integer, got true'],
    ['an unknown top-level key', { jsonrpc: '2.0', id: 1, method: 'tools/list', extra: 1 }, 'Invalid Request: not a JSON-RPC 2.0 message (an unknown top-level key, or a field of the wrong type)']
  ]
  for (const [what, body, message] of cases) {
    const answer = await rpc(app, KEYS.full, body)
    t.equal(answer.status, 400, what)
    t.match(answer.headers['content-type'], /^application\/json/, what)
    t.equal(answer.raw.body, invalidRequest(message), what)
  }
  const notJson = await rpc(app, KEYS.full, '{"jsonrpc": "2.0", "id": ')
  t.same([notJson.status, notJson.raw.body], [400, JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: Invalid JSON' }, id: null })], 'text that is not JSON is the only -32700')
})

t.test('take_screenshot of a frame the scene does not hold: a tool error, not a picture', async (t) => {
  const missing = await rpc(app, KEYS.full, toolCall(3, { name: 'take_screenshot', arguments: { sceneId: 'scnImage001', frameId: 'nope' } }))
  t.equal(missing.status, 200)
  t.same(missing.message, {
    result: { content: [{ type: 'text', text: JSON.stringify({ error: 'frame nope is not in scene scnImage001: search_scene_content with types ["frame"] lists its frames; leave frameId out to render the whole scene' }) }], isError: true },
    jsonrpc: '2.0',
    id: 3
  })
  const notAFrame = await rpc(app, KEYS.full, toolCall(4, { name: 'take_screenshot', arguments: { sceneId: 'scnImage001', frameId: 'V6tGPAzERM5Ps1mac0dbJ' } }))
  t.equal(notAFrame.message.result.isError, true, 'a rectangle is no frame')
  const frame = await rpc(app, KEYS.full, toolCall(5, { name: 'take_screenshot', arguments: { sceneId: 'scnImage001', frameId: 'pbavLiA3W6ypenN53VjcZ' } }))
  t.same(frame.message.result.content.map((item: { type: string }) => item.type), ['image'], 'a frame the scene holds renders')
  t.notOk(frame.message.result.isError)
})

t.test('tool arguments follow unknownFields: reject refuses an undeclared one, strip drops it', async (t) => {
  const args = { limit: 1, colour: 'red' }
  const refused = await rpc(app, KEYS.full, toolCall(11, { name: 'list_scenes', arguments: args }))
  t.same(refused.message.result, {
    content: [{ type: 'text', text: JSON.stringify({ error: 'Input validation error: arguments must NOT have additional property \'colour\'. list_scenes takes collectionId, limit, offset' }) }],
    isError: true
  })
  const missing = await rpc(app, KEYS.full, toolCall(12, { name: 'get_scene', arguments: {} }))
  t.same(textJson(missing.message.result), { error: 'Input validation error: arguments must have required property \'sceneId\'. get_scene takes sceneId (required)' })
  t.equal((await app.inject({ method: 'PUT', url: '/_emulator/compat', payload: { unknownFields: 'strip' } })).statusCode, 200)
  t.teardown(async () => { await app.inject({ method: 'PUT', url: '/_emulator/compat', payload: { unknownFields: 'reject' } }) })
  const stripped = await rpc(app, KEYS.full, toolCall(13, { name: 'list_scenes', arguments: args }))
  t.same(textJson(stripped.message.result), (await call(t, app, 'GET', '/api/v1/scenes?limit=1')).body, 'the undeclared argument is dropped')
  const nested = await rpc(app, KEYS.full, toolCall(14, { name: 'create_diagram', arguments: { sceneId: 'scnEmpty001', nodes: [{ id: 'a', label: 'A', colour: 'red' }], edges: [] } }))
  t.notOk(nested.message.result.isError, 'nested objects are stripped too')
})
