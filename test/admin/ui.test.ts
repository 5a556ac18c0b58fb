// The demo page (/_emulator/ui) through app.inject: every page answers, user content is escaped everywhere,
// every thumbnail is a real picture, changes show through the version poll, and the admin token guards it all.
import { readFileSync } from 'node:fs'
import t from 'tap'
import Fastify, { type FastifyInstance } from 'fastify'
import { build, call, sharedApp } from '../helper.js'
import { PAGE_SCRIPT } from '../../src/package-files.js'
import pageScript from '../../src/admin/ui/page-script.js'
import errorHandler from '../../src/plugins/error-handler.js'

/** The pages without the renderer: thumbnails are placeholders, no picture worker starts. */
const withoutPictures = sharedApp(t, { renderer: false })

const UI = '/_emulator/ui'
const HOSTILE = '<script>alert(1)</script>'

async function get (app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return await app.inject({ url, headers: { accept: 'text/html', ...headers } })
}

function thumbnails (body: string): string[] {
  return [...body.matchAll(/<img [^>]*src="([^"]+)"/g)].map((match) => match[1].replaceAll('&amp;', '&'))
}

t.test('the overview shows the workspaces, their keys (fixture secrets whole: they are public values), and the settings', async (t) => {
  const app = await withoutPictures()
  const res = await get(app, UI)
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^text\/html/)
  t.match(res.headers['content-security-policy'], /script-src 'self'/, 'no inline script may run')
  for (const text of ['wsMain00001', 'wsOther0001', '<code>sk-test-full</code>', 'drift', 'Reset everything', 'renderer']) {
    t.ok(res.body.includes(text), `shows ${text}`)
  }
  const script = await app.inject({ url: `${UI}/app.js` })
  t.same([script.statusCode, script.headers['content-type']], [200, 'text/javascript; charset=utf-8'])
  t.equal(script.body, readFileSync(PAGE_SCRIPT, 'utf8'), 'the bundle npm run build makes of browser/page/')
  t.equal((await app.inject({ url: `${UI}/app.css` })).statusCode, 200)
  t.equal((await app.inject({ url: `${UI}/journal` })).statusCode, 200)
  t.equal((await app.inject({ url: `${UI}/switches` })).statusCode, 200)
})

t.test('a copy whose page script was never built answers 404 in the service envelope for it', async (t) => {
  const app = Fastify()
  t.teardown(() => app.close())
  await app.register(errorHandler)
  await app.register(pageScript, { prefix: '/_emulator', file: '/nonexistent/ui-page/app.js' })
  const res = await app.inject({ url: `${UI}/app.js` })
  t.same([res.statusCode, res.json()], [404, { statusCode: 404, error: 'Not Found', message: 'Page script dist/ui-page/app.js not found' }])
})

t.test('a hostile scene name shows as text on every page, and its picture carries a strict CSP', async (t) => {
  const app = await withoutPictures()
  const made = await call(t, app, 'POST', '/api/v1/scenes', { body: { name: HOSTILE, collectionId: 'colDefault1', pinned: false } })
  t.equal(made.status, 200)
  const id = made.body.metadata.id as string
  for (const url of [UI, `${UI}/workspaces/wsMain00001`, `${UI}/scenes/${id}`, `${UI}/journal`]) {
    const res = await get(app, url)
    t.equal(res.statusCode, 200, url)
    t.notOk(res.body.includes(HOSTILE), `${url}: no raw markup`)
  }
  t.ok((await get(app, `${UI}/workspaces/wsMain00001`)).body.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), 'escaped')
  const svg = await app.inject({ url: `${UI}/scenes/${id}.svg` })
  t.equal(svg.statusCode, 200)
  t.equal(svg.headers['content-security-policy'], "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:")
})

t.test('every thumbnail of a workspace page is a picture, cached per version with an ETag', async (t) => {
  const app = await build(t)
  const page = await get(app, `${UI}/workspaces/wsMain00001`)
  const sources = thumbnails(page.body)
  t.ok(sources.length >= 3, `${sources.length} thumbnails`)
  for (const src of sources) {
    const res = await app.inject({ url: src })
    t.equal(res.statusCode, 200, src)
    t.match(res.headers['content-type'], /^image\/svg\+xml/)
    t.match(res.body, /<svg[^>]*viewBox=/, `${src} is an SVG drawing`)
    const again = await app.inject({ url: src, headers: { 'if-none-match': String(res.headers.etag) } })
    t.equal(again.statusCode, 304, 'unchanged scene: 304')
  }
  const png = await app.inject({ url: `${UI}/scenes/scnShapes01.png?maxWidth=400` })
  t.equal(png.statusCode, 200)
  t.same([...png.rawPayload.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG')
  t.ok(png.rawPayload.readUInt32BE(16) <= 400, 'no wider than asked')
})

t.test('a write moves the scene version the page polls; trash sits behind a toggle', async (t) => {
  const app = await withoutPictures()
  const before = (await app.inject({ url: `${UI}/api/versions/wsMain00001` })).json()
  const patch = await call(t, app, 'PATCH', '/api/v1/scenes/scnShapes01/content', {
    body: { elements: [], appState: { viewBackgroundColor: '#ffeeee' } }
  })
  t.equal(patch.status, 200)
  const after = (await app.inject({ url: `${UI}/api/versions/wsMain00001` })).json()
  t.not(after.scnShapes01, before.scnShapes01, 'the version the thumbnail is keyed on changed')
  t.equal((await call(t, app, 'DELETE', '/api/v1/scenes/scnEmpty001')).status, 200)
  t.notOk((await get(app, `${UI}/workspaces/wsMain00001`)).body.includes('scnEmpty001'), 'trashed scenes are hidden')
  t.ok((await get(app, `${UI}/workspaces/wsMain00001?trash=1`)).body.includes('scnEmpty001'), 'and shown on request')
  t.equal((await get(app, `${UI}/scenes/nope`)).statusCode, 404)
})

t.test('the page changes settings through the admin API', async (t) => {
  const app = await withoutPictures()
  const put = await app.inject({ method: 'PUT', url: `${UI}/api/faults`, payload: { latencyMs: 5 } })
  t.equal(put.statusCode, 200)
  t.equal(put.json().latencyMs, 5)
  t.equal((await app.inject({ url: '/_emulator/faults' })).json().latencyMs, 5, 'the admin API sees it')
  const reset = await app.inject({ method: 'POST', url: `${UI}/api/reset` })
  t.equal(reset.statusCode, 200)
  t.equal((await app.inject({ url: '/_emulator/faults' })).json().latencyMs, 0)
})

t.test('with an admin token: a login form and an HttpOnly cookie; the JSON admin API stays header-only', async (t) => {
  const app = await build(t, { adminToken: 'let-me-in', renderer: false })
  const page = await get(app, UI)
  t.same([page.statusCode, page.headers.location], [303, `${UI}/login`])
  t.equal((await app.inject({ url: `${UI}/api/versions/wsMain00001` })).statusCode, 401)
  const form = { 'content-type': 'application/x-www-form-urlencoded' }
  const wrong = await app.inject({ method: 'POST', url: `${UI}/login`, headers: form, payload: 'token=nope' })
  t.equal(wrong.statusCode, 401)
  t.notOk(wrong.headers['set-cookie'])
  const right = await app.inject({ method: 'POST', url: `${UI}/login`, headers: form, payload: 'token=let-me-in' })
  t.same([right.statusCode, right.headers.location], [303, UI])
  const cookie = String(right.headers['set-cookie'])
  t.match(cookie, /HttpOnly/)
  t.match(cookie, /SameSite=Strict/)
  t.notOk(cookie.includes('let-me-in'), 'the cookie holds a digest, not the token')
  const jar = { cookie: cookie.split(';')[0] }
  t.equal((await get(app, UI, jar)).statusCode, 200)
  t.equal((await app.inject({ method: 'PUT', url: `${UI}/api/faults`, headers: jar, payload: { latencyMs: 1 } })).statusCode, 200, 'forwarded with the token')
  t.equal((await app.inject({ url: '/_emulator/faults', headers: jar })).statusCode, 401, 'the cookie opens no JSON admin route')
  t.equal((await get(app, UI, { authorization: 'Bearer let-me-in' })).statusCode, 200, 'the header works too')
})
