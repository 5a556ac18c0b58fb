/* global console */
// Part of `npm run build`, after verify-fixtures.mjs: draws every scene (live and trashed) and every frame of each
// bundled fixture set, as the demo page and MCP take_screenshot ask for them, and stores the pictures in
// dist/prerendered-pictures.json.br under the digest of the content each shows (src/render/prerendered.ts): the
// page's SVG and PNG (padding 10) and take_screenshot's PNG (padding 20), each PNG in the default box, drawn by
// resvg. A fresh start's pictures are then served at once, by an install without the renderer's packages too; a
// scene edited since draws live. A fixture scene that cannot be drawn fails the build, naming it.
// Without the renderer's packages (jsdom, @excalidraw/utils, @resvg/resvg-js) nothing is drawn and any older record
// is removed.
//   node scripts/prerender-pictures.mjs [outdir]   (default dist/)
import { Buffer } from 'node:buffer'
import { readdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import process from 'node:process'
import { URL, fileURLToPath } from 'node:url'
import { buildApp } from '../dist/app.js'
import { resolveConfig } from '../dist/config/index.js'
import { SCREENSHOT_DEFAULT_PADDING } from '../dist/api/v1/mcp/tools/content.js'
import { demoPictures } from '../dist/admin/ui/pictures.js'
import { isRendererPicture, createRenderer } from '../dist/render/renderer.js'
import { pictureDigest, writePrerendered } from '../dist/render/prerendered.js'
import { svgToPng } from '../dist/render/png.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const OUT_FILE = join(resolve(process.argv[2] ?? join(ROOT, 'dist')), 'prerendered-pictures.json.br')
const FIXTURES = join(ROOT, 'fixtures')
/** What the demo page and its picture routes ask for: the renderer's default padding (SVG and PNG). */
const PAGE_PADDING = 10
/**
 * What MCP take_screenshot asks for when the agent gives no padding: PNG only. Its own constant, so the two cannot
 * drift apart; test/plugins/package-only-pictures.test.ts and test/render/prerendered.test.ts look the screenshots
 * up at it and fail if the record holds none there.
 */
const SCREENSHOT_PADDING = SCREENSHOT_DEFAULT_PADDING

function packagesPresent () {
  try {
    for (const name of ['jsdom', '@excalidraw/utils', '@resvg/resvg-js']) import.meta.resolve(name)
    return true
  } catch {
    return false
  }
}

/** Every picture the demo page can show of one fixture set, with the content the SVG route would draw. */
async function picturesOf (fixturesDir) {
  const app = await buildApp(resolveConfig({ fixturesDir, logLevel: 'silent', renderer: false }))
  try {
    return demoPictures(app)
  } finally {
    await app.close()
  }
}

async function main () {
  rmSync(OUT_FILE, { force: true })
  if (!packagesPresent()) {
    console.log('prerender-pictures: jsdom, @excalidraw/utils or @resvg/resvg-js is not installed: no pictures drawn at build')
    return
  }
  const started = performance.now()
  const sets = readdirSync(FIXTURES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => join(FIXTURES, entry.name)).sort()
  const wanted = (await Promise.all(sets.map(picturesOf))).flat()
  const renderer = createRenderer({ enabled: true, timeoutMs: 120_000, prerendered: false })
  const pictures = new Map()
  try {
    for (const { name, content, frameId } of wanted) {
      for (const [padding, withSvg] of [[PAGE_PADDING, true], [SCREENSHOT_PADDING, false]]) {
        const digest = pictureDigest(content, frameId, padding)
        if (pictures.has(digest)) continue
        const svg = await renderer.renderSvg(content, { frameId, padding })
        if (isRendererPicture(svg)) throw new Error(`fixture scene "${name}" could not be drawn: ${renderer.stats().lastError}`)
        // Both paddings' PNGs in one packed stream: they share most of their rows (src/render/png-pack.ts).
        const pngGroup = pictureDigest(content, frameId, PAGE_PADDING)
        pictures.set(digest, { digest, elements: content.elements.length, svg: withSvg ? svg : undefined, png: await svgToPng(svg), pngGroup })
      }
    }
  } finally {
    await renderer.close()
  }
  const bytes = writePrerendered(OUT_FILE, [...pictures.values()])
  const stored = [...pictures.values()]
  const svgBytes = stored.reduce((sum, p) => sum + (p.svg === undefined ? 0 : Buffer.byteLength(p.svg)), 0)
  const pngBytes = stored.reduce((sum, p) => sum + p.png.length, 0)
  const svgs = stored.filter((p) => p.svg !== undefined).length
  console.log(`prerender-pictures: ${svgs} SVGs (${kb(svgBytes)} KB) and ${stored.length} PNGs (${kb(pngBytes)} KB), ${kb(bytes)} KB stored, in ${Math.round(performance.now() - started)} ms`)
}

const kb = (bytes) => Math.round(bytes / 1024)

await main()
