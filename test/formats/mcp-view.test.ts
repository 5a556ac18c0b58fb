// The MCP view: the emulator's own MCP answers put in the view (tools keyed by name, a tool's JSON text as `json`)
// by the drift layer and by parity alike, and back again unchanged; a pointer into parity's view changes the drift
// layer's answer; and one name for an MCP operation, whoever names it.
import t from 'tap'
import { contentAsJson, mcpOperation, mcpView, toolsByName } from '../../src/formats/mcp-view.js'
import { applyLearnedMcp } from '../../src/layers/drift/learned-mcp.js'
import { mcpOperations } from '../../src/layers/drift/profile-check.js'
import { callView, mcpSteps, toolsView } from '../../src/parity/scenario/mcp.js'
import { createOperationFinder } from '../../src/parity/shadow/operations.js'
import { KEYS, build } from '../helper.js'
import { MCP_URL, rpc } from '../mcp/endpoint-helper.js'

const call = (name: string, args: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } })

t.test('the emulator\'s answers in the view and back: unchanged', async (t) => {
  const app = await build(t)
  const list = (await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} })).message
  const scene = (await rpc(app, KEYS.full, call('get_scene', { sceneId: 'scnShapes01' }))).message
  const guide = (await rpc(app, KEYS.full, call('read_excalidraw_format'))).message
  for (const [method, message] of [['tools/list', list], ['tools/call', scene], ['tools/call', guide]] as const) {
    const { view, back } = mcpView(method, message)
    t.same(back(view), message, `${method}: back from the view is the answer`)
  }

  const names = list.result.tools.map((tool: { name: string }) => tool.name)
  const listed = mcpView('tools/list', list).view as any
  t.same(Object.keys(listed.result.tools), names, 'tools/list: the tools keyed by name')
  t.same(Object.keys((toolsView(list) as any).result.tools), names, 'parity keys them the same way')
  t.same(toolsByName(list), listed)

  const viewed = mcpView('tools/call', scene).view as any
  t.same(viewed.result.content[0], { type: 'text', json: JSON.parse(scene.result.content[0].text) }, 'a tool\'s JSON text as json, in its place')
  t.same(callView(scene), viewed, 'parity\'s view of a JSON answer is the drift layer\'s')
  t.same(contentAsJson(scene), viewed)

  t.same(mcpView('tools/call', guide).view, guide, 'a text that is not JSON stays as it is for the drift layer')
  t.same((callView(guide) as any).result.content[0], { type: 'text', text: '<text>' }, 'and is own words, compared by type, for parity')
})

t.test('a pointer into parity\'s view changes the drift layer\'s answer, written back as JSON text', async (t) => {
  const app = await build(t)
  const scene = (await rpc(app, KEYS.full, call('get_scene', { sceneId: 'scnShapes01' }))).message
  const pointer = '/result/content/*/json/metadata/name'
  t.type((callView(scene) as any).result.content[0].json.metadata.name, 'string', 'parity\'s view has the place')
  const out = applyLearnedMcp([{ change: 'field-renamed', path: pointer, to: 'title', seen: [] }], 'tools/call', 200, scene)
  const changed = out?.body as any
  const metadata = JSON.parse(changed.result.content[0].text).metadata
  t.same([metadata.title, metadata.name], [JSON.parse(scene.result.content[0].text).metadata.name, undefined])
  t.same({ ...changed, result: { ...changed.result, content: scene.result.content } }, scene, 'nothing else of the answer changed')
})

t.test('an MCP operation has one name: parity\'s scenario, the shadow, the drift layer', async (t) => {
  const route = MCP_URL
  const finder = createOperationFinder({ paths: {} }, 'value')
  const steps = mcpSteps(true).map((step) => step.operation)
  for (const [method, tool, name] of [['tools/list', null, 'POST /api/v1/mcp tools/list'], ['tools/call', 'get_scene', 'POST /api/v1/mcp tools/call get_scene']] as const) {
    t.equal(mcpOperation(route, method, tool), name)
    t.ok(steps.includes(name), `parity's scenario sends ${name}`)
    const body = tool === null ? { jsonrpc: '2.0', id: 1, method } : call(tool)
    t.equal(finder.find('POST', route, body).operation, name, 'the shadow names it so')
  }
  t.same(mcpOperations(route, ['get_scene']), ['POST /api/v1/mcp tools/list', 'POST /api/v1/mcp tools/call get_scene'], 'the drift layer\'s operations')
})
