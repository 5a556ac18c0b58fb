// POST /api/v1/mcp, the protocol edges: stateless, SSE or JSON, the SDK's
// refusals, our 401 envelope without WWW-Authenticate, 405 on GET/DELETE, -32700 and -32602, the journal, faults.
import t from 'tap'
import { KEYS, build, sharedApp } from '../helper.js'
import { MCP_URL, rpc, textJson } from './endpoint-helper.js'

const fresh = sharedApp(t)

const INIT = (version: string) => ({
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'tap', version: '1' } }
})

t.test('initialize: our server info and instructions, the version echoed, no session', async (t) => {
  const app = await fresh()
  for (const version of ['2024-10-07', '2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']) {
    const answer = await rpc(app, KEYS.full, INIT(version))
    t.equal(answer.status, 200)
    t.match(answer.headers['content-type'], /^text\/event-stream/)
    t.notOk(answer.headers['mcp-session-id'], 'stateless: no session id')
    const result = answer.message.result
    t.equal(result.protocolVersion, version)
    t.same(result.serverInfo, { name: 'drawing-api-emulator', version: app.emulatorVersion })
    t.same(result.capabilities, { tools: {} })
    t.match(result.instructions, /format/i, 'instructions point at the format guide')
  }
})

t.test('notifications answer 202; tools/call needs no initialize; JSON answers when configured', async (t) => {
  const app = await fresh()
  const note = await rpc(app, KEYS.full, { jsonrpc: '2.0', method: 'notifications/initialized' })
  t.same([note.status, note.raw.body], [202, ''])
  const call = await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_workspace', arguments: {} } })
  t.equal(call.status, 200)
  t.equal(call.message.id, 7)
  t.equal(textJson(call.message.result).id, 'wsMain00001')
  const json = await build(t, { mcpResponse: 'json' })
  const plain = await rpc(json, KEYS.full, { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'get_workspace', arguments: {} } })
  t.match(plain.headers['content-type'], /^application\/json/)
  t.equal(textJson(plain.message.result).id, 'wsMain00001')
})

t.test('protocol refusals', async (t) => {
  const app = await fresh()
  const notAcceptable = await rpc(app, KEYS.full, INIT('2025-06-18'), { accept: 'application/json' })
  t.equal(notAcceptable.status, 406)
  t.equal(notAcceptable.message.error.code, -32000)
  const badVersion = await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-protocol-version': '1999-01-01' })
  t.equal(badVersion.status, 400)
  t.match(badVersion.message.error.message, /Unsupported protocol version/)
  const malformed = await rpc(app, KEYS.full, '{"jsonrpc": "2.0", "id": 1, "method": ')
  t.equal(malformed.status, 400)
  t.same(malformed.message, { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: Invalid JSON' }, id: null })
  const unknown = await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } })
  t.same(unknown.message.error, { code: -32602, message: 'Tool no_such_tool not found; tools/list names the tools this key may call' })
  for (const method of ['GET', 'DELETE'] as const) {
    const res = await app.inject({ method, url: MCP_URL, headers: { authorization: `Bearer ${KEYS.full}` } })
    t.equal(res.statusCode, 405, method)
    t.equal(res.headers.allow, 'POST')
    t.same(res.json(), { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null })
  }
})

t.test('no key or a bad key: 401 in the REST envelope, no WWW-Authenticate', async (t) => {
  const app = await fresh()
  for (const key of [null, 'sk-nope', KEYS.revoked]) {
    const answer = await rpc(app, key, INIT('2025-06-18'))
    t.equal(answer.status, 401, String(key))
    t.equal(answer.raw.json().statusCode, 401)
    t.notOk(answer.headers['www-authenticate'])
  }
  t.equal((await app.inject({ url: '/.well-known/oauth-protected-resource' })).statusCode, 404, 'no OAuth discovery')
})

t.test('the journal names the JSON-RPC method and tool; faults hit MCP like REST', async (t) => {
  const app = await fresh()
  await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_scenes', arguments: { limit: 1 } } })
  const journal = (await app.inject({ url: '/_emulator/requests?path=/mcp' })).json()
  t.equal(journal.total, 1)
  t.same(journal.data[0].mcp, { method: 'tools/call', tool: 'list_scenes' })
  t.equal(journal.data[0].keyId, 'key_test_full')
  t.match(journal.data[0].response.text, /scnShapes01/, 'the answer as it went out')
  const rule = await app.inject({ method: 'PUT', url: '/_emulator/faults', payload: { rules: [{ path: '/mcp', fault: 503, count: 1 }] } })
  t.equal(rule.statusCode, 200)
  const faulted = await rpc(app, KEYS.full, INIT('2025-06-18'))
  t.equal(faulted.status, 503)
  t.equal((await rpc(app, KEYS.full, INIT('2025-06-18'))).status, 200, 'the rule fired once')
})

t.test('a body nested past the bound is refused before the SDK parses it', async (t) => {
  const app = await fresh()
  const deep = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_workspace","arguments":{"x":' + '['.repeat(5000) + ']'.repeat(5000) + '}}}'
  const answer = await rpc(app, KEYS.full, deep)
  t.equal(answer.status, 400)
  t.equal(answer.message.error.code, -32600)
  t.equal((await rpc(app, KEYS.full, INIT('2025-06-18'))).status, 200, 'the emulator lives on')
})

t.test('nesting: the shortest body deeper than 512 levels is refused -32600; one level less is walked no further', async (t) => {
  const app = await fresh()
  const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels)
  const deep = await rpc(app, KEYS.full, nested(513))
  t.same([deep.status, deep.message], [400, { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: nested deeper than 512 levels' }, id: null }])
  const edge = await rpc(app, KEYS.full, nested(512))
  const notMessage = 'a JSON-RPC message is an object such as {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, not [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[...'
  t.same([edge.status, edge.message], [400, { jsonrpc: '2.0', error: { code: -32600, message: `Invalid Request: batch item 0: ${notMessage}` }, id: null }])
})
