// The one drift pipeline under its two adapters: the same forced request and per-request seed drift a REST answer
// and an MCP answer through the same steps, and what the two still count differently (kept as it was): an answer of
// a profiled operation that nothing changed is eligible in the ledger for REST, not for MCP.
import t from 'tap'
import { STRUCTURED_TEXT } from '../../../src/layers/drift/kinds/mcp.js'
import { KEYS, build } from '../../helper.js'
import { rpc } from '../../mcp/endpoint-helper.js'
import { admin, raw, writeProfile } from './drift-helper.js'

/** Changes learned on 401 answers only: a 200 answer of the same operation is left as it is. */
const PROFILE = writeProfile(t, [
  { operation: 'GET /api/v1/workspaces', changes: [{ change: 'header-added', header: 'www-authenticate', value: 'Bearer', status: 401, seen: [] }] },
  { operation: 'POST /api/v1/mcp tools/call list_collections', changes: [{ change: 'header-added', header: 'www-authenticate', value: 'Bearer', status: 401, seen: [] }] }
], 'unauthorized-only.json')

const listCollections = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_collections', arguments: {} } }

t.test('a profiled operation whose changes did not apply: counted for REST, not for MCP', async (t) => {
  const app = await build(t, { driftProfile: PROFILE })
  const rest = await raw(app, 'GET', '/api/v1/workspaces')
  t.same([rest.statusCode, rest.headers['x-emulator-drift'], rest.headers['www-authenticate']], [200, undefined, undefined])
  const mcp = await rpc(app, KEYS.full, listCollections)
  t.same([mcp.status, mcp.headers['x-emulator-drift'], mcp.headers['www-authenticate']], [200, undefined, undefined])
  t.same(await admin(app, 'GET', '/drift/ledger'), {
    eligible: 1,
    perturbed: 0,
    byKind: {},
    byRoute: { 'GET /api/v1/workspaces': { eligible: 1, perturbed: 0, byKind: {} } }
  })
  const refused = await raw(app, 'GET', '/api/v1/workspaces', { key: 'sk-nope' })
  t.same([refused.statusCode, refused.headers['www-authenticate'], refused.headers['x-emulator-drift']], [401, 'Bearer', 'learned header/www-authenticate'],
    'the same operation\'s 401 gets the change')
})

t.test('a forced REST kind on an MCP answer is a warning, an mcp-* kind on a REST answer does not apply', async (t) => {
  const app = await build(t)
  const off = { 'x-emulator-drift': 'off' }
  const plain = await rpc(app, KEYS.full, listCollections, off)
  const mcp = await rpc(app, KEYS.full, listCollections, { 'x-emulator-drift': 'rename-field, mcp-structured-result' })
  t.equal(mcp.status, 200)
  t.equal(mcp.headers['x-emulator-drift'], 'mcp-structured-result /result/content/0/text')
  t.equal(mcp.headers['x-emulator-drift-warning'], 'rename-field does not apply to MCP answers (only the mcp-* kinds do)')
  t.same(mcp.message, {
    ...plain.message,
    result: { content: [{ type: 'text', text: STRUCTURED_TEXT }], structuredContent: JSON.parse(plain.message.result.content[0].text) }
  })
  const rest = await raw(app, 'GET', '/api/v1/collections', { headers: { 'x-emulator-drift': 'mcp-structured-result' } })
  t.same([rest.statusCode, rest.headers['x-emulator-drift'], rest.headers['x-emulator-drift-warning']], [200, undefined, 'mcp-structured-result does not apply to this response'])
  t.same(rest.json(), (await raw(app, 'GET', '/api/v1/collections', { headers: off })).json())
  t.same((await admin(app, 'GET', '/drift/ledger')).byRoute, {
    'GET /api/v1/collections': { eligible: 1, perturbed: 0, byKind: {} },
    'POST /api/v1/mcp tools/call list_collections': { eligible: 1, perturbed: 1, byKind: { 'mcp-structured-result': 1 } }
  }, 'answers drift was asked off for are not counted')
})
