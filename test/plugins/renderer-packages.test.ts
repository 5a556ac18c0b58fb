// The renderer's packages are optional peer dependencies (README, Install): an install without them serves
// everything, the pictures drawn at build for scenes unchanged since, any other picture naming what to install, and
// says once what to install. Run in a child process whose module resolution hides them (test/hide-packages.mjs), as
// an install without them resolves.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { RENDERER_INSTALL, RENDERER_PACKAGES, missingRendererPackages } from '../../src/plugins/renderer.js'
import { buildApp } from '../../src/app.js'
import { resolveConfig } from '../../src/config/index.js'
import { demoPictures } from '../../src/admin/ui/pictures.js'
import { BUNDLED_FIXTURES } from '../../src/package-files.js'
import { PACKAGES_NEEDED_PNG_BASE64, PLACEHOLDER_PNG_BASE64 } from '../../src/render/placeholder-png.js'
import { packagesNeededSvg, placeholderSvg } from '../../src/render/pictures.js'
import { pngImage } from '../../src/render/png-pack.js'
import { loadPrerendered } from '../../src/render/prerendered.js'
import { runWithHidden } from '../hidden-packages.js'
import { ROOT } from '../processes.js'

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))

/** Builds the app from src/ with the packages hidden, asks for pictures twice, prints what came back. */
const CHILD = `
import { buildApp } from ${JSON.stringify(join(ROOT, 'src/app.ts'))}
import { resolveConfig } from ${JSON.stringify(join(ROOT, 'src/config/load.ts'))}
const app = await buildApp(resolveConfig({ logLevel: 'warn', logFormat: 'json', renderer: process.env.RENDERER !== 'off' }))
const auth = { authorization: 'Bearer sk-demo-full' }
const scenes = (await app.inject({ url: '/api/v1/scenes?limit=1', headers: auth })).json()
const id = scenes.data[0].metadata.id
const answers = []
for (const suffix of ['.svg', '.png', '.svg', '.png']) {
  const res = await app.inject({ url: '/_emulator/ui/scenes/' + id + suffix })
  answers.push({ status: res.statusCode, type: res.headers['content-type'], body: res.rawPayload.toString('base64') })
}
const rest = (await app.inject({ url: '/api/v1/collections', headers: auth })).statusCode
const stats = app.renderer.stats()
await app.close()
console.log('RESULT ' + JSON.stringify({ answers, rest, stats }))
`

const runHidden = (hidden: readonly string[], renderer = 'on') => runWithHidden(hidden, CHILD, { RENDERER: renderer })

t.test('the renderer packages are the optional peers, and the install line names their versions', async (t) => {
  for (const name of RENDERER_PACKAGES) {
    t.ok(manifest.peerDependenciesMeta[name]?.optional, `${name} is an optional peer`)
    t.ok(manifest.devDependencies[name], `${name} is a devDependency (the repo's npm ci installs it)`)
    t.ok(RENDERER_INSTALL.includes(` ${name}@${manifest.peerDependencies[name]}`), `the install line asks for ${name}@${manifest.peerDependencies[name]}`)
  }
  t.same(missingRendererPackages(), [], 'all installed here')
})

t.test('without its packages, a picture the build did not draw names them and the command, and one line says it', async (t) => {
  // Run from src/, where no record of the build's pictures is found: every picture is one the build did not draw.
  const { logs, result, stderr } = await runHidden(['jsdom', '@resvg/resvg-js'])
  t.ok(result, `the child finished (stderr: ${stderr.slice(0, 2000)})`)
  const png = Buffer.from(PACKAGES_NEEDED_PNG_BASE64, 'base64')
  const [svg1, png1, svg2, png2] = result.answers
  for (const answer of [svg1, svg2]) {
    t.equal(answer.status, 200)
    t.match(answer.type, /^image\/svg\+xml/)
    const svg = Buffer.from(answer.body, 'base64').toString('utf8')
    t.equal(svg, packagesNeededSvg(['jsdom', '@resvg/resvg-js'], RENDERER_INSTALL), 'the SVG naming the missing packages')
    t.equal(svg.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim(), 'Scene preview Drawing this scene needs jsdom, @resvg/resvg-js, not installed here. Install: npm install @excalidraw/utils@0.1.5 jsdom@^26.1.0 @resvg/resvg-js@^2.6.2', 'its text')
    t.notMatch(svg, /turned off/)
  }
  for (const answer of [png1, png2]) {
    t.equal(answer.status, 200)
    t.equal(answer.type, 'image/png')
    t.ok(Buffer.from(answer.body, 'base64').equals(png), 'the PNG naming the packages (resvg cannot draw here)')
  }
  t.equal(result.rest, 200, 'the API serves as usual')
  t.equal(result.stats.enabled, false, 'stats say pictures are not drawn live')
  const warnings = logs.filter((entry) => typeof entry.msg === 'string' && entry.msg.includes('scene pictures'))
  t.same(warnings.map((entry) => [entry.level, entry.msg]), [[40,
    `scene pictures: only those drawn at build are shown (scenes unchanged since); jsdom, @resvg/resvg-js are not installed; to draw the others: ${RENDERER_INSTALL}`]], 'one warning for four pictures')
})

const RECORD = join(ROOT, 'dist', 'prerendered-pictures.json.br')

/** Draws the first bundled scene unchanged and edited with the renderer an install without `hidden` gets. */
const PREBUILT_CHILD = `
import { buildApp } from ${JSON.stringify(join(ROOT, 'src/app.ts'))}
import { resolveConfig } from ${JSON.stringify(join(ROOT, 'src/config/load.ts'))}
import { demoPictures } from ${JSON.stringify(join(ROOT, 'src/admin/ui/pictures.ts'))}
import { createSceneRenderer } from ${JSON.stringify(join(ROOT, 'src/plugins/renderer.ts'))}
import { sceneIdentity } from ${JSON.stringify(join(ROOT, 'src/render/contract.ts'))}
const app = await buildApp(resolveConfig({ fixturesDir: ${JSON.stringify(BUNDLED_FIXTURES)}, logLevel: 'silent', renderer: false }))
const [first] = demoPictures(app)
await app.close()
const warnings = []
const renderer = await createSceneRenderer({ enabled: true, timeoutMs: 1000, prerendered: ${JSON.stringify(RECORD)} }, { warn: (line) => warnings.push(line) })
const edited = { ...first.content, elements: first.content.elements.slice(1) }
const result = {
  unchanged: await renderer.renderSvg(first.content, { scene: sceneIdentity(first.content) }),
  edited: await renderer.renderSvg(edited, { scene: sceneIdentity(edited) }),
  png: (await renderer.renderPng(first.content, { scene: sceneIdentity(first.content) })).toString('base64'),
  warnings,
  stats: renderer.stats()
}
await renderer.close()
console.log('RESULT ' + JSON.stringify(result))
`

t.test('without its packages, a scene unchanged since the build is the build\'s drawing, SVG and PNG', { skip: existsSync(RECORD) ? false : 'no dist/prerendered-pictures.json.br: run npm run build' }, async (t) => {
  const app = await buildApp(resolveConfig({ fixturesDir: BUNDLED_FIXTURES, logLevel: 'silent', renderer: false }))
  const [first] = demoPictures(app)
  await app.close()
  const drawing = loadPrerendered(RECORD).lookup(first.content, first.frameId, 10)
  const storedPng = await loadPrerendered(RECORD).lookupPng(first.content, first.frameId, 10)
  t.ok(drawing !== undefined && !drawing.includes('data-render='), `the build drew ${first.name}`)
  const { svgToPng } = await import('../../src/render/png.js')
  for (const hidden of [[...RENDERER_PACKAGES], ['jsdom']]) {
    const { result, stderr } = await runWithHidden(hidden, PREBUILT_CHILD)
    t.ok(result, `the child finished (stderr: ${stderr.slice(0, 2000)})`)
    t.equal(result.unchanged, drawing, `without ${hidden.join(', ')}: the build's drawing`)
    t.equal(result.edited, packagesNeededSvg(hidden, RENDERER_INSTALL), `without ${hidden.join(', ')}: an edited scene names the packages`)
    const png = Buffer.from(result.png, 'base64')
    t.ok(png.equals(storedPng as Buffer), `without ${hidden.join(', ')}: the build's PNG`)
    t.same(pngImage(png), pngImage(await svgToPng(drawing as string)), 'which is resvg\'s drawing of the build\'s SVG')
    t.equal(result.stats.prerenderedHits, 2, 'both answers from the build\'s pictures')
    t.equal(result.warnings.length, 1, 'one warning')
  }
})

t.test('with EMULATOR_RENDERER off and no packages: the placeholder, and nothing said', async (t) => {
  const { logs, result, stderr } = await runHidden(RENDERER_PACKAGES, 'off')
  t.ok(result, `the child finished (stderr: ${stderr.slice(0, 2000)})`)
  t.same(result.answers.map((answer: { status: number }) => answer.status), [200, 200, 200, 200])
  t.ok(Buffer.from(result.answers[1].body, 'base64').equals(Buffer.from(PLACEHOLDER_PNG_BASE64, 'base64')), 'the placeholder PNG')
  t.same(logs.filter((entry) => String(entry.msg).includes('scene pictures')), [], 'no warning: pictures were turned off')
})

t.test('the stored placeholder PNGs are what resvg draws of their SVGs today', async (t) => {
  const { svgToPng } = await import('../../src/render/png.js')
  const rerun = 'else run: node --import tsx scripts/generate-placeholder-png.ts'
  t.ok((await svgToPng(placeholderSvg())).equals(Buffer.from(PLACEHOLDER_PNG_BASE64, 'base64')), rerun)
  t.ok((await svgToPng(packagesNeededSvg(RENDERER_PACKAGES, RENDERER_INSTALL))).equals(Buffer.from(PACKAGES_NEEDED_PNG_BASE64, 'base64')), rerun)
})
