// The scene editor's routes through app.inject: the page (its facts, its CSP), the bundle's files, and the editor's
// own read and save routes: a save runs PATCH /api/v1's merge as the demo identity (audit entry, sceneVersion,
// updateCount), private scenes save as their owner, trashed scenes open read-only, and every refusal is the
// service's envelope with nothing stored. The browser side is test/browser/editor.test.ts.
import t from 'tap'
import { auditSourceId } from '../../src/lib/ids.js'
import { build, call, errorBody, KEYS } from '../helper.js'
import { PAGE_CSP } from '../../src/admin/ui/layout.js'

const UI = '/_emulator/ui'
const EDITOR = `${UI}/workspaces/wsMain00001/scenes`
const JSON_TYPE = 'application/json; charset=utf-8'

const app = await build(t, { renderer: false })

async function scene (id: string, key: string = KEYS.full) {
  return (await call(t, app, 'GET', `/api/v1/scenes/${id}`, { key })).body.metadata
}

async function save (url: string, payload: unknown, headers: Record<string, string> = {}) {
  return await app.inject({ method: 'PATCH', url, headers: { 'content-type': 'application/json', ...headers }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) })
}

/** A complete element the editor could send: the fixture's rectangle under a new 21-character id. */
async function newRectangle (id: string, x: number) {
  const content = (await call(t, app, 'GET', '/api/v1/scenes/scnShapes01/content')).body
  const rectangle = content.elements.find((e: { type: string }) => e.type === 'rectangle')
  return { ...rectangle, id, x, version: 1, versionNonce: 7, index: 'a9' }
}

const auditCount = async () => (await call(t, app, 'GET', '/api/v1/logs?limit=100')).body.logs.length

t.test('the page: the scene, who saves, the version held, the bundle, a strict CSP', async (t) => {
  const res = await app.inject({ url: `${UI}/scenes/scnShapes01/edit`, headers: { accept: 'text/html' } })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['content-type'], 'text/html; charset=utf-8')
  t.equal(res.headers['content-security-policy'], PAGE_CSP, 'the demo page\'s policy: no inline script, nothing from elsewhere')
  t.equal(res.headers['cache-control'], 'no-store')
  const { sceneVersion } = await scene('scnShapes01')
  t.match(res.body, `<code data-scene-version="${sceneVersion as string}">${sceneVersion as string}</code>`)
  t.match(res.body, `data-content-url="${EDITOR}/scnShapes01/content" data-version-url="${EDITOR}/scnShapes01/version" data-read-only="false"`)
  t.match(res.body, '<link rel="stylesheet" href="/_emulator/ui/editor/editor.css"><script type="module" src="/_emulator/ui/editor/editor.js"></script>')
  t.match(res.body, /saving as <strong>Alice Admin \(admin\)<\/strong>\s*<span class="muted">· the workspace&#39;s first admin/)
  t.match(res.body, '<span id="editor-status" data-status="loading">')
  t.notMatch(res.body, /<script>/, 'no inline script')
  const scenePage = await app.inject({ url: `${UI}/scenes/scnShapes01`, headers: { accept: 'text/html' } })
  t.match(scenePage.body, `<a class="button" href="${UI}/scenes/scnShapes01/edit">Open in the editor</a>`, 'the scene page links it')
  const hostile = '"><script>alert(1)</script>'
  const made = await call(t, app, 'POST', '/api/v1/scenes', { body: { name: hostile, pinned: false, collectionId: 'colDefault1' } })
  const named = await app.inject({ url: `${UI}/scenes/${made.body.metadata.id as string}/edit` })
  t.notOk(named.body.includes(hostile), 'a scene name is text, in the title, the bar and data-scene-name alike')
  t.match(named.body, 'data-scene-name="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')
})

t.test('the bundle\'s files: content types, caching, no CSP header, nothing outside the folder', async (t) => {
  const entry = await app.inject({ url: `${UI}/editor/editor.js` })
  t.equal(entry.statusCode, 200)
  t.match(entry.headers, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' })
  t.notOk(entry.headers['content-security-policy'], 'the font-subsetting worker takes its script\'s policy: none here')
  t.match(entry.body, /EXCALIDRAW_ASSET_PATH/)
  t.equal((await app.inject({ url: `${UI}/editor/editor.js`, headers: { 'if-none-match': String(entry.headers.etag) } })).statusCode, 304)
  const css = await app.inject({ url: `${UI}/editor/editor.css` })
  t.match(css.headers['content-type'], 'text/css; charset=utf-8')
  const chunk = /from"\.\/(chunks\/[^"]+\.js)"|import\("\.\/(chunks\/[^"]+\.js)"\)/.exec(entry.body)
  t.ok(chunk, 'the entry imports a hashed chunk')
  const lazy = await app.inject({ url: `${UI}/editor/${chunk?.[1] ?? chunk?.[2] ?? ''}` })
  t.match(lazy.headers, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' })
  const font = await app.inject({ url: `${UI}/editor/fonts/Assistant/Assistant-Regular.woff2` })
  t.match(font.headers, { 'content-type': 'font/woff2' })
  t.equal(font.rawPayload.subarray(0, 4).toString('latin1'), 'wOF2')
  t.notMatch(`${entry.body}${css.body}`, /esm\.sh/, 'no CDN left in the bundle')
  for (const path of ['nope.js', '..%2f..%2fpackage.json', '..%2fserver.js', 'fonts/Xiaolai/x.woff2']) {
    const res = await app.inject({ url: `${UI}/editor/${path}` })
    t.same([res.statusCode, res.json()], [404, errorBody(404, 'Not Found', `Editor file ${decodeURIComponent(path)} not found`)], path)
  }
})

t.test('reading: the document the API answers, and the version the page polls', async (t) => {
  const api = await call(t, app, 'GET', '/api/v1/scenes/scnShapes01/content')
  const res = await app.inject({ url: `${EDITOR}/scnShapes01/content` })
  t.match(res.headers, { 'content-type': JSON_TYPE, 'cache-control': 'no-store' })
  t.same(res.json(), api.body, 'the same document as GET /api/v1/scenes/{id}/content')
  const version = await app.inject({ url: `${EDITOR}/scnShapes01/version` })
  const { sceneVersion, contentEpoch } = await scene('scnShapes01')
  t.same(version.json(), { sceneVersion, contentEpoch })
})

t.test('a save merges as PATCH /api/v1 does, as the demo identity, audited', async (t) => {
  const before = await scene('scnShapes01')
  const drawn = await newRectangle('drawnInTheEditor00001', 640)
  const res = await save(`${EDITOR}/scnShapes01/content`, { elements: [drawn], appState: { viewBackgroundColor: '#fff9db' } })
  t.equal(res.statusCode, 200)
  t.match(res.headers, { 'content-type': JSON_TYPE, 'cache-control': 'no-store' })
  const after = await scene('scnShapes01')
  const stored = (await call(t, app, 'GET', '/api/v1/scenes/scnShapes01/content')).body
  t.same(res.json(), stored, 'the answer is the stored document')
  t.equal(stored.sceneVersion, after.sceneVersion)
  t.not(after.sceneVersion, before.sceneVersion, 'sceneVersion moved')
  t.equal(after.updateCount, before.updateCount + 1, 'updateCount moved')
  t.equal(after.contentEpoch, before.contentEpoch, 'a merge, not a replacement')
  t.match(stored.elements.find((e: { id: string }) => e.id === 'drawnInTheEditor00001'), { x: 640, version: 1 })
  t.equal(stored.appState.viewBackgroundColor, '#fff9db')
  const [entry] = (await call(t, app, 'GET', '/api/v1/logs?limit=1')).body.logs
  t.match(entry, {
    action: 'scene', operation: 'update', user_id: 'usrAdmin001', user_full_name: 'Alice Admin', source_id: auditSourceId('emulator-editor'), ip_address: '127.0.0.1',
    details: { sceneId: 'scnShapes01', mode: 'merge', elementsSent: 1, filesSent: 0, sceneVersion: after.sceneVersion }
  })
  const stale = await save(`${EDITOR}/scnShapes01/content`, { elements: [{ ...drawn, x: 0, versionNonce: 8 }] })
  t.match(stale.json().elements.find((e: { id: string }) => e.id === 'drawnInTheEditor00001'), { x: 640 }, 'an equal version with a higher nonce loses')
})

t.test('a private scene saves as its owner and stays theirs', async (t) => {
  const made = await call(t, app, 'POST', '/api/v1/scenes', { key: KEYS.member, body: { name: 'Bob\'s sketch', pinned: false, collectionId: 'private' } })
  const id = made.body.metadata.id as string
  const page = await app.inject({ url: `${UI}/scenes/${id}/edit`, headers: { accept: 'text/html' } })
  t.match(page.body, /saving as <strong>Bob Member \(member\)<\/strong>\s*<span class="muted">· the owner of this private scene/)
  t.equal((await save(`${EDITOR}/${id}/content`, { elements: [await newRectangle('drawnInBobsScene00001', 10)] })).statusCode, 200)
  t.match((await call(t, app, 'GET', '/api/v1/logs?limit=1')).body.logs[0], { user_id: 'usrMember01', details: { sceneId: id } })
  t.match(await scene(id, KEYS.member), { isPrivate: true, updateCount: 1 }, 'still Bob\'s private scene')
  t.equal((await call(t, app, 'GET', `/api/v1/scenes/${id}`, { key: KEYS.admin })).status, 404, 'and nobody else\'s')
})

t.test('refusals: the service\'s envelope, nothing stored', async (t) => {
  const before = await scene('scnShapes01')
  const audits = await auditCount()
  const cases: Array<[string, string, unknown, number, RegExp | string]> = [
    ['unknown scene', `${EDITOR}/nope/content`, { elements: [] }, 404, 'Scene nope not found'],
    ['another workspace\'s scene', `${EDITOR}/scnOther001/content`, { elements: [] }, 404, 'Scene scnOther001 not found'],
    ['unknown workspace', `${UI}/workspaces/wsNope/scenes/scnShapes01/content`, { elements: [] }, 404, 'Workspace wsNope not found'],
    ['elements not an array', `${EDITOR}/scnShapes01/content`, { elements: 'x' }, 400, /elements/],
    ['an element missing its fields', `${EDITOR}/scnShapes01/content`, { elements: [{ id: 'x' }] }, 400, /^Element x: /],
    ['grid keys in appState', `${EDITOR}/scnShapes01/content`, { appState: { gridSize: 20 } }, 400, /appState/],
    ['an unknown key', `${EDITOR}/scnShapes01/content`, { elements: [], colour: 'red' }, 400, /colour|additional/],
    ['malformed JSON', `${EDITOR}/scnShapes01/content`, '{"elements": [', 400, /JSON/],
    ['an empty body', `${EDITOR}/scnShapes01/content`, {}, 400, /./]
  ]
  for (const [name, url, body, status, message] of cases) {
    const res = await save(url, body)
    t.equal(res.statusCode, status, name)
    t.match(res.json(), { statusCode: status, error: status === 404 ? 'Not Found' : 'Bad Request', message }, name)
    t.same(Object.keys(res.json()).sort(), ['error', 'message', 'statusCode'], `${name}: the envelope only`)
  }
  for (const url of [`${UI}/scenes/nope/edit`, `${EDITOR}/nope/content`, `${EDITOR}/nope/version`, `${EDITOR}/scnOther001/version`]) {
    const res = await app.inject({ url })
    t.same([res.statusCode, res.json().message], [404, `Scene ${url.includes('Other') ? 'scnOther001' : 'nope'} not found`], url)
  }
  t.match(await scene('scnShapes01'), { sceneVersion: before.sceneVersion, updateCount: before.updateCount }, 'nothing stored')
  t.equal(await auditCount(), audits, 'no audit entry')
})

t.test('a trashed scene opens read-only: shown, never saved', async (t) => {
  const { sceneVersion } = await scene('scnEmpty001')
  t.equal((await call(t, app, 'DELETE', '/api/v1/scenes/scnEmpty001')).status, 200)
  const page = await app.inject({ url: `${UI}/scenes/scnEmpty001/edit`, headers: { accept: 'text/html' } })
  t.equal(page.statusCode, 200)
  t.match(page.body, 'data-read-only="true"')
  t.match(page.body, '<span id="editor-status" data-status="read-only">read-only: the scene is in the trash')
  t.equal((await app.inject({ url: `${EDITOR}/scnEmpty001/content` })).json().sceneVersion, sceneVersion, 'its content still reads')
  const refused = await save(`${EDITOR}/scnEmpty001/content`, { elements: [] })
  t.same([refused.statusCode, refused.json()], [404, errorBody(404, 'Not Found', 'Scene scnEmpty001 not found')], 'the API would not write it either')
  const scenePage = await app.inject({ url: `${UI}/scenes/scnEmpty001`, headers: { accept: 'text/html' } })
  t.equal(scenePage.statusCode, 200, 'the trashed card\'s link opens its page')
  t.match(scenePage.body, 'View in the editor (read-only)')
  t.equal((await app.inject({ url: `${UI}/scenes/scnEmpty001.svg` })).statusCode, 200, 'and its picture')
})

t.test('with an admin token the editor needs the sign-in cookie', async (t) => {
  const guarded = await build(t, { renderer: false, adminToken: 'let-me-in' })
  const page = await guarded.inject({ url: `${UI}/scenes/scnShapes01/edit`, headers: { accept: 'text/html' } })
  t.same([page.statusCode, page.headers.location], [303, `${UI}/login`])
  const refused = await guarded.inject({ method: 'PATCH', url: `${EDITOR}/scnShapes01/content`, headers: { 'content-type': 'application/json' }, payload: '{"elements":[]}' })
  t.same([refused.statusCode, refused.json().statusCode], [401, 401])
  const login = await guarded.inject({ method: 'POST', url: `${UI}/login`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'token=let-me-in' })
  const cookie = String(login.headers['set-cookie']).split(';')[0]
  t.match((await guarded.inject({ url: `${UI}/scenes/scnShapes01/edit`, headers: { cookie } })).body, 'Sign out</button>')
  t.equal((await guarded.inject({ url: `${UI}/editor/editor.js`, headers: { cookie } })).statusCode, 200)
  const saved = await guarded.inject({ method: 'PATCH', url: `${EDITOR}/scnShapes01/content`, headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify({ appState: { viewBackgroundColor: '#ffffff' } }) })
  t.equal(saved.statusCode, 200)
})
