// create_diagram through POST /api/v1/mcp: the laid-out diagram is stored in one write that REST reads back whole
// (every layout property holds on what GET returns), and a call the layout cannot take answers isError, writing nothing.
import t from 'tap'
import { KEYS, build, call } from '../helper.js'
import { callTool, textJson } from './endpoint-helper.js'
import { diagramProblems, generateGraph } from './diagram-checks.js'

const SCENE = 'scnEmpty001'

t.test('a diagram is one write that REST reads back laid out; bad calls write nothing', async (t) => {
  const app = await build(t)
  const content = async () => (await call(t, app, 'GET', `/api/v1/scenes/${SCENE}/content`)).body
  const version = async () => (await call(t, app, 'GET', `/api/v1/scenes/${SCENE}`)).body.metadata.sceneVersion
  const before = await version()
  const spec = generateGraph(2331, 14)
  const answer = textJson(await callTool(app, KEYS.full, 'create_diagram', { sceneId: SCENE, ...spec, direction: 'down' }))
  const stored = await content()
  t.equal(stored.elements.length, answer.added, 'every element the answer counts is stored')
  t.same(diagramProblems(stored.elements, spec, answer), [])
  const after = await version()
  t.not(after, before, 'the scene changed')

  const shared = await callTool(app, KEYS.full, 'create_diagram', {
    sceneId: SCENE, nodes: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }, { id: 'c', label: 'C' }], edges: [],
    groups: [{ nodes: ['a', 'b'] }, { nodes: ['b', 'c'] }]
  })
  t.equal(shared.isError, true)
  t.match(textJson(shared).error, /^groups\[0\] and groups\[1\] share the node "b"/)
  const missing = await callTool(app, KEYS.full, 'create_diagram', { sceneId: 'scnNope000001', nodes: [{ id: 'a', label: 'A' }], edges: [] })
  t.equal(missing.isError, true, 'an unknown scene is a tool error')
  t.equal(await version(), after, 'neither failed call wrote anything')
  t.equal((await content()).elements.length, answer.added)
})
