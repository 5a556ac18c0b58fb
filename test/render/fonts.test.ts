// Fonts in the pictures: every face embedded in an SVG holds glyphs (a face with an empty glyf table is what
// browsers reject: "OTS parsing error: glyf: zero-length table"), the editor's faces come in for the text that uses
// them, CJK text brings Xiaolai (the editor's hand-drawn CJK face) into the SVG and shows in the PNG.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { createRenderer, type RenderableScene } from '../../src/render/renderer.js'
import { facesOf, facesWithoutOutlines as empty } from './woff2.js'

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures')
const renderer = createRenderer({ enabled: true, timeoutMs: 120_000, workers: 1, prerendered: false })
t.teardown(() => renderer.close())

function text (id: string, y: number, value: string, fontFamily: number): Record<string, unknown> {
  return { id, type: 'text', x: 0, y, width: 420, height: 35, angle: 0, strokeColor: '#1e1e1e', backgroundColor: 'transparent', fillStyle: 'solid',
    strokeWidth: 2, strokeStyle: 'solid', roughness: 1, opacity: 100, seed: 1, version: 1, versionNonce: 1, isDeleted: false, groupIds: [],
    frameId: null, boundElements: null, updated: 1, link: null, locked: false, text: value, originalText: value, fontSize: 28, fontFamily,
    textAlign: 'left', verticalAlign: 'top', containerId: null, autoResize: true, lineHeight: 1.25 }
}

const scene = (elements: Array<Record<string, unknown>>): RenderableScene => ({ elements, appState: { viewBackgroundColor: '#ffffff' }, files: {} })

t.test('a fixture scene: only faces with glyphs, the hand-drawn one among them', async (t) => {
  const roadmap = JSON.parse(readFileSync(join(FIXTURES, 'default', 'acme', 'content', 'roadmap-2027.excalidraw'), 'utf8')) as RenderableScene
  const faces = facesOf(await renderer.renderSvg(roadmap))
  t.ok(faces.length > 0, `${faces.length} faces`)
  t.same(empty(faces), [], 'no face without outlines')
  t.same([...new Set(faces.map((face) => face.family))], ['Excalifont'])
})

t.test('CJK text: Xiaolai comes in with glyphs; the normal face (Nunito) is embedded for its own text', async (t) => {
  const svg = await renderer.renderSvg(scene([text('hand', 0, 'Hello 你好世界 안녕', 5), text('normal', 60, 'Nunito 数据库', 6)]))
  const faces = facesOf(svg)
  t.same(empty(faces), [], 'no face without outlines')
  t.same(new Set(faces.map((face) => face.family)), new Set(['Excalifont', 'Xiaolai', 'Nunito']))
  t.match(svg, 'font-family="Excalifont, Xiaolai, sans-serif, Segoe UI Emoji"', 'hand-drawn text falls back to Xiaolai, then the system')
  t.match(svg, 'font-family="Nunito, sans-serif, Segoe UI Emoji"', 'normal text falls back to the system\'s sans-serif')
})

t.test('CJK text in a PNG is drawn, not left out', async (t) => {
  // Same boxes, so the same picture size: only the glyphs differ. Vanishing text would give byte-identical PNGs.
  const cjk = await renderer.renderPng(scene([text('t', 0, '你好世界', 5)]))
  const blank = await renderer.renderPng(scene([text('t', 0, '    ', 5)]))
  t.same([cjk.readUInt32BE(16), cjk.readUInt32BE(20)], [blank.readUInt32BE(16), blank.readUInt32BE(20)], 'same size')
  t.notOk(cjk.equals(blank), 'the CJK characters left marks')
})
