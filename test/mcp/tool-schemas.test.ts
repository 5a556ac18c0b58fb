// Tool declarations: counts per surface, schemas that compile, backings that name real REST routes.
import t from 'tap'
import { compileStrict } from '../../src/lib/ajv.js'
import { API_PREFIX } from '../../src/lib/routes.js'
import { TOOLS, findTool, isToolset, pickToolset } from '../../src/api/v1/mcp/tools/index.js'
import { build } from '../helper.js'
const names = (toolset: Parameters<typeof pickToolset>[0]) => pickToolset(toolset).map((tool) => tool.name)

t.test('toolsets hold 30 / 37 / 38 tools with unique names', async (t) => {
  t.equal(names('docs').length, 30)
  t.equal(names('agents').length, 37)
  t.equal(names('all').length, 38)
  t.equal(new Set(names('all')).size, 38)
  t.ok(names('docs').includes('read_excalidraw_format'))
  t.notOk(names('agents').includes('read_excalidraw_format'))
  const agentsOnly = names('agents').filter((name) => !names('docs').includes(name))
  t.same(agentsOnly.sort(), ['add_image', 'create_diagram', 'create_slide', 'list_slides', 'read_diagram_format',
    'read_freeform_format', 'read_presentation_format', 'update_slide'])
  t.ok(names('docs').includes('delete_scene') && names('agents').includes('delete_scene'))
  t.equal(findTool('create_diagram', 'docs'), undefined)
  t.equal(findTool('create_diagram', 'agents')?.name, 'create_diagram')
  t.ok(isToolset('all'))
  t.notOk(isToolset('both'))
})

t.test('every input schema is an object schema ajv compiles; descriptions are present', async (t) => {
  for (const tool of TOOLS) {
    t.equal(tool.inputSchema.type, 'object', tool.name)
    t.doesNotThrow(() => compileStrict(JSON.parse(JSON.stringify(tool.inputSchema))), `${tool.name} compiles`)
    t.ok(tool.description.length > 20, `${tool.name} is described`)
  }
})

t.test('argument types follow the catalogue, quirks included', async (t) => {
  const validate = (name: string, value: unknown) => compileStrict(findTool(name)!.inputSchema)(value)
  t.notOk(validate('edit_scene_content', { sceneId: 's', add: [] }), 'add must be a string')
  t.ok(validate('edit_scene_content', { sceneId: 's', add: '[]', update: '[]', delete: ['a'] }))
  t.ok(validate('create_invite_link', { role: 'member', maxUses: 'unlimited' }))
  t.ok(validate('create_invite_link', { role: 'member', maxUses: '10' }))
  t.notOk(validate('create_invite_link', { role: 'member', maxUses: 10 }), 'maxUses is a string on create')
  t.ok(validate('update_invite', { inviteId: 'i', maxUses: 10 }))
  t.notOk(validate('update_invite', { inviteId: 'i', maxUses: '10' }), 'and an integer on update')
  t.ok(validate('list_logs', { page: '2' }))
  t.notOk(validate('list_logs', { page: 2 }), 'page is a string')
  t.notOk(validate('create_scene', { collectionId: 'c', name: 'n' }), 'pinned is required')
  t.notOk(validate('search_scene_content', { sceneId: 's', limit: 101 }))
  t.notOk(validate('create_diagram', { sceneId: 's', nodes: [{ id: 'a b', label: 'x' }], edges: [] }), 'node id pattern')
  t.notOk(validate('create_diagram', { sceneId: 's', nodes: [{ id: 'a', label: 'x'.repeat(301) }], edges: [] }), 'label cap')
})

t.test('backings are signatures of routes the app serves, or null for the guides only', async (t) => {
  const app = await build(t)
  // `PATCH /scenes/{sceneId}/content` as the router holds it: `PATCH /api/v1/scenes/:sceneId/content`.
  const served = (signature: string): boolean => {
    const [method, path] = signature.split(' ')
    return app.hasRoute({ method: method as 'GET', url: API_PREFIX + path.replace(/\{(\w+)\}/g, ':$1') })
  }
  t.notOk(served('GET /scenes/{sceneId}/pages'), 'a route the app does not serve is not taken for one')
  for (const tool of TOOLS) {
    if (tool.backing === null) t.match(tool.name, /^read_.*_format$/, `${tool.name} has no backing`)
    else t.ok(served(tool.backing), `${tool.name}: ${tool.backing} is a route`)
  }
})
