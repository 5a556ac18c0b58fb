// edit_scene_content answers what it did: a colour the renderer cannot draw is refused as REST refuses it, with
// nothing stored, and an update that changes nothing is not counted; the answer says what was not applied and why.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, build, call } from '../helper.js'
import { rpc, textJson } from './endpoint-helper.js'

let app: FastifyInstance
t.before(async () => { app = await build(t) })

const toolCall = (id: number, params: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/call', params })

t.test('a hex colour without "#": refused by MCP as by REST, nothing stored', async (t) => {
  const before = (await call(t, app, 'GET', '/api/v1/scenes/scnShapes01/content')).body
  const add = JSON.stringify([{ type: 'rectangle', x: 0, y: 0, width: 100, height: 50, backgroundColor: 'ffec99' }])
  const tool = await rpc(app, KEYS.full, toolCall(6, { name: 'edit_scene_content', arguments: { sceneId: 'scnShapes01', add } }))
  t.same(tool.message.result, { content: [{ type: 'text', text: JSON.stringify({ error: 'Element add[0]: backgroundColor "ffec99" is a hex colour without "#": send "#ffec99"' }) }], isError: true })
  const update = JSON.stringify([{ id: '60D0FJAFcNDgvTbPfjw_k', strokeColor: '#ffec9' }])
  const patched = await rpc(app, KEYS.full, toolCall(7, { name: 'edit_scene_content', arguments: { sceneId: 'scnShapes01', update } }))
  t.same(textJson(patched.message.result), { error: 'Element update[0] (element 60D0FJAFcNDgvTbPfjw_k): strokeColor "#ffec9" is not a hex colour: "#" takes 3, 4, 6 or 8 hex digits' })
  const element = { ...before.elements[1], strokeColor: 'ffec99' }
  const rest = await call(t, app, 'PATCH', '/api/v1/scenes/scnShapes01/content', { body: { elements: [element] } })
  t.same([rest.status, rest.body], [400, { statusCode: 400, error: 'Bad Request', message: 'Element 60D0FJAFcNDgvTbPfjw_k: strokeColor "ffec99" is a hex colour without "#": send "#ffec99"' }])
  t.same((await call(t, app, 'GET', '/api/v1/scenes/scnShapes01/content')).body, before, 'nothing was stored')
  const named = await rpc(app, KEYS.full, toolCall(8, { name: 'edit_scene_content', arguments: { sceneId: 'scnShapes01', update: JSON.stringify([{ id: '60D0FJAFcNDgvTbPfjw_k', strokeColor: 'transparent' }]) } }))
  t.equal(textJson(named.message.result).updated, 1, '"transparent" is a colour')
})

t.test('an update that cannot apply is not counted, and the answer says why', async (t) => {
  const arrow = 's_P94E3cJejT5aSFolZn9'
  const labelOnly = await rpc(app, KEYS.full, toolCall(9, { name: 'edit_scene_content', arguments: { sceneId: 'scnShapes01', update: JSON.stringify([{ id: arrow, label: { text: 'yes' } }]) } }))
  t.same(textJson(labelOnly.message.result), {
    added: 0,
    updated: 0,
    deleted: 0,
    addedElementIds: [],
    tempIdMap: {},
    elements: [],
    notApplied: [{ at: 'update[0].label', id: arrow, reason: 'an arrow gets a label only when it is added: delete the arrow and add it again with "label", or add a text with containerId' }]
  })
  const version = (await call(t, app, 'GET', '/api/v1/scenes/scnShapes01')).body.metadata.sceneVersion
  const same = await rpc(app, KEYS.full, toolCall(10, { name: 'edit_scene_content', arguments: { sceneId: 'scnShapes01', update: JSON.stringify([{ id: arrow, strokeStyle: 'solid' }, { id: arrow, strokeStyle: 'dashed' }]) } }))
  const answer = textJson(same.message.result)
  t.equal(answer.updated, 1, 'one element changed, by the second patch')
  t.same(answer.notApplied, [{ at: 'update[0]', id: arrow, reason: 'no change: the element already has these values' }])
  t.not((await call(t, app, 'GET', '/api/v1/scenes/scnShapes01')).body.metadata.sceneVersion, version, 'the real change was stored')
})
