// edit_scene_content planning: delete → update → add, tempIds, labels, bindings, cascades and the error kinds.
import t from 'tap'
import { planEdit, type EditArgs } from '../../src/mcp/edit.js'
import { searchSceneContent } from '../../src/mcp/search.js'
import { arrow, cid, frame, rect, text } from '../content/element-builders.js'
import { apply, byId, clock, internalFails, seeded, stored, toolFails } from './helpers.js'

const R = cid('rect')
const A = cid('arrow')
const L = cid('label')
const F = cid('frame')
const C = cid('child')
const plan = (current: ReturnType<typeof stored>, args: EditArgs, seed = 11) => planEdit(current, args, seeded(seed), clock)
const json = (value: unknown) => JSON.stringify(value)

t.test('happy path: tempIds, a labelled shape, an arrow bound to it with a label', async (t) => {
  const current = stored([rect(R, { x: 400, y: 0, width: 200, height: 80 })])
  const add = json([
    { type: 'frame', tempId: 'slide', x: -100, y: -100, width: 900, height: 400, name: 'One' },
    { type: 'arrow', tempId: 'link', x: 200, y: 40, points: [[0, 0], [200, 0]], frameId: 'slide',
      startBinding: { elementId: 'box', fixedPoint: [1, 0.5] }, endBinding: { elementId: R, fixedPoint: [0, 0.5], mode: 'inside' },
      label: { text: 'calls' } },
    { type: 'rectangle', tempId: 'box', x: 0, y: 0, width: 200, height: 80, frameId: 'slide', label: { text: 'Auth Flow', fontSize: 16 } }
  ])
  const { patch, answer } = plan(current, { add })
  t.equal(answer.added, 5, 'three skeletons and two labels')
  t.equal(answer.updated, 0)
  t.equal(answer.deleted, 0)
  t.same(Object.keys(answer.tempIdMap), ['slide', 'link', 'box'])
  t.equal(answer.addedElementIds.length, 5)
  t.same(answer.elements.map((e) => e.type), ['frame', 'arrow', 'text', 'rectangle', 'text'])
  const next = apply(t, current, patch)
  const box = byId(next, answer.tempIdMap.box)
  const link = byId(next, answer.tempIdMap.link)
  t.equal(box.frameId, answer.tempIdMap.slide, 'frameId tempId resolved')
  t.same(link.startBinding, { elementId: answer.tempIdMap.box, fixedPoint: [1, 0.5], mode: 'inside' }, 'binding tempId resolved, mode defaulted')
  const boxLabel = next.elements.find((e) => e.containerId === box.id) as Record<string, unknown>
  t.match(boxLabel, { type: 'text', text: 'Auth Flow', verticalAlign: 'middle', textAlign: 'center', fontSize: 16, frameId: answer.tempIdMap.slide })
  t.equal((boxLabel.x as number) + (boxLabel.width as number) / 2, 100, 'label centred horizontally')
  t.equal((boxLabel.y as number) + (boxLabel.height as number) / 2, 40, 'label centred vertically')
  t.same(box.boundElements, [{ id: boxLabel.id, type: 'text' }, { id: link.id, type: 'arrow' }], 'container lists its label and the arrow')
  t.same(byId(next, R).boundElements, [{ id: link.id, type: 'arrow' }], 'the stored target lists the arrow')
  t.equal(byId(next, R).version, 2, 'the stored target got one version bump')
  const arrowLabel = next.elements.find((e) => e.containerId === link.id) as Record<string, unknown>
  t.equal((arrowLabel.x as number) + (arrowLabel.width as number) / 2, 300, 'arrow label at the path midpoint')
  const found = searchSceneContent(next.elements, { query: 'auth-flow' })
  t.same(found.elements.map((e) => [e.id, e.labelText]), [[box.id, 'Auth Flow']], 'the new label is found through its container')
})

t.test('skeleton completion fills every required field with editor defaults', async (t) => {
  const add = json([{ type: 'text', text: 'Title', x: 100, y: 10, textAlign: 'center' }, { type: 'ellipse' }, { type: 'line' },
    { type: 'arrow', elbowed: true, points: [[10, 10], [10, 60], [90, 60]] }, { type: 'freedraw' }, { type: 'stickynote' }])
  const { patch, answer } = plan(stored([]), { add })
  apply(t, stored([]), patch)
  const [title, ellipse, line, elbow] = patch.elements
  t.match(title, { fontSize: 20, fontFamily: 5, lineHeight: 1.25, containerId: null, originalText: 'Title', version: 1, isDeleted: false, updated: 1789000000000 })
  t.equal((title.x as number) + (title.width as number) / 2, 100, 'centre-aligned text: x is the centre')
  t.match(ellipse, { width: 100, height: 100, roundness: null, strokeColor: '#1e1e1e', backgroundColor: 'transparent', boundElements: null })
  t.match(line, { points: [[0, 0], [100, 0]], width: 100, height: 0, endArrowhead: null, roundness: { type: 2 } })
  t.match(elbow, { x: 10, y: 10, points: [[0, 0], [0, 50], [80, 50]], width: 80, height: 50, roundness: null, endArrowhead: 'arrow' })
  const indices = patch.elements.map((e) => e.index as string)
  t.same([...indices].sort(), indices, 'indices increase in add order')
  t.equal(answer.added, 6)
})

t.test('the same call under the same seed plans the same patch', async (t) => {
  const add = json([{ type: 'rectangle', label: { text: 'a' } }, { type: 'diamond' }])
  t.same(plan(stored([]), { add }, 5), plan(stored([]), { add }, 5))
})

t.test('update patches, label edits and the arrow-label quirk', async (t) => {
  const current = stored([
    rect(R, { width: 200, height: 100, boundElements: [{ id: L, type: 'text' }] }),
    text(L, { containerId: R, text: 'old', originalText: 'old' }),
    arrow(A)
  ])
  const update = json([
    { id: R, x: 50, label: { text: 'new text' } },
    { id: A, label: { text: 'never shown' }, strokeColor: '#e03131' }
  ])
  const { patch, answer } = plan(current, { update })
  t.match(answer, { added: 0, updated: 2, deleted: 0, addedElementIds: [] }, 'arrow label by update: added 0, no error')
  const next = apply(t, current, patch)
  t.match(byId(next, R), { x: 50, version: 2 })
  t.match(byId(next, L), { text: 'new text', originalText: 'new text', version: 2 })
  t.equal((byId(next, L).x as number) + (byId(next, L).width as number) / 2, 150, 'label re-centred on the moved container')
  t.match(byId(next, A), { strokeColor: '#e03131', version: 2 })
  t.notOk(next.elements.some((e) => e.containerId === A), 'no label was created on the arrow')
  t.notOk('label' in byId(next, R), 'label is no stored field')
})

t.test('update label on a shape without one creates it', async (t) => {
  const current = stored([rect(R)])
  const { patch, answer } = plan(current, { update: json([{ id: R, label: { text: 'hi' } }]) })
  t.equal(answer.added, 1)
  apply(t, current, patch)
  toolFails(t, () => plan(current, { update: json([{ id: R, label: 'hi' }]) }), /update\[0\]\.label must be an object/)
})

t.test('deletes cascade: a frame takes its children, a container its label; bound arrows are unbound', async (t) => {
  const current = stored([
    frame(F),
    rect(C, { frameId: F, boundElements: [{ id: L, type: 'text' }] }),
    text(L, { containerId: C, frameId: F }),
    rect(R, { boundElements: [{ id: A, type: 'arrow' }] }),
    arrow(A, { endBinding: { elementId: R, fixedPoint: [0, 0.5], mode: 'inside' } })
  ])
  const { patch, answer } = plan(current, { delete: [F, R] })
  t.equal(answer.deleted, 4, 'frame, child, child label, shape')
  t.equal(plan(current, { delete: [C] }).answer.deleted, 2, 'a container takes its label')
  const next = apply(t, current, patch)
  for (const id of [F, C, L, R]) t.equal(byId(next, id).isDeleted, true, `${id} tombstoned`)
  t.match(byId(next, A), { isDeleted: false, endBinding: null, version: 2 }, 'the surviving arrow lost its binding')
})

t.test('deleting a shape and the arrow bound to it in one call is refused', async (t) => {
  const current = stored([rect(R), arrow(A, { startBinding: { elementId: R, fixedPoint: [1, 0.5], mode: 'inside' } })])
  toolFails(t, () => plan(current, { delete: [R, A] }), /delete the arrow first/)
  t.equal(plan(current, { delete: [A] }).answer.deleted, 1, 'the arrow alone is fine')
})

t.test('argument errors: tool errors vs internal errors', async (t) => {
  const current = stored([rect(R)])
  // A non-string add or update, or a delete that is no array, is the input schema's (tool-arguments.test.ts).
  internalFails(t, () => plan(current, { add: '[{"type":"rectangle"' }))
  internalFails(t, () => plan(current, { update: 'not json' }))
  toolFails(t, () => plan(current, { add: '{"type":"rectangle"}' }), /add must hold a JSON array/)
  toolFails(t, () => plan(current, { delete: [cid('nope')] }), /delete\[0\]: element nope_+ not found/)
  toolFails(t, () => plan(current, { add: json([{ id: 'x', type: 'rectangle' }]) }), /do not send "id"/)
  toolFails(t, () => plan(current, { add: json([{ type: 'blob' }]) }), /add\[0\]: type must be one of/)
  toolFails(t, () => plan(current, { add: json([{ type: 'text' }]) }), /needs "text"/)
  toolFails(t, () => plan(current, { add: json([{ type: 'rectangle', tempId: 'a' }, { type: 'ellipse', tempId: 'a' }]) }), /used twice/)
  toolFails(t, () => plan(current, { add: json([{ type: 'line', label: { text: 'x' } }]) }), /labels belong on/)
  toolFails(t, () => plan(current, { add: json([{ type: 'rectangle', tempId: 'b', frameId: 'nowhere' }]) }),
    /^Element add\[0\] \(tempId "b"\): frameId nowhere does not reference an existing element/)
  toolFails(t, () => plan(current, { add: json([{ type: 'rectangle', opacity: 300 }]) }), /^Element add\[0\]: opacity must be <= 100/)
  toolFails(t, () => plan(current, { update: json([{ id: R, type: 'ellipse' }]) }), /type cannot change/)
  toolFails(t, () => plan(current, { update: json([{ x: 1 }]) }), /needs the "id"/)
  toolFails(t, () => plan(current, { update: json([{ id: R, isDeleted: true }]) }), /use|list the id in "delete"/)
  const echoed = plan(current, { update: json([{ ...current.elements[0], x: 7 }]) })
  t.match(echoed.patch.elements[0], { x: 7, version: 2, isDeleted: false }, 'a whole element echoed back is a patch')
  toolFails(t, () => plan(current, { add: json([{ type: 'arrow', points: 'abc', label: { text: 'x' } }]) }), /^Element add\[0\]: points must be an array/)
  toolFails(t, () => plan(stored([arrow(A)]), { update: json([{ id: A, points: [[0, 0], ['x', 1]] }]) }),
    /^Element update\[0\] \(element arrow_+\): points\[1\]\[0\] must be a finite number/)
  t.same(plan(current, { add: '', update: ' ' }).answer.added, 0, 'blank strings mean nothing')
})
