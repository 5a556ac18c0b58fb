// A 10,000-element scene: the walk stays bounded (open `{}` subtrees are not entered; schema-less bodies stop
// at MAX_WALK_POSITIONS), so drifting it costs about what parsing it does. Proven by counting, not by timing.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { createRng } from '../../../src/lib/rng.js'
import { applyForced, applyRandom } from '../../../src/layers/drift/apply.js'
import { walk } from '../../../src/layers/drift/json-pointer.js'
import { MAX_WALK_POSITIONS } from '../../../src/layers/drift/schema-walk.js'
import { driftKindNames } from '../../../src/layers/drift/kinds/index.js'
import { positions } from '../../../src/layers/drift/kinds/util.js'
import { SceneContentSchema } from '../../../src/schemas/scene-content.js'
import type { DriftContext } from '../../../src/layers/drift/types.js'
import { build } from '../../helper.js'
import { problemList } from '../../problems.js'
import { raw } from './drift-helper.js'

const ELEMENTS = 10_000
const file = JSON.parse(readFileSync(new URL('../../../fixtures/minimal/content/simple-shapes.excalidraw', import.meta.url), 'utf8'))
// A text and a rectangle without bindings, so 10,000 copies stay a valid scene (ids are unique, nothing dangles).
const templates = [file.elements[0], { ...file.elements[1], boundElements: null }]
const elements = Array.from({ length: ELEMENTS }, (_, i) => ({ ...templates[i % 2], id: `element${String(i).padStart(14, '0')}` }))
const content = {
  type: 'excalidraw', version: 2, source: 'https://plus.excalidraw.com', appState: { viewBackgroundColor: '#ffffff' },
  elements, sceneVersion: '7', files: {}
}
const ctx = (seed: number): DriftContext =>
  ({ method: 'GET', route: '/api/v1/scenes/:sceneId/content', statusCode: 200, body: content, schema: SceneContentSchema, rng: createRng(seed) })
const bare = (seed: number): DriftContext => ({ ...ctx(seed), schema: undefined })

t.test('with the schema, element items are positions but their insides are not walked', async (t) => {
  const everything = [...walk(content)].length
  t.ok(everything > 25 * ELEMENTS, `the body has ${everything} positions in all`)
  const walked = positions(ctx(1))
  t.ok(walked.length < ELEMENTS + 20, `drift walks ${walked.length}: the elements and the few fields around them`)
  t.ok(walked.some((entry) => entry.pointer === `/elements/${ELEMENTS - 1}`), 'every element is a position')
  t.notOk(walked.some((entry) => /^\/elements\/\d+\//.test(entry.pointer)), 'nothing inside one')
})

t.test('random drift of the 10,000-element body: every kind that applies, none inside an element', async (t) => {
  const kinds = new Set<string>()
  const seeds = problemList()
  for (let seed = 1; seed <= 40; seed++) {
    const out = applyRandom(ctx(seed), driftKindNames)
    seeds.ok(out !== null, `seed ${seed}: drifts`)
    for (const change of out?.changes ?? []) {
      kinds.add(change.split(' ')[0])
      seeds.notOk(/\/elements\/\d+\//.test(change), `seed ${seed}: ${change} is inside an element (the contract says nothing there)`)
    }
    seeds.equal((out?.body as typeof content | undefined)?.elements?.length ?? ELEMENTS, ELEMENTS, `seed ${seed}: the elements are all still there`)
  }
  t.same(seeds.problems, [], 'seeds 1-40: each drifts, nothing inside an element, every element kept')
  t.ok(kinds.size >= 5, `several kinds drew: ${[...kinds].join(', ')}`)
  t.equal(content.elements.length, ELEMENTS, 'the input is untouched')
})

t.test('without a schema the walk stops at MAX_WALK_POSITIONS', async (t) => {
  const walked = positions(bare(1))
  t.equal(walked.length, MAX_WALK_POSITIONS)
  const out = applyForced(bare(2), ['null-field'])
  t.match(out?.changes, [/^null-field \/(type|version|source|appState|elements)/], 'a site among the positions walked')
})

t.test('through the app: PUT 10,000 elements with forced drift, read them back with drift off', async (t) => {
  const app = await build(t, { drift: true, driftRate: 1 })
  const body = { ...content, elements: content.elements.map((element) => ({ ...element })) }
  const put = await raw(app, 'PUT', '/api/v1/scenes/scnShapes01/content', { body, headers: { 'x-emulator-drift': 'rename-field, deprecation' } })
  t.equal(put.statusCode, 200, put.statusCode === 200 ? 'stored' : put.body)
  t.match(put.headers['x-emulator-drift'], /^rename-field \/[A-Za-z]+, deprecation$/, 'renamed a top-level field')
  const drifted = await raw(app, 'GET', '/api/v1/scenes/scnShapes01/content')
  t.type(drifted.headers['x-emulator-drift'], 'string', 'random drift on the big GET')
  t.equal(JSON.parse(drifted.body).elements?.length ?? ELEMENTS, ELEMENTS)
  const clean = await raw(app, 'GET', '/api/v1/scenes/scnShapes01/content', { headers: { 'x-emulator-drift': 'off' } })
  t.equal(clean.json().elements.length, ELEMENTS, 'stored as sent')
  t.equal(clean.json().sceneVersion !== undefined, true)
})
