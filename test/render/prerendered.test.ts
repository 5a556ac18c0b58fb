// The pictures `npm run build` draws (scripts/prerender-pictures.mjs): their digests do not depend on the seed or the
// clock of the start that serves them, the build's record holds a picture for everything a fresh start's demo page
// shows (SVG and PNG) and take_screenshot takes (PNG), and every face embedded in those pictures holds glyphs.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { resolveConfig } from '../../src/config/index.js'
import { SCREENSHOT_DEFAULT_PADDING } from '../../src/api/v1/mcp/tools/content.js'
import { demoPictures, type DemoPicture } from '../../src/admin/ui/pictures.js'
import { BUNDLED_FIXTURES } from '../../src/config/index.js'
import { loadPrerendered, pictureDigest } from '../../src/render/prerendered.js'
import { facesOf, facesWithoutOutlines } from './woff2.js'

const ROOT = join(import.meta.dirname, '..', '..')
const RECORD = join(ROOT, 'dist', 'prerendered-pictures.json.br')
const PADDING = 10

async function picturesOf (config: Record<string, unknown>): Promise<DemoPicture[]> {
  const app = await buildApp(resolveConfig({ fixturesDir: BUNDLED_FIXTURES, logLevel: 'silent', renderer: false, ...config }))
  try {
    return demoPictures(app)
  } finally {
    await app.close()
  }
}

const digestsOf = async (config: Record<string, unknown>) =>
  (await picturesOf(config)).map(({ content, frameId }) => pictureDigest(content, frameId, PADDING))

/** The newest change under fixtures/ or src/render/: a record older than that was drawn from other content. */
function newestSource (): number {
  const dirs = [join(ROOT, 'fixtures'), join(ROOT, 'src', 'render')]
  return Math.max(...dirs.flatMap((dir) => readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile()).map((entry) => statSync(join(entry.parentPath, entry.name)).mtimeMs)))
}

t.test('a picture\'s digest depends on the content only, not on the seed or the clock of the start', async (t) => {
  const first = await digestsOf({ seed: 1 })
  const second = await digestsOf({ seed: 987654, clock: '2030-01-02T03:04:05.000Z' })
  t.ok(first.length >= 17, `${first.length} pictures (scenes and frames)`)
  t.same(second, first)
})

const stale = !existsSync(RECORD)
  ? 'no dist/prerendered-pictures.json.br: run npm run build'
  : statSync(RECORD).mtimeMs < newestSource() ? 'dist/ is older than fixtures/ or src/render/: run npm run build' : false

t.test('the build\'s record has every picture a fresh start shows, each a drawing whose fonts hold glyphs', { skip: stale }, async (t) => {
  const built = loadPrerendered(RECORD)
  const pictures = await picturesOf({})
  const missing = pictures.filter(({ content, frameId }) => built.lookup(content, frameId, PADDING) === undefined)
  t.same(missing.map((picture) => picture.name), [], 'an SVG for each')
  const record = JSON.parse(brotliDecompressSync(readFileSync(RECORD)).toString('utf8')) as { pictures: Record<string, { svg?: string }> }
  const svgs = Object.entries(record.pictures).filter(([, picture]) => picture.svg !== undefined)
  for (const [digest, { svg }] of svgs as Array<[string, { svg: string }]>) {
    t.notMatch(svg, /data-render="(error|placeholder)"/, `${digest}: a drawing`)
    t.match(svg, /^<svg [^>]*viewBox="0 0 [\d.]+ [\d.]+"/, `${digest}: an SVG`)
    t.same(facesWithoutOutlines(facesOf(svg)), [], `${digest}: every embedded face has glyphs`)
  }
})

t.test('the build\'s record has a PNG of every picture at the page\'s padding and at take_screenshot\'s', { skip: stale }, async (t) => {
  const built = loadPrerendered(RECORD)
  const withoutPng = []
  for (const { name, content, frameId } of await picturesOf({})) {
    for (const padding of [PADDING, SCREENSHOT_DEFAULT_PADDING]) if (await built.lookupPng(content, frameId, padding) === undefined) withoutPng.push(`${name} at ${padding}`)
  }
  t.same(withoutPng, [], 'a PNG for each')
})
