// MCP tools over POST /api/v1/mcp: listed exactly when the key may call the REST route behind them, calling the
// same services (REST sees what a tool wrote and the reverse), REST failures as isError, and the MCP-only tools.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, build, call, sharedApp } from '../helper.js'
import { TOOLS } from '../../src/api/v1/mcp/tools/index.js'
import { callTool, rpc, textJson, toolNames } from './endpoint-helper.js'

const fresh = sharedApp(t)

const GUIDES = ['read_excalidraw_format', 'read_diagram_format', 'read_presentation_format', 'read_freeform_format']

/** What REST says to `key` on the route behind `backing`, with ids that exist nowhere: 403 or not. */
async function restForbids (app: FastifyInstance, key: string, backing: string): Promise<boolean> {
  const [method, path] = backing.split(' ')
  const url = '/api/v1' + path.replace(/\{[^}]+\}/g, 'zz-none')
  const res = await app.inject({ method: method as 'GET', url, headers: { 'authorization': `Bearer ${key}`, 'content-type': 'application/json' }, payload: method === 'GET' || method === 'DELETE' ? undefined : '{}' })
  return res.statusCode === 403
}

t.test('each key lists exactly the tools whose REST route it may call', async (t) => {
  const app = await fresh()
  for (const key of [KEYS.full, KEYS.read, KEYS.admin, KEYS.member, KEYS.scenes, KEYS.other]) {
    const listed = new Set(await toolNames(app, key))
    for (const tool of TOOLS) {
      const expected = tool.backing === null || !(await restForbids(app, key, tool.backing))
      if (listed.has(tool.name) !== expected) t.fail(`${key} ${tool.name}: listed ${listed.has(tool.name)}, REST allows ${expected}`)
    }
    t.pass(`${key}: ${listed.size} tools, in step with REST`)
  }
  t.same(await toolNames(app, KEYS.scenes), ['list_scenes', 'get_scene', 'update_scene', 'delete_scene', ...GUIDES],
    'a route-restricted key sees its routes\' tools and the guides')
  const read = await toolNames(app, KEYS.read)
  t.notOk(read.some((name) => /^(create|update|delete|remove|edit|add)_/.test(name)), 'a read key sees no writing tool')
  t.ok(read.includes('get_scene_content') && read.includes('take_screenshot') && read.includes('list_slides'))
})

t.test('a hidden tool called anyway is unknown, and writes nothing', async (t) => {
  const app = await fresh()
  const before = (await call(t, app, 'GET', '/api/v1/collections')).body.data.length
  const result = await callTool(app, KEYS.read, 'create_collection', { name: 'sneaky' })
  t.same(result.rpcError, { code: -32602, message: 'Tool create_collection not found; tools/list names the tools this key may call' })
  t.equal((await call(t, app, 'GET', '/api/v1/collections')).body.data.length, before)
})

t.test('toolsets and paging', async (t) => {
  const docs = await build(t, { mcpToolset: 'docs' })
  const agents = await build(t, { mcpToolset: 'agents', mcpPageSize: 10 })
  t.equal((await toolNames(docs, KEYS.full)).length, 30)
  t.ok((await toolNames(docs, KEYS.full)).includes('read_excalidraw_format'))
  const first = await rpc(agents, KEYS.full, { jsonrpc: '2.0', id: 1, method: 'tools/list' })
  t.equal(first.message.result.tools.length, 10)
  t.equal(first.message.result.nextCursor, '10')
  const names: string[] = []
  for (let cursor: string | undefined; ;) {
    const page = await rpc(agents, KEYS.full, { jsonrpc: '2.0', id: 2, method: 'tools/list', params: cursor === undefined ? {} : { cursor } })
    names.push(...page.message.result.tools.map((tool: { name: string }) => tool.name))
    cursor = page.message.result.nextCursor
    if (cursor === undefined) break
  }
  t.equal(names.length, 37)
  t.notOk(names.includes('read_excalidraw_format'))
})

t.test('REST failures are isError with the REST message; bad arguments are isError too', async (t) => {
  const app = await fresh()
  const missing = await callTool(app, KEYS.full, 'get_scene', { sceneId: 'nope' })
  t.equal(missing.isError, true)
  t.match(textJson(missing), { error: /Scene.*nope|nope/ })
  const privateOnWorkspaceKey = await callTool(app, KEYS.full, 'create_scene', { collectionId: 'private', name: 'x', pinned: false })
  t.equal(privateOnWorkspaceKey.isError, true)
  const rest = await call(t, app, 'POST', '/api/v1/scenes', { body: { collectionId: 'private', name: 'x', pinned: false } })
  t.same(textJson(privateOnWorkspaceKey), { error: rest.body.message }, 'the same message as REST')
  const invalid = await callTool(app, KEYS.full, 'create_scene', { name: 'x' })
  t.equal(invalid.isError, true)
  t.match(textJson(invalid).error, /^Input validation error: arguments must have required property 'collectionId'/)
})

t.test('edit_scene_content through MCP moves the scene as a REST PATCH would', async (t) => {
  const app = await fresh()
  const before = (await call(t, app, 'GET', '/api/v1/scenes/scnEmpty001')).body.metadata
  const add = JSON.stringify([
    { type: 'rectangle', tempId: 'box', x: 0, y: 0, width: 200, height: 80, label: { text: 'Auth Flow' } },
    { type: 'ellipse', tempId: 'db', x: 400, y: 0, width: 120, height: 80 },
    { type: 'arrow', tempId: 'link', x: 200, y: 40, points: [[0, 0], [200, 0]], startBinding: { elementId: 'box', fixedPoint: [1, 0.5] }, endBinding: { elementId: 'db', fixedPoint: [0, 0.5] } }
  ])
  const answer = textJson(await callTool(app, KEYS.full, 'edit_scene_content', { sceneId: 'scnEmpty001', add }))
  t.match(answer, { added: 4, updated: 0, deleted: 0 })
  const content = (await call(t, app, 'GET', '/api/v1/scenes/scnEmpty001/content')).body
  t.equal(content.elements.length, 4)
  const after = (await call(t, app, 'GET', '/api/v1/scenes/scnEmpty001')).body.metadata
  t.not(after.sceneVersion, before.sceneVersion)
  t.equal(after.contentEpoch, before.contentEpoch, 'a merge, not a replacement')
  t.equal(after.updateCount, before.updateCount + 1)
  const found = textJson(await callTool(app, KEYS.full, 'search_scene_content', { sceneId: 'scnEmpty001', query: 'AUTH_FLOW' }))
  t.equal(found.count, 1)
  t.equal(found.elements[0].id, answer.tempIdMap.box)
  t.equal(found.elements[0].labelText, 'Auth Flow')
  const asArray = await callTool(app, KEYS.full, 'edit_scene_content', { sceneId: 'scnEmpty001', add: [] })
  t.equal(asArray.isError, true, 'add must be a JSON string')
  const broken = await callTool(app, KEYS.full, 'edit_scene_content', { sceneId: 'scnEmpty001', add: '[{"type": ' })
  t.same(broken.rpcError, { code: -32603, message: 'Internal error' })
  t.equal((await call(t, app, 'GET', '/api/v1/scenes/scnEmpty001/content')).body.elements.length, 4, 'failed calls wrote nothing')
})

t.test('slides, diagrams and images', async (t) => {
  const app = await fresh()
  const slide = textJson(await callTool(app, KEYS.full, 'create_slide', { sceneId: 'scnEmpty001', name: 'Intro' }))
  t.match(slide, { frameId: String, width: 854, height: 480 })
  const second = textJson(await callTool(app, KEYS.full, 'create_slide', { sceneId: 'scnEmpty001', name: 'Plan' }))
  const slides = textJson(await callTool(app, KEYS.full, 'list_slides', { sceneId: 'scnEmpty001' }))
  t.same(slides.slides.map((s: any) => s.name), ['Intro', 'Plan'])
  textJson(await callTool(app, KEYS.full, 'update_slide', { sceneId: 'scnEmpty001', frameId: second.frameId, index: 0 }))
  t.same(textJson(await callTool(app, KEYS.full, 'list_slides', { sceneId: 'scnEmpty001' })).slides.map((s: any) => s.name), ['Plan', 'Intro'])
  const diagram = textJson(await callTool(app, KEYS.full, 'create_diagram', {
    sceneId: 'scnEmpty001', nodes: [{ id: 'a', label: 'Start' }, { id: 'b', label: 'End' }], edges: [{ from: 'a', to: 'b', label: 'go' }]
  }))
  t.ok(diagram.added > 0)
  const badId = await callTool(app, KEYS.full, 'create_diagram', { sceneId: 'scnEmpty001', nodes: [{ id: 'a b', label: 'x' }], edges: [] })
  t.equal(badId.isError, true)
  const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
  const image = textJson(await callTool(app, KEYS.full, 'add_image', { sceneId: 'scnEmpty001', dataUrl: png, x: 0, y: 600, width: 50 }))
  t.match(image, { elementId: String, fileId: String, mimeType: 'image/png', width: 50 }, 'an image element and its file')
  const content = (await call(t, app, 'GET', '/api/v1/scenes/scnEmpty001/content')).body
  t.equal(Object.keys(content.files).length, 1, 'the file is stored with the scene')
  const remote = await callTool(app, KEYS.full, 'add_image', { sceneId: 'scnEmpty001', url: 'https://example.com/a.png', x: 0, y: 0 })
  t.equal(remote.isError, true)
  t.match(textJson(remote).error, /remote images are not supported/)
})

t.test('take_screenshot: a PNG that fits 1920x1080; the guides are text', async (t) => {
  const app = await fresh()
  const shot = await callTool(app, KEYS.read, 'take_screenshot', { sceneId: 'scnShapes01', maxWidth: 640 })
  t.equal(shot.content[0].type, 'image')
  t.equal(shot.content[0].mimeType, 'image/png')
  const bytes = Buffer.from(shot.content[0].data, 'base64')
  t.same([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join(''), 'PNG')
  t.ok(bytes.readUInt32BE(16) <= 640 && bytes.readUInt32BE(20) <= 1080, 'fits')
  const guide = await callTool(app, KEYS.read, 'read_excalidraw_format')
  t.equal(guide.content[0].type, 'text')
  t.match(guide.content[0].text, /tempId/)
})
