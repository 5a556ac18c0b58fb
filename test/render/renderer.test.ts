// The scene renderer as a library: every fixture as SVG and PNG, frames, failures, sanitising, the off switch, timeouts.
import t from 'tap'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { createRenderer, isRendererPicture, PNG_MAX_HEIGHT, PNG_MAX_WIDTH, type RenderableScene } from '../../src/render/renderer.js'
import { sceneIdentity } from '../../src/render/contract.js'

interface XmlNode { textContent: string | null, getAttribute: (name: string) => string | null, localName: string }
interface XmlDocument { documentElement: XmlNode, getElementsByTagName: (name: string) => ArrayLike<XmlNode> }
interface JsdomModule { JSDOM: new (html: string) => { window: { DOMParser: new () => { parseFromString: (s: string, type: string) => XmlDocument } } } }
// jsdom ships no types; these few lines are all the test needs of it.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as JsdomModule
const { DOMParser } = new JSDOM('').window

const ROOT = join(import.meta.dirname, '..', '..', 'fixtures')
const ROADMAP = 'roadmap-2027'
const THEMES_FRAME = 'nsdg1bXZkTowt5TubTZF9'
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

interface SceneFile { name: string, content: RenderableScene }
interface TextElement { type: string, id: string, text: string, containerId: string | null, frameId: string | null, isDeleted: boolean }

function loadScenes (): SceneFile[] {
  const dirs = [join(ROOT, 'minimal', 'content'), ...readdirSync(join(ROOT, 'default')).map((ws) => join(ROOT, 'default', ws, 'content'))]
  return dirs.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.excalidraw')).map((f) => ({
    name: f.replace(/\.excalidraw$/, ''),
    content: JSON.parse(readFileSync(join(dir, f), 'utf8')) as RenderableScene
  })))
}

/** Parses as XML (parsererror = not well-formed) and gives the lines of every <text>. */
function parseSvg (svg: string): { doc: XmlDocument, lines: Set<string> } {
  const doc = new DOMParser().parseFromString(svg, 'text/xml')
  if (doc.getElementsByTagName('parsererror').length > 0) throw new Error(`not well-formed XML: ${doc.documentElement.textContent}`)
  const lines = new Set<string>()
  for (const el of Array.from(doc.getElementsByTagName('text'))) lines.add(el.textContent ?? '')
  for (const el of Array.from(doc.getElementsByTagName('tspan'))) lines.add(el.textContent ?? '')
  return { doc, lines }
}

function texts (content: RenderableScene): TextElement[] {
  return (content.elements as TextElement[]).filter((el) => el.type === 'text' && !el.isDeleted)
}

function textLines (elements: TextElement[]): string[] {
  return elements.flatMap((el) => el.text.split('\n')).filter((line) => line.trim().length > 0)
}

/** Script elements, event handlers, and references other than embedded images, fragments and web/mail links. */
function unsafeReferences (svg: string): string[] {
  const refs = [...svg.matchAll(/\shref="([^"]{0,40})/g)].map((m) => m[1]).filter((ref) => !/^(data:image\/|#|https?:|mailto:)/.test(ref))
  return [...refs, ...svg.match(/<script|\son[a-z]+=/gi) ?? []]
}

function pngSize (png: Buffer): { width: number, height: number } {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

const scenes = loadScenes()
const byName = (name: string) => scenes.find((s) => s.name === name)!.content
const renderer = createRenderer({ enabled: true, timeoutMs: 30_000 })
t.teardown(() => renderer.close())

t.test('every fixture scene renders to a well-formed SVG with its texts and fonts', async (t) => {
  t.ok(scenes.length >= 17, `${scenes.length} fixture scenes`)
  for (const { name, content } of scenes) {
    const started = performance.now()
    const svg = await renderer.renderSvg(content)
    const { doc, lines } = parseSvg(svg)
    t.equal(doc.documentElement.localName, 'svg', `${name}: svg root`)
    t.match(doc.documentElement.getAttribute('viewBox'), /^0 0 [\d.]+ [\d.]+$/, `${name}: viewBox`)
    t.notOk(isRendererPicture(svg), `${name}: a drawing, not an error picture`)
    const missing = textLines(texts(content).filter((el) => el.containerId === null)).filter((line) => !lines.has(line))
    t.same(missing, [], `${name}: every standalone text line is in the SVG`)
    if (texts(content).length > 0) t.match(svg, /@font-face \{ font-family: Excalifont; src: url\(data:font\/woff2;base64,/, `${name}: font inlined`)
    t.same(unsafeReferences(svg), [], `${name}: nothing scriptable or remote`)
    t.comment(`${name}: ${Math.round(performance.now() - started)} ms, ${svg.length} chars`)
  }
})

t.test('a frame render holds only that frame', async (t) => {
  const content = byName(ROADMAP)
  const whole = await renderer.renderSvg(content)
  const svg = await renderer.renderSvg(content, { frameId: THEMES_FRAME })
  const { lines } = parseSvg(svg)
  const frameOf = (el: TextElement) => el.frameId ?? null
  const inside = textLines(texts(content).filter((el) => frameOf(el) === THEMES_FRAME))
  const outside = textLines(texts(content).filter((el) => frameOf(el) !== THEMES_FRAME))
  t.ok(inside.length > 3 && outside.length > 3)
  t.same(inside.filter((line) => !lines.has(line)), [], 'all texts of the frame')
  t.same(outside.filter((line) => lines.has(line)), [], 'no text of another frame')
  t.ok(svg.length < whole.length, 'smaller than the whole scene')
})

t.test('PNG: signature, fitted into 1920 × 1080 and maxWidth, never enlarged', async (t) => {
  const wide = pngSize(await renderer.renderPng(byName(ROADMAP)))
  t.ok(wide.width <= PNG_MAX_WIDTH && wide.width >= PNG_MAX_WIDTH - 2 && wide.height <= PNG_MAX_HEIGHT, `roadmap ${wide.width}×${wide.height}`)
  const tall = pngSize(await renderer.renderPng(byName('onboarding-flow')))
  t.ok(tall.height <= PNG_MAX_HEIGHT && tall.width <= PNG_MAX_WIDTH, `onboarding ${tall.width}×${tall.height}`)
  const narrow = pngSize(await renderer.renderPng(byName(ROADMAP), { maxWidth: 640 }))
  t.ok(narrow.width <= 640 && narrow.width >= 638, `maxWidth 640 → ${narrow.width}×${narrow.height}`)
  t.ok(Math.abs(narrow.width / narrow.height - wide.width / wide.height) < 0.05, 'aspect ratio kept')
  const capped = pngSize(await renderer.renderPng(byName(ROADMAP), { maxWidth: 5000 }))
  t.ok(capped.width <= PNG_MAX_WIDTH, 'maxWidth cannot lift the 1920 cap')
  const small = byName('simple-shapes')
  const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(await renderer.renderSvg(small))!
  const natural = pngSize(await renderer.renderPng(small))
  t.same(natural, { width: Math.ceil(Number(viewBox[1])), height: Math.ceil(Number(viewBox[2])) }, 'a small scene keeps its natural size')
  const framed = pngSize(await renderer.renderPng(byName(ROADMAP), { frameId: THEMES_FRAME }))
  t.ok(framed.width < wide.width, 'frame PNG')
})

t.test('broken scenes give an escaped error picture, never a throw', async (t) => {
  const cases: Array<[string, RenderableScene, string | undefined, RegExp]> = [
    ['null element', { elements: [null] }, undefined, /element at index 0 is not an object/],
    ['elements not an array', { elements: 'garbage' } as unknown as RenderableScene, undefined, /elements must be an array/],
    ['non-finite geometry', { elements: [{ id: 'r', type: 'rectangle', x: 0, y: 0, width: 'wide', height: 10 }] }, undefined,
      /width is not a finite number/],
    ['unknown frame', byName(ROADMAP), '<script>alert(1)</script>', /frame &lt;script&gt;alert\(1\)&lt;\/script&gt; is not in the scene/],
    ['not a frame', byName(ROADMAP), texts(byName(ROADMAP))[0].id, /is a text, not a frame/]
  ]
  for (const [label, content, frameId, message] of cases) {
    const svg = await renderer.renderSvg(content, { frameId })
    parseSvg(svg)
    t.ok(isRendererPicture(svg), `${label}: isRendererPicture`)
    t.match(svg, /data-render="error"/, `${label}: error picture`)
    t.match(svg, message, `${label}: says why`)
    t.notMatch(svg, /<script/, `${label}: escaped`)
    t.same(pngSize(await renderer.renderPng(content, { frameId })).width, 480, `${label}: error PNG`)
  }
  t.match(renderer.stats().lastError, /is a text, not a frame/, 'stats keep the last error')
})

t.test('user content cannot put script, remote references or broken XML into the SVG', async (t) => {
  const el = (id: string, extra: Record<string, unknown>) => ({ id, type: 'rectangle', x: 0, y: 0, width: 100, height: 50,
    strokeColor: '#1e1e1e', backgroundColor: 'transparent', angle: 0, ...extra })
  const content: RenderableScene = {
    appState: { viewBackgroundColor: '"/><script>alert(1)</script>' },
    elements: [
      el('a', { link: 'javascript:alert(1)' }),
      el('b', { x: 200, link: 'https://example.com/?q=<b>&x="1"' }),
      el('c', { x: 400, strokeColor: '"><script>alert(2)</script>' }),
      { id: 't', type: 'text', x: 0, y: 100, width: 200, height: 25, text: '<script>alert(3)</script> & "q"', fontSize: 20, fontFamily: 5 },
      el('i', { type: 'image', y: 200, fileId: 'remote', status: 'saved', scale: [1, 1] })
    ],
    files: { remote: { id: 'remote', mimeType: 'image/png', created: 1, dataURL: 'https://tracker.example/pixel.png' } }
  }
  const svg = await renderer.renderSvg(content)
  const { lines } = parseSvg(svg)
  t.ok(lines.has('<script>alert(3)</script> & "q"'), 'the text survives as text')
  t.notMatch(svg, /<script|javascript:|tracker\.example/i)
  t.same(unsafeReferences(svg), [])
  t.match(svg, /<a href="https:\/\/example\.com\/\?q=&lt;b&gt;&amp;x=/, 'a web link stays, escaped')
})

t.test('cache: keyed by the drawing\'s identity, cleared on demand', async (t) => {
  const content = byName('simple-shapes')
  const before = renderer.stats()
  const first = await renderer.renderSvg(content, { scene: sceneIdentity(content) })
  const second = await renderer.renderSvg(content, { scene: sceneIdentity(content) })
  t.equal(second, first)
  await renderer.renderPng(content, { scene: sceneIdentity(content) })
  await renderer.renderPng(content, { scene: sceneIdentity(content) })
  const after = renderer.stats()
  t.equal(after.renders - before.renders, 1, 'one worker render for two SVGs and two PNGs')
  t.equal(after.cacheHits - before.cacheHits, 3)
  t.ok(after.cacheEntries >= 2)
  renderer.clearCache()
  t.equal(renderer.stats().cacheEntries, 0)
  await renderer.renderSvg(content, { scene: sceneIdentity(content) })
  t.equal(renderer.stats().renders - after.renders, 1, 'rendered again after clearCache')
})

t.test('a render that times out gives an error picture; the next one restarts the worker', async (t) => {
  const content = byName(ROADMAP)
  await renderer.renderSvg(byName('simple-shapes'))
  const before = renderer.stats()
  const svg = await renderer.renderSvg(content, { timeoutMs: 1 })
  t.match(svg, /data-render="error"/)
  t.match(svg, /render took longer than 1 ms/)
  t.equal(renderer.stats().timeouts - before.timeouts, 1)
  t.equal(renderer.stats().workerRunning, false, 'the worker was killed')
  const restarted = performance.now()
  const again = await renderer.renderSvg(content)
  t.comment(`restart + cold render: ${Math.round(performance.now() - restarted)} ms`)
  t.notMatch(again, /data-render/, 'a drawing again')
  t.equal(renderer.stats().workerStarts - before.workerStarts, 1, 'one restart')
})

t.test('disabled: placeholders and no worker, ever', async (t) => {
  const off = createRenderer({ enabled: false, timeoutMs: 1 })
  const svg = await off.renderSvg(byName(ROADMAP), { frameId: THEMES_FRAME })
  parseSvg(svg)
  t.match(svg, /data-render="placeholder"/)
  t.match(svg, /Rendering is turned off/)
  const size = pngSize(await off.renderPng(byName(ROADMAP), { maxWidth: 240 }))
  t.ok(size.width <= 240, 'placeholder PNG honours maxWidth')
  t.same({ starts: off.stats().workerStarts, running: off.stats().workerRunning }, { starts: 0, running: false })
  await off.close()
})

t.test('close: the worker ends and later renders reject', async (t) => {
  t.equal(renderer.stats().workerRunning, true)
  await renderer.close()
  t.equal(renderer.stats().workerRunning, false)
  await t.rejects(renderer.renderSvg(byName('simple-shapes')), /renderer is closed/)
  await t.rejects(renderer.renderPng(byName('simple-shapes')), /renderer is closed/)
})
