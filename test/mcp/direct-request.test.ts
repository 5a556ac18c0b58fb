// Which requests take the direct path (api/v1/mcp/direct.ts): its quick check of the common request must agree with
// the SDK's own JSONRPCRequestSchema on every body, the usual ones and the odd ones it leaves to the SDK; and the tool
// sets a caller sees (server.ts visibleTools), worked out once per caller's facts, differ wherever those facts do.
import t from 'tap'
import { isJSONRPCRequest } from '@modelcontextprotocol/server'
import { directRequest } from '../../src/api/v1/mcp/direct.js'
import type { ExchangeInput } from '../../src/api/v1/mcp/exchange-types.js'
import { visibleTools, type McpServerOptions } from '../../src/api/v1/mcp/server.js'
import type { ToolEntry } from '../../src/api/v1/mcp/tools/unit.js'
import type { Caller } from '../../src/services/context.js'

const HEADERS = { 'accept': 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25' }
const input = (parsedBody: unknown): ExchangeInput =>
  ({ context: undefined as never, headers: HEADERS, url: 'http://127.0.0.1:3000/api/v1/mcp', parsedBody, text: JSON.stringify(parsedBody), jsonResponse: false })

const call = { name: 'list_scenes', arguments: { limit: 10 } }
/** Bodies as a client's JSON.parse gives them (so `__proto__` is an own key, as the route's parser leaves it). */
const BODIES: Array<[string, string]> = [
  ['a tools/call', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: call })],
  ['a string id', JSON.stringify({ jsonrpc: '2.0', id: 'a-1', method: 'tools/call', params: call })],
  ['id 0 and a negative id', JSON.stringify({ jsonrpc: '2.0', id: -7, method: 'tools/list' })],
  ['tools/list without params', JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })],
  ['tools/list with a cursor', JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { cursor: '4' } })],
  ['keys in another order', JSON.stringify({ params: call, method: 'tools/call', id: 3, jsonrpc: '2.0' })],
  ['a progress token', JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { ...call, _meta: { progressToken: 'p' } } })],
  ['a fractional progress token', JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { ...call, _meta: { progressToken: 1.5 } } })],
  ['_meta that is not an object', JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { ...call, _meta: 3 } })],
  ['a related task of the wrong shape', JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { ...call, _meta: { 'io.modelcontextprotocol/related-task': { taskId: 1 } } } })],
  ['a fractional id', JSON.stringify({ jsonrpc: '2.0', id: 1.5, method: 'tools/call', params: call })],
  ['an id past the safe integers', '{"jsonrpc":"2.0","id":18014398509481984,"method":"tools/call","params":{"name":"list_scenes"}}'],
  ['a null id', JSON.stringify({ jsonrpc: '2.0', id: null, method: 'tools/call', params: call })],
  ['no id (a notification)', JSON.stringify({ jsonrpc: '2.0', method: 'tools/call', params: call })],
  ['an extra top-level key', JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: call, extra: 1 })],
  ['a __proto__ key', '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"list_scenes"},"__proto__":{"x":1}}'],
  ['params null', JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: null })],
  ['params an array', JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: [] })],
  ['params a string', JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: 'x' })],
  ['jsonrpc 1.0', JSON.stringify({ jsonrpc: '1.0', id: 7, method: 'tools/call', params: call })],
  ['a method that is no string', JSON.stringify({ jsonrpc: '2.0', id: 7, method: 7 })],
  ['another method', JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'ping' })],
  ['a response', JSON.stringify({ jsonrpc: '2.0', id: 8, result: {} })],
  ['not an object', '"tools/call"'],
  ['null', 'null']
]

t.test('the direct path takes exactly the tools/call and tools/list requests the SDK takes', async (t) => {
  for (const [what, text] of BODIES) {
    const body: unknown = JSON.parse(text)
    const sdkTakes = isJSONRPCRequest(body) && ['tools/call', 'tools/list'].includes(body.method)
    t.equal(directRequest(input(body)) !== undefined, sdkTakes, what)
  }
})

const entry = (name: string, backing: string | null): ToolEntry => ({ declaration: { name, backing } }) as unknown as ToolEntry
const OPTIONS: McpServerOptions = {
  version: '1',
  instructions: '',
  tools: [entry('read_things', 'GET /things'), entry('write_things', 'POST /things'), entry('read_logs', 'GET /logs'), entry('guide', null)],
  operations: new Map([
    ['GET /things', { method: 'GET', signature: 'GET /things', adminOnly: false }],
    ['POST /things', { method: 'POST', signature: 'POST /things', adminOnly: false }],
    ['GET /logs', { method: 'GET', signature: 'GET /logs', adminOnly: false, adminRead: true }]
  ]),
  pageSize: 0
}
const who = (facts: Partial<Caller>): Caller => ({ workspaceId: 'ws', user: null, keyId: 'k', permission: 'full', routes: null, ip: null, ...facts })
const names = (caller: Caller, memberReads: 'allow' | 'deny' = 'deny') => visibleTools(caller, OPTIONS, { memberReads }).tools.map((tool) => tool.declaration.name)
const member = { id: 'u1', role: 'member' } as unknown as Caller['user']
const admin = { id: 'u2', role: 'admin' } as unknown as Caller['user']

t.test('each caller sees the tools the permission rule gives its facts, worked out once per facts', async (t) => {
  t.same(names(who({})), ['read_things', 'write_things', 'read_logs', 'guide'], 'a full workspace key')
  t.same(names(who({ permission: 'read' })), ['read_things', 'read_logs', 'guide'], 'a read key')
  t.same(names(who({ routes: ['GET /things'] })), ['read_things', 'guide'], 'a key restricted to one route')
  t.same(names(who({ routes: ['POST /things'] })), ['write_things', 'guide'], 'a key restricted to another route')
  t.same(names(who({ routes: ['GET /things\nPOST /things'] })), ['read_things', 'guide'], 'one rule holding a line break is one rule')
  t.same(names(who({ user: member })), ['read_things', 'write_things', 'guide'], 'a member\'s personal key: no admin reads')
  t.same(names(who({ user: member }), 'allow'), ['read_things', 'write_things', 'read_logs', 'guide'], 'memberReads=allow')
  t.same(names(who({ user: admin })), ['read_things', 'write_things', 'read_logs', 'guide'], 'an admin\'s personal key')
  const first = visibleTools(who({ keyId: 'a', workspaceId: 'one' }), OPTIONS, { memberReads: 'deny' })
  t.equal(visibleTools(who({ keyId: 'b', workspaceId: 'two' }), OPTIONS, { memberReads: 'deny' }), first, 'another key with the same facts shares the set')
  t.equal(first.key, '1111')
  t.equal(visibleTools(who({ permission: 'read' }), OPTIONS, { memberReads: 'deny' }).key, '1011')
})
