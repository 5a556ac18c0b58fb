// The package alone (no @excalidraw/utils, jsdom or @resvg/resvg-js) shows every bundled drawing as the README says:
// a scene unchanged since the build is the build's drawing as SVG, as PNG and from MCP take_screenshot; a scene
// changed since is the card naming the packages. Run on the package's own bundle (dist/index.js, which finds the
// build's record) in a child process whose module resolution hides the packages (test/hide-packages.mjs).
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { resolveConfig } from '../../src/config/index.js'
import { SCREENSHOT_DEFAULT_PADDING } from '../../src/api/v1/mcp/tools/content.js'
import { contentJson } from '../../src/admin/ui/pictures.js'
import { RENDERER_PACKAGES } from '../../src/plugins/renderer.js'
import { PACKAGES_NEEDED_PNG_BASE64 } from '../../src/render/placeholder-png.js'
import { pngImage } from '../../src/render/png-pack.js'
import { loadPrerendered, type DigestContent } from '../../src/render/prerendered.js'
import { runWithHidden } from '../hidden-packages.js'
import { ROOT } from '../processes.js'

const RECORD = join(ROOT, 'dist', 'prerendered-pictures.json.br')
const BUNDLE = join(ROOT, 'dist', 'index.js')
const NEEDED_PNG = Buffer.from(PACKAGES_NEEDED_PNG_BASE64, 'base64')

/** The demo start's first scene from the package's bundle: its PNGs and screenshots, before and after a change. */
const CHILD = `
import { buildApp } from ${JSON.stringify(BUNDLE)}
const app = await buildApp({ config: { logLevel: 'silent' } })
const auth = { authorization: 'Bearer sk-demo-full' }
const id = (await app.inject({ url: '/api/v1/scenes?limit=1', headers: auth })).json().data[0].metadata.id
const png = async (query = '') => {
  const res = await app.inject({ url: '/_emulator/ui/scenes/' + id + '.png' + query })
  return { status: res.statusCode, type: res.headers['content-type'], body: res.rawPayload.toString('base64') }
}
const shot = async (args = {}) => {
  const res = await app.inject({ method: 'POST', url: '/api/v1/mcp', headers: { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'take_screenshot', arguments: { sceneId: id, ...args } } } })
  const data = res.body.split('\\n').filter((line) => line.startsWith('data:')).at(-1)?.slice(5) ?? res.body
  return { status: res.statusCode, result: JSON.parse(data).result }
}
const before = { png: await png(), narrow: await png('?maxWidth=100'), shot: await shot(), padded: await shot({ padding: 5 }) }
const patched = await app.inject({ method: 'PATCH', url: '/api/v1/scenes/' + id + '/content', headers: auth, payload: { appState: { viewBackgroundColor: '#ffeedd' } } })
const after = { patch: patched.statusCode, png: await png(), shot: await shot() }
await app.close()
console.log('RESULT ' + JSON.stringify({ id, before, after }))
`

const stale = !existsSync(RECORD) || !existsSync(BUNDLE)
  ? 'no dist/prerendered-pictures.json.br or dist/index.js: run npm run build'
  : statSync(RECORD).mtimeMs < statSync(join(ROOT, 'src', 'render', 'prerendered.ts')).mtimeMs ? 'dist/ is older than src/render/: run npm run build' : false

/** The content the picture routes draw of a scene of the default fixtures. */
async function contentOf (sceneId: string): Promise<DigestContent> {
  const app = await buildApp(resolveConfig({ logLevel: 'silent', renderer: false }))
  try {
    return contentJson(app, sceneId) as DigestContent
  } finally {
    await app.close()
  }
}

t.test('the package alone: an unchanged bundled scene is the build\'s drawing as PNG and as a screenshot; a changed one the card', { skip: stale }, async (t) => {
  const { result, stderr } = await runWithHidden(RENDERER_PACKAGES, CHILD)
  t.ok(result, `the child finished (stderr: ${stderr.slice(0, 2000)})`)
  const { id, before, after } = result
  const content = await contentOf(id)
  const built = loadPrerendered(RECORD)
  const pagePng = await built.lookupPng(content, undefined, 10)
  const shotPng = await built.lookupPng(content, undefined, SCREENSHOT_DEFAULT_PADDING)
  if (pagePng === undefined || shotPng === undefined) return t.fail(`the build drew no PNG of ${id}`)

  // The stored PNG is resvg's drawing of the build's SVG: the same header and pixels (deflated again).
  const { svgToPng } = await import('../../src/render/png.js')
  t.same(pngImage(pagePng), pngImage(await svgToPng(built.lookup(content, undefined, 10) as string)), 'the page\'s PNG is the build\'s SVG drawn by resvg')
  t.notOk(pngImage(shotPng).rows.equals(pngImage(pagePng).rows), 'the screenshot is another picture: take_screenshot\'s own padding')

  t.same({ status: before.png.status, type: before.png.type }, { status: 200, type: 'image/png' })
  t.ok(Buffer.from(before.png.body, 'base64').equals(pagePng), 'the PNG route: the build\'s drawing')
  t.ok(Buffer.from(before.narrow.body, 'base64').equals(pagePng), 'a narrower maxWidth: the drawing at its build size (FIDELITY), not the card')
  t.equal(before.shot.status, 200)
  t.same(before.shot.result.content.map((c: { type: string, mimeType: string }) => [c.type, c.mimeType]), [['image', 'image/png']], 'take_screenshot answers one image')
  t.ok(Buffer.from(before.shot.result.content[0].data, 'base64').equals(shotPng), 'take_screenshot: the build\'s drawing')
  t.ok(Buffer.from(before.padded.result.content[0].data, 'base64').equals(NEEDED_PNG), 'a padding the build did not draw: the card')

  t.equal(after.patch, 200, 'the scene changed')
  t.same({ status: after.png.status, type: after.png.type }, { status: 200, type: 'image/png' })
  t.ok(Buffer.from(after.png.body, 'base64').equals(NEEDED_PNG), 'changed since the build: the PNG is the card naming the packages')
  t.ok(Buffer.from(after.shot.result.content[0].data, 'base64').equals(NEEDED_PNG), 'changed since the build: the screenshot is the card')
})
