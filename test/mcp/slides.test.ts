// Slide tools: create (append and insert), list in x order with child counts, rename and reorder with children.
import t from 'tap'
import { listSlides, planCreateSlide, planUpdateSlide } from '../../src/mcp/slides.js'
import { cid, frame, rect, text } from '../content/element-builders.js'
import { apply, byId, clock, seeded, stored, toolFails } from './helpers.js'

const deck = () => stored([
  frame(cid('s2'), { x: 1204, y: 0, width: 854, height: 480, name: 'Two' }),
  frame(cid('s1'), { x: 0, y: 0, width: 854, height: 480, name: 'One' }),
  rect(cid('box'), { x: 1300, y: 100, frameId: cid('s2'), boundElements: [{ id: cid('lbl'), type: 'text' }] }),
  text(cid('lbl'), { x: 1310, y: 110, containerId: cid('box') }),
  rect(cid('free'), { x: 0, y: 900 })
])

t.test('create_slide on an empty scene: 854x480 at the origin with its safe area', async (t) => {
  const current = stored([])
  const { patch, answer } = planCreateSlide(current, {}, seeded(), clock)
  t.same(answer, {
    frameId: answer.frameId, index: 0, name: 'Slide 1', x: 0, y: 0, width: 854, height: 480,
    safeArea: { x: 56, y: 56, width: 742, height: 376 }
  })
  const next = apply(t, current, patch)
  t.match(byId(next, answer.frameId), { type: 'frame', name: 'Slide 1' })
  const second = planCreateSlide(next, { name: 'Agenda' }, seeded(2), clock)
  t.match(second.answer, { index: 1, x: 1204, y: 0, name: 'Agenda', safeArea: { x: 1260, y: 56, width: 742, height: 376 } })
})

t.test('list_slides orders frames by x and counts their live children', async (t) => {
  t.same(listSlides(deck()), {
    count: 2,
    slides: [
      { index: 0, frameId: cid('s1'), name: 'One', x: 0, y: 0, width: 854, height: 480, childCount: 0 },
      { index: 1, frameId: cid('s2'), name: 'Two', x: 1204, y: 0, width: 854, height: 480, childCount: 1 }
    ]
  })
  t.same(listSlides(stored([])), { count: 0, slides: [] })
})

t.test('inserting a slide shifts the later slides and their children right', async (t) => {
  const current = deck()
  const { patch, answer } = planCreateSlide(current, { index: 1, name: 'Between' }, seeded(), clock)
  t.match(answer, { index: 1, x: 1204 })
  const next = apply(t, current, patch)
  t.equal(byId(next, cid('s2')).x, 2408)
  t.equal(byId(next, cid('box')).x, 2504, 'child moved with its slide')
  t.equal(byId(next, cid('lbl')).x, 2514, 'and the child\'s label too')
  t.equal(byId(next, cid('free')).x, 0, 'elements outside slides stay')
  t.same(listSlides(next).slides.map((s) => s.name), ['One', 'Between', 'Two'])
})

t.test('update_slide renames and moves a slide with its children', async (t) => {
  const current = deck()
  const { patch, answer } = planUpdateSlide(current, { frameId: cid('s2'), index: 0, name: 'Intro' }, seeded(), clock)
  t.match(answer, { frameId: cid('s2'), index: 0, name: 'Intro', x: 0, moved: 4 })
  const next = apply(t, current, patch)
  t.same(listSlides(next).slides.map((s) => [s.name, s.x]), [['Intro', 0], ['One', 1204]])
  t.equal(byId(next, cid('box')).x, 96)
  t.equal(byId(next, cid('s2')).version, 2, 'one version bump although renamed and moved')
  const rename = planUpdateSlide(current, { frameId: cid('s1'), name: 'First' }, seeded(), clock)
  t.same(rename.patch.elements.map((e) => e.id), [cid('s1')], 'a rename touches only the frame')
})

t.test('slide errors are tool errors', async (t) => {
  toolFails(t, () => planCreateSlide(deck(), { index: 3 }, seeded(), clock), /index must be an integer from 0 to 2/)
  toolFails(t, () => planUpdateSlide(deck(), { frameId: cid('box') }, seeded(), clock), /Slide box_+ not found/)
  toolFails(t, () => planUpdateSlide(deck(), { frameId: cid('s1') }, seeded(), clock), /new name, a new index/)
  toolFails(t, () => planUpdateSlide(deck(), { frameId: cid('s1'), index: 2 }, seeded(), clock), /from 0 to 1/)
})
