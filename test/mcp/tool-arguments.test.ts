// The MCP-only tools' arguments are checked once, by the input schema beside each planner, and a refusal through
// POST /api/v1/mcp says what to change in the schema's own words (not ajv's), storing nothing.
import t from 'tap'
import { KEYS, call, sharedApp } from '../helper.js'
import { callTool, rpc, textJson } from './endpoint-helper.js'

const fresh = sharedApp(t)
const SCENE = 'scnEmpty001'
const DIAGRAM_TAKES = 'create_diagram takes sceneId (required), nodes (required), edges, title, direction, groups, nodeSpacing, rankSpacing, clearExisting'
const EDIT_TAKES = 'edit_scene_content takes sceneId (required), add, update, delete'
const node = (id: string) => ({ id, label: id.toUpperCase() })
const nodes = (count: number) => Array.from({ length: count }, (_, i) => node(`n${i}`))

t.test('create_diagram: each rule the schema states is refused in words an agent acts on, and nothing is stored', async (t) => {
  const app = await fresh()
  const version = async () => (await call(t, app, 'GET', `/api/v1/scenes/${SCENE}`)).body.metadata.sceneVersion
  const before = await version()
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['101 nodes', { nodes: nodes(101) }, 'arguments/nodes holds more than 100 nodes: split the diagram into smaller ones'],
    ['201 edges', { nodes: nodes(2), edges: Array.from({ length: 201 }, () => ({ from: 'n0', to: 'n1' })) },
      'arguments/edges holds more than 200 edges: split the diagram into smaller ones'],
    ['21 groups', { nodes: nodes(1), groups: Array.from({ length: 21 }, () => ({ nodes: ['n0'] })) },
      'arguments/groups holds more than 20 groups: split the diagram into smaller ones'],
    ['no nodes', { nodes: [] }, 'arguments/nodes must hold at least one node'],
    ['an empty group', { nodes: nodes(1), groups: [{ nodes: [] }] }, 'arguments/groups/0/nodes must name at least one node'],
    ['a bad node id', { nodes: [node('a b')] }, 'arguments/nodes/0/id is not a valid node id: use only letters, digits, _ . : and -'],
    ['a bad edge end', { nodes: nodes(1), edges: [{ from: 'n0', to: 'x y' }] }, 'arguments/edges/0/to is not a valid node id: use only letters, digits, _ . : and -'],
    ['a long label', { nodes: [{ id: 'a', label: 'x'.repeat(301) }] }, 'arguments/nodes/0/label is longer than 300 characters'],
    ['a long title', { nodes: nodes(1), title: 'é'.repeat(301) }, 'arguments/title is longer than 300 characters'],
    ['nodeSpacing 10', { nodes: nodes(1), nodeSpacing: 10 }, 'arguments/nodeSpacing must be a whole number from 20 to 400 (default 50)'],
    ['nodeSpacing 401', { nodes: nodes(1), nodeSpacing: 401 }, 'arguments/nodeSpacing must be a whole number from 20 to 400 (default 50)'],
    ['nodeSpacing 25.5', { nodes: nodes(1), nodeSpacing: 25.5 }, 'arguments/nodeSpacing must be a whole number from 20 to 400 (default 50)'],
    ['rankSpacing "60"', { nodes: nodes(1), rankSpacing: '60' }, 'arguments/rankSpacing must be a whole number from 40 to 600 (default 60)'],
    ['no nodes argument', {}, 'arguments must have required property \'nodes\'']
  ]
  for (const [name, args, message] of cases) {
    const answer = await callTool(app, KEYS.full, 'create_diagram', { sceneId: SCENE, ...args })
    t.same(answer, { content: [{ type: 'text', text: JSON.stringify({ error: `Input validation error: ${message}. ${DIAGRAM_TAKES}` }) }], isError: true }, name)
  }
  t.equal(await version(), before, 'no refused call stored anything')
})

t.test('create_diagram: edges may be left out, spacing takes the whole range; what a schema cannot say the planner says', async (t) => {
  const app = await fresh()
  const alone = textJson(await callTool(app, KEYS.full, 'create_diagram', { sceneId: SCENE, nodes: nodes(2), nodeSpacing: 20, rankSpacing: 600 }))
  t.match(alone, { added: 4, edgeIds: [], groupIds: [] }, 'two boxes with their labels, no arrows')
  const refused = async (args: Record<string, unknown>) =>
    textJson(await callTool(app, KEYS.full, 'create_diagram', { sceneId: SCENE, nodes: nodes(2), ...args })).error
  t.equal(await refused({ edges: [{ from: 'n0', to: 'zz' }] }), 'edges[0].to: no node has the id "zz"')
  t.equal(await refused({ nodes: [node('a'), node('a')] }), 'node id "a" is used twice')
  t.equal(await refused({ direction: 'sideways' }), 'direction must be one of RIGHT, DOWN, LEFT, UP (any case)')
  t.equal(await refused({ groups: [{ nodes: ['q'] }] }), 'groups[0].nodes: no node has the id "q"')
})

t.test('edit_scene_content: add and update are JSON strings, delete an array, in the schema\'s words', async (t) => {
  const app = await fresh()
  const refused = async (args: Record<string, unknown>) => textJson(await callTool(app, KEYS.full, 'edit_scene_content', { sceneId: SCENE, ...args })).error
  const asString = 'must be a JSON string holding an array (for example "[{\\"type\\":\\"rectangle\\"}]"), not the array itself: serialise it'
  t.equal(await refused({ add: [{ type: 'rectangle' }] }), `Input validation error: arguments/add ${asString}. ${EDIT_TAKES}`)
  t.equal(await refused({ update: [] }), `Input validation error: arguments/update ${asString}. ${EDIT_TAKES}`)
  t.equal(await refused({ delete: 'r1' }), `Input validation error: arguments/delete must be array. ${EDIT_TAKES}`)
  t.equal(await refused({ add: '{"type":"rectangle"}' }), 'add must hold a JSON array, got object', 'JSON that is no array: the planner')
  t.equal((await call(t, app, 'GET', `/api/v1/scenes/${SCENE}/content`)).body.elements.length, 0, 'nothing stored')
})

t.test('create_slide and update_slide: the schema says an index is a whole number from 0, the deck how many slides there are', async (t) => {
  const app = await fresh()
  const slide = async (args: Record<string, unknown>) => textJson(await callTool(app, KEYS.full, 'create_slide', { sceneId: SCENE, ...args }))
  const takes = 'create_slide takes sceneId (required), name, index'
  const whole = 'must be a whole number from 0 (the first slide) to the number of slides'
  t.equal((await slide({ index: -1 })).error, `Input validation error: arguments/index ${whole}. ${takes}`)
  t.equal((await slide({ index: 0.5 })).error, `Input validation error: arguments/index ${whole}. ${takes}`)
  t.equal((await slide({ index: 1 })).error, 'index must be an integer from 0 to 0', 'an empty deck takes index 0 only')
  const first = await slide({ index: 0 })
  const moved = await callTool(app, KEYS.full, 'update_slide', { sceneId: SCENE, frameId: first.frameId, index: -2 })
  t.equal(textJson(moved).error, `Input validation error: arguments/index ${whole}. update_slide takes sceneId (required), frameId (required), name, index`)
})

t.test('tools/list publishes the rules as plain JSON Schema, without the wording', async (t) => {
  const app = await fresh()
  const listed = (await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).message.result.tools
  const schema = listed.find((tool: { name: string }) => tool.name === 'create_diagram').inputSchema
  t.same(schema.required, ['sceneId', 'nodes'], 'edges may be left out')
  t.same(schema.properties.nodes, {
    type: 'array',
    minItems: 1,
    maxItems: 100,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'label'],
      properties: {
        id: { type: 'string', pattern: '^[A-Za-z0-9_.:-]+$', description: 'Your id for the node, made of letters, digits and _ . : -' },
        label: { type: 'string', maxLength: 300, description: 'Text shown in the node (up to 300 characters; keep lines short).' },
        kind: { type: 'string', description: 'Shape hint: "process" (default), "decision", "start", "end", "data".' }
      }
    }
  })
  t.same(schema.properties.nodeSpacing, { type: 'integer', minimum: 20, maximum: 400, description: 'Gap between nodes of one rank (default 50).' })
})
