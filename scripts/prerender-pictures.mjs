/* global console */
// Part of `npm run build`, after verify-fixtures.mjs: draws every scene (live and trashed) and every frame of each
// bundled fixture set, as the demo page asks for them, and stores the SVGs in dist/prerendered-pictures.json.br
// under the digest of the content each shows (src/render/prerendered.ts). A fresh start's pictures are then served
// at once; a scene edited since draws live. A fixture scene that cannot be drawn fails the build, naming it.
// Without the renderer's packages (jsdom, @excalidraw/utils) nothing is drawn and any older record is removed.
//   node scripts/prerender-pictures.mjs [outdir]   (default dist/)
import { Buffer } from 'node:buffer'
import { readdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import process from 'node:process'
import { URL, fileURLToPath } from 'node:url'
import { buildApp } from '../dist/app.js'
import { demoPictures } from '../dist/admin/ui/pictures.js'
import { isRendererPicture, createRenderer } from '../dist/render/renderer.js'
import { pictureDigest, writePrerendered } from '../dist/render/prerendered.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const OUT_FILE = join(resolve(process.argv[2] ?? join(ROOT, 'dist')), 'prerendered-pictures.json.br')
const FIXTURES = join(ROOT, 'fixtures')
/** What the demo page and the SVG route ask for: the renderer's default padding. */
const PADDING = 10

function packagesPresent () {
  try {
    for (const name of ['jsdom', '@excalidraw/utils']) import.meta.resolve(name)
    return true
  } catch {
    return false
  }
}

/** Every picture the demo page can show of one fixture set, with the content the SVG route would draw. */
async function picturesOf (fixturesDir) {
  const app = await buildApp({ config: { fixturesDir, logLevel: 'silent', renderer: false } })
  try {
    return demoPictures(app)
  } finally {
    await app.close()
  }
}

async function main () {
  rmSync(OUT_FILE, { force: true })
  if (!packagesPresent()) {
    console.log('prerender-pictures: jsdom or @excalidraw/utils is not installed: no pictures drawn at build')
    return
  }
  const started = performance.now()
  const sets = readdirSync(FIXTURES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => join(FIXTURES, entry.name)).sort()
  const wanted = (await Promise.all(sets.map(picturesOf))).flat()
  const renderer = createRenderer({ enabled: true, timeoutMs: 120_000, prerendered: false })
  const pictures = new Map()
  try {
    for (const { name, content, frameId } of wanted) {
      const digest = pictureDigest(content, frameId, PADDING)
      if (pictures.has(digest)) continue
      const svg = await renderer.renderSvg(content, { frameId, padding: PADDING })
      if (isRendererPicture(svg)) throw new Error(`fixture scene "${name}" could not be drawn: ${renderer.stats().lastError}`)
      pictures.set(digest, { digest, elements: content.elements.length, svg })
    }
  } finally {
    await renderer.close()
  }
  const bytes = writePrerendered(OUT_FILE, [...pictures.values()])
  const svgBytes = [...pictures.values()].reduce((sum, p) => sum + Buffer.byteLength(p.svg), 0)
  console.log(`prerender-pictures: ${pictures.size} pictures (${Math.round(svgBytes / 1024)} KB of SVG, ${Math.round(bytes / 1024)} KB stored) in ${Math.round(performance.now() - started)} ms`)
}

await main()
