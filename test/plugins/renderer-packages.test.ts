// The renderer's packages are optional peer dependencies (README, Install): an install without them serves
// everything, pictures as the placeholder, and says once what to install. Run in a child process whose module
// resolution hides them (test/hide-packages.mjs), as an install without them resolves.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { RENDERER_INSTALL, RENDERER_PACKAGES, missingRendererPackages } from '../../src/plugins/renderer.js'
import { PLACEHOLDER_PNG_BASE64 } from '../../src/render/placeholder-png.js'
import { placeholderSvg } from '../../src/render/pictures.js'
import { runWithHidden } from '../hidden-packages.js'
import { ROOT } from '../processes.js'

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))

/** Builds the app from src/ with the packages hidden, asks for pictures twice, prints what came back. */
const CHILD = `
import { buildApp } from ${JSON.stringify(join(ROOT, 'src/app.ts'))}
const app = await buildApp({ config: { logLevel: 'warn', logFormat: 'json', renderer: process.env.RENDERER !== 'off' } })
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

t.test('without its packages, pictures are the placeholder and one line says what to install', async (t) => {
  const { logs, result, stderr } = await runHidden(['jsdom', '@resvg/resvg-js'])
  t.ok(result, `the child finished (stderr: ${stderr.slice(0, 2000)})`)
  const png = Buffer.from(PLACEHOLDER_PNG_BASE64, 'base64')
  const [svg1, png1, svg2, png2] = result.answers
  for (const answer of [svg1, svg2]) {
    t.equal(answer.status, 200)
    t.match(answer.type, /^image\/svg\+xml/)
    t.equal(Buffer.from(answer.body, 'base64').toString('utf8'), placeholderSvg(), 'the placeholder SVG')
  }
  for (const answer of [png1, png2]) {
    t.equal(answer.status, 200)
    t.equal(answer.type, 'image/png')
    t.ok(Buffer.from(answer.body, 'base64').equals(png), 'the placeholder PNG')
  }
  t.equal(result.rest, 200, 'the API serves as usual')
  t.equal(result.stats.enabled, false, 'stats say pictures are not drawn')
  const warnings = logs.filter((entry) => typeof entry.msg === 'string' && entry.msg.includes('scene pictures'))
  t.same(warnings.map((entry) => [entry.level, entry.msg]), [[40,
    `scene pictures are placeholders: jsdom, @resvg/resvg-js are not installed; to draw them: ${RENDERER_INSTALL}`]], 'one warning for four pictures')
})

t.test('with EMULATOR_RENDERER off and no packages: the placeholder, and nothing said', async (t) => {
  const { logs, result, stderr } = await runHidden(RENDERER_PACKAGES, 'off')
  t.ok(result, `the child finished (stderr: ${stderr.slice(0, 2000)})`)
  t.same(result.answers.map((answer: { status: number }) => answer.status), [200, 200, 200, 200])
  t.ok(Buffer.from(result.answers[1].body, 'base64').equals(Buffer.from(PLACEHOLDER_PNG_BASE64, 'base64')), 'the placeholder PNG')
  t.same(logs.filter((entry) => String(entry.msg).includes('scene pictures')), [], 'no warning: pictures were turned off')
})

t.test('the stored placeholder PNG is what resvg draws of the placeholder SVG today', async (t) => {
  const { svgToPng } = await import('../../src/render/png.js')
  t.ok((await svgToPng(placeholderSvg())).equals(Buffer.from(PLACEHOLDER_PNG_BASE64, 'base64')),
    'else run: node --import tsx scripts/generate-placeholder-png.ts')
})
