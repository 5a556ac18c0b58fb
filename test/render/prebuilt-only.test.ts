// The renderer of an install without some of the renderer's packages: its PNG cache takes the renderer's bounds and
// keys a picture by what changes it, as the full renderer's does (render/contract.ts); it serves the build's PNGs
// where they are the picture asked for, or where nothing else can be drawn.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import t, { type Test } from 'tap'
import { SCREENSHOT_DEFAULT_PADDING } from '../../src/api/v1/mcp/tools/content.js'
import { createPrebuiltOnlyRenderer } from '../../src/render/prebuilt-only.js'
import { sceneIdentity, type PngOptions, type RendererStats } from '../../src/render/contract.js'
import { scalePng, svgToPng } from '../../src/render/png.js'
import { packagesNeededSvg } from '../../src/render/pictures.js'
import { pngImage } from '../../src/render/png-pack.js'
import { pictureDigest, writePrerendered } from '../../src/render/prerendered.js'

const STATS: RendererStats = {
  enabled: false, workerRunning: false, workersRunning: 0, workerStarts: 0, workerRecycles: 0, renders: 0, prerenderedHits: 0,
  sharedRenders: 0, rememberedFailures: 0, failures: 0, timeouts: 0, cacheHits: 0, cacheEntries: 0, cacheBytes: 0
}
const scene = { elements: [] }

function renderer (bounds: { cacheEntries?: number }) {
  return createPrebuiltOnlyRenderer({ missing: ['jsdom'], install: 'npm install jsdom', neededPng: Buffer.alloc(0), baseStats: STATS, prerendered: false, ...bounds })
}

t.test('the PNG cache holds what its bound allows, one entry per picture', async (t) => {
  const bounded = renderer({ cacheEntries: 1 })
  const unbounded = renderer({})
  t.teardown(async () => { await bounded.close(); await unbounded.close() })
  for (const r of [bounded, unbounded]) {
    await r.renderPng(scene, { scene: sceneIdentity(scene) })
    await r.renderPng(scene, { scene: sceneIdentity(scene) })
    await r.renderPng(scene, { scene: sceneIdentity(scene), maxWidth: 300 })
    await r.renderPng(scene, { scene: sceneIdentity(scene), padding: 40 })
  }
  t.equal(bounded.stats().cacheEntries, 1, 'cacheEntries: 1 keeps one')
  t.equal(unbounded.stats().cacheEntries, 3, 'the default keeps each: the same picture once, another width and another padding apart')
  let reads = 0
  const source = () => { reads += 1; return scene }
  await unbounded.renderPng(source, { scene: sceneIdentity(scene) })
  t.equal(reads, 0, 'a cached PNG: its content given as a function is not read')
  await unbounded.renderPng(source, { scene: sceneIdentity(scene), maxWidth: 200 })
  t.equal(reads, 1, 'one not cached: read')
})

/** A record holding one small picture: SVG and PNG at the default padding, PNG only at take_screenshot's, the PNGs packed together. */
async function recordWithOnePicture (t: Test, damaged = false) {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100"><rect x="10" y="10" width="180" height="80" fill="#1e90ff"/></svg>'
  const png = await svgToPng(svg)
  const content = { elements: [{ id: 'a', type: 'rectangle' }] }
  const dir = mkdtempSync(join(tmpdir(), 'prebuilt-only-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'pictures.json.br')
  writePrerendered(file, [
    { digest: pictureDigest(content, undefined, 10), elements: 1, svg, png, pngGroup: 'one' },
    { digest: pictureDigest(content, undefined, SCREENSHOT_DEFAULT_PADDING), elements: 1, png, pngGroup: 'one' }
  ])
  if (damaged) {
    const record = JSON.parse(brotliDecompressSync(readFileSync(file)).toString('utf8'))
    record.pngs = record.pngs.map(() => Buffer.from('not brotli').toString('base64'))
    writeFileSync(file, brotliCompressSync(JSON.stringify(record)))
  }
  return { file, content, svg, png }
}

const NEEDED = Buffer.from('needed')
const withRecord = (file: string, missing: string[]) =>
  createPrebuiltOnlyRenderer({ missing, install: 'npm install …', neededPng: NEEDED, baseStats: STATS, prerendered: file })

t.test('without resvg: the build\'s PNG for the content it drew, at any width; anything else the card', async (t) => {
  const { file, content, png } = await recordWithOnePicture(t)
  const r = withRecord(file, ['@resvg/resvg-js', 'jsdom'])
  t.teardown(async () => await r.close())
  const asked = async (opts: PngOptions, of = content) => await r.renderPng(of, opts)
  t.same(pngImage(await asked({})), pngImage(png), 'the default box: the build\'s picture')
  t.same(pngImage(await asked({ maxWidth: 50 })), pngImage(png), 'a narrower box: the build\'s picture at its size (FIDELITY)')
  t.same(pngImage(await asked({ padding: SCREENSHOT_DEFAULT_PADDING })), pngImage(png), 'take_screenshot\'s padding, stored as PNG only')
  t.ok((await asked({ padding: 5 })).equals(NEEDED), 'a padding the build did not draw: the card')
  t.ok((await asked({}, { elements: [{ id: 'a', type: 'ellipse' }] })).equals(NEEDED), 'other content: the card')
  t.equal(r.stats().prerenderedHits, 3)
})

t.test('with resvg: the build\'s PNG where it is the one asked for, else the build\'s SVG drawn in the box asked', async (t) => {
  const { file, content, svg, png } = await recordWithOnePicture(t)
  const r = withRecord(file, ['jsdom'])
  t.teardown(async () => await r.close())
  t.same(pngImage(await r.renderPng(content, { maxWidth: 200 })), pngImage(png), 'a box it fits: the build\'s picture')
  const narrow = await r.renderPng(content, { maxWidth: 50 })
  t.ok(narrow.equals(await svgToPng(svg, { maxWidth: 50 })), 'a narrower box: drawn here from the build\'s SVG')
  t.equal(pngImage(narrow).width, 50)
})

t.test('with resvg: a narrower take_screenshot (stored as PNG only) is the build\'s PNG shrunk, not the card', async (t) => {
  const { file, content, png } = await recordWithOnePicture(t)
  const r = withRecord(file, ['jsdom'])
  t.teardown(async () => await r.close())
  const shot = await r.renderPng(content, { padding: SCREENSHOT_DEFAULT_PADDING, maxWidth: 50 })
  t.same([pngImage(shot).width, pngImage(shot).height], [50, 25], 'the picture\'s own proportions in the box asked')
  t.ok(shot.equals(await scalePng(png, { maxWidth: 50 })), 'the stored PNG shrunk by resvg')
  t.not(pngImage(shot).height, pngImage(await svgToPng(packagesNeededSvg(['jsdom'], 'npm install …'), { maxWidth: 50 })).height, 'not the card')
  t.same(pngImage(await r.renderPng(content, { padding: SCREENSHOT_DEFAULT_PADDING })), pngImage(png), 'the default box: the stored PNG itself')
  t.equal(r.stats().prerenderedHits, 2)
})

t.test('a damaged PNG in the record is a picture the build did not draw', async (t) => {
  const { file, content } = await recordWithOnePicture(t, true)
  const r = withRecord(file, ['@resvg/resvg-js'])
  t.teardown(async () => await r.close())
  t.ok((await r.renderPng(content, {})).equals(NEEDED), 'the card, not a rejection')
})
