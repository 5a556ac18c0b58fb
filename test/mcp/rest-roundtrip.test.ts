// The planners' PATCH bodies go through the real REST PATCH route unchanged: the GET body is a usable snapshot,
// the route schema and the content service accept the patch, and each tool call is one content write.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build, call, type TestLike } from '../helper.js'
import { createIdFactory } from '../../src/lib/ids.js'
import type { Element } from '../../src/schemas/elements.js'
import type { PatchBody, SceneSnapshot } from '../../src/mcp/core/draft.js'
import { planEdit } from '../../src/mcp/edit.js'
import { planDiagram } from '../../src/mcp/diagram.js'
import { planCreateSlide, listSlides } from '../../src/mcp/slides.js'
import { planAddImage } from '../../src/mcp/image.js'
import { searchSceneContent } from '../../src/mcp/search.js'

const ids = createIdFactory(8)
const now = { now: () => Date.parse('2026-06-01T12:00:00.000Z') }
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000010000000080806000000', 'hex')

async function snapshot (t: TestLike, app: FastifyInstance, sceneId: string): Promise<SceneSnapshot> {
  const res = await call(t, app, 'GET', `/api/v1/scenes/${sceneId}/content`)
  return { elements: res.body.elements as Element[], files: res.body.files }
}

async function patch (t: TestLike, app: FastifyInstance, sceneId: string, body: PatchBody): Promise<number> {
  const before = (await call(t, app, 'GET', `/api/v1/scenes/${sceneId}`)).body.metadata.updateCount
  const res = await call(t, app, 'PATCH', `/api/v1/scenes/${sceneId}/content`, { body })
  if (res.status !== 200) t.fail(`PATCH answered ${res.status}: ${JSON.stringify(res.body)}`)
  return (await call(t, app, 'GET', `/api/v1/scenes/${sceneId}`)).body.metadata.updateCount - before
}

t.test('edit, diagram, slide and image plans apply as single REST PATCHes', async (t) => {
  const app = await build(t)
  for (const sceneId of ['scnShapes01', 'scnImage001', 'scnEmpty001']) {
    const edit = planEdit(await snapshot(t, app, sceneId), {
      add: JSON.stringify([{ type: 'rectangle', tempId: 'r', x: 5000, y: 0, label: { text: 'Auth Flow' } },
        { type: 'arrow', x: 5100, y: 100, points: [[0, 0], [0, 80]], startBinding: { elementId: 'r', fixedPoint: [0.5, 1] } }])
    }, ids, now)
    t.equal(await patch(t, app, sceneId, edit.patch), 1, `${sceneId}: edit is one write`)
    const after = await snapshot(t, app, sceneId)
    t.equal(searchSceneContent(after.elements, { query: 'auth_flow' }).elements[0]?.id, edit.answer.tempIdMap.r)

    const diagram = await planDiagram(after, { nodes: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }], edges: [{ from: 'a', to: 'b', label: 'go' }] }, ids, now)
    t.equal(await patch(t, app, sceneId, diagram.patch), 1, `${sceneId}: diagram is one write`)

    const slide = planCreateSlide(await snapshot(t, app, sceneId), { name: 'Deck' }, ids, now)
    t.equal(await patch(t, app, sceneId, slide.patch), 1, `${sceneId}: slide is one write`)
    t.ok(listSlides(await snapshot(t, app, sceneId)).slides.some((s) => s.frameId === slide.answer.frameId))

    const image = planAddImage(await snapshot(t, app, sceneId), { dataUrl: `data:image/png;base64,${PNG.toString('base64')}`, x: 0, y: 0 }, ids, now)
    t.equal(await patch(t, app, sceneId, image.patch), 1, `${sceneId}: image is one write`)
    const final = await call(t, app, 'GET', `/api/v1/scenes/${sceneId}/content`)
    t.ok(final.body.files[image.answer.fileId], 'the file is stored')
    t.match(image.answer, { width: 16, height: 8 })
  }
})
