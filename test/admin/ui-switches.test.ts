// The demo page's forms and the rest of its pages through app.inject: the switch forms show the settings in force,
// PATCH /_emulator/faults changes only what it is given (rules set through the API stay), the overview says what the
// rate limit counts, the drift page shows code as code and its ledger at full width, sign-out clears the cookie, the
// admin API page works after sign-in, and the scene page lists slides in presentation order after MCP and REST moves.
// The browser side is test/browser/editor.test.ts.
import t from 'tap'
import { build, call, errorBody, KEYS } from '../helper.js'
import { admin } from './admin-helper.js'
import { callTool, textJson } from '../mcp/endpoint-helper.js'
import { toText, withCodeSpans } from '../../src/admin/ui/html.js'

const UI = '/_emulator/ui'
const app = await build(t, { renderer: false })
const page = async (url: string, headers: Record<string, string> = {}) => await app.inject({ url, headers: { accept: 'text/html', ...headers } })
t.beforeEach(async () => { t.equal((await app.inject({ method: 'POST', url: '/_emulator/reset' })).statusCode, 200) })

t.test('the switch forms show the settings in force', async (t) => {
  await admin(t, app, 'PUT', '/_emulator/drift', { body: { enabled: true, seed: 11, rate: 0.25 } })
  await admin(t, app, 'PUT', '/_emulator/faults', { body: { faultStatus: 502, latencyMs: 4, rules: [{ path: '/collections', fault: 503 }] } })
  const { body } = await page(`${UI}/switches`)
  t.match(body, '<form class="inline" id="drift-form" data-send="/_emulator/ui/api/drift" data-method="PUT">')
  t.match(body, '<input type="checkbox" name="enabled" checked>')
  t.match(body, '<input name="seed" size="8" inputmode="decimal" value="11">')
  t.match(body, '<input name="rate" size="4" inputmode="decimal" value="0.25">')
  t.match(body, '<form class="inline" id="fault-form" data-send="/_emulator/ui/api/faults" data-method="PATCH">')
  t.match(body, '<option value="502" selected>502</option>')
  t.match(body, '<input name="latencyMs" size="6" inputmode="decimal" value="4">')
  t.match(body, '1 rule set through the admin API (kept when you apply).')
  await admin(t, app, 'PUT', '/_emulator/drift', { body: { enabled: false } })
  t.match((await page(`${UI}/switches`)).body, '<input type="checkbox" name="enabled">', 'off shows unchecked')
})

t.test('the drift page: code spans in the kinds\' descriptions, the ledger at full width with one unbroken entry per kind', async (t) => {
  await admin(t, app, 'PUT', '/_emulator/drift', { body: { enabled: true, seed: 3, rate: 1 } })
  for (let i = 0; i < 3; i++) await app.inject({ url: '/api/v1/collections', headers: { authorization: `Bearer ${KEYS.full}` } })
  const { body } = await page(`${UI}/switches`)
  t.match(body, '<div class="muted">Renames the page envelope&#39;s <code>data</code> array to <code>items</code></div>')
  t.match(body, '<label title="Renames the page envelope&#39;s data array to items">', 'the tooltip is plain text')
  t.notMatch(body.replace(/<(pre|code)>[^<]*<\/\1>/g, ''), /`/, 'no backtick shows')
  const ledger = /<table id="drift-ledger">.*?<\/table>/s.exec(body)?.[0] ?? ''
  t.match(ledger, /<td><span class="nowrap"><code>[a-z-]+<\/code> × \d+<\/span>(, <span class="nowrap"><code>[a-z-]+<\/code> × \d+<\/span>)*<\/td><\/tr>/, 'kinds that wrap between entries only')
  const split = /<div class="split">.*?<\/section>\s*<section>.*?<\/section><\/div>/s.exec(body)?.[0] ?? ''
  t.match(split, 'id="drift-form"', 'the two forms side by side')
  t.notMatch(split, /drift-ledger|drift-kinds/, 'the ledger and the kinds below them, not in a half')
  t.ok(body.indexOf('id="drift-ledger"') > body.indexOf('Add rules with'), 'after the faults\' rules')
})

t.test('withCodeSpans escapes every part and leaves an unmatched backtick as written', async (t) => {
  t.equal(toText(withCodeSpans('a `<b>` and `c`')), 'a <code>&lt;b&gt;</code> and <code>c</code>')
  t.equal(toText(withCodeSpans('odd `one` and `two')), 'odd <code>one</code> and `two')
  t.equal(toText(withCodeSpans('<script>')), '&lt;script&gt;')
})

t.test('PATCH /_emulator/faults changes only the fields given; rules and their counts stay', async (t) => {
  await admin(t, app, 'PUT', '/_emulator/faults', { body: { faultRate: 0.1, rules: [{ path: '/collections', fault: 503, count: 3 }] } })
  t.equal((await call(t, app, 'GET', '/api/v1/collections')).status, 503, 'the rule fires once')
  const patched = await admin(t, app, 'PATCH', '/_emulator/faults', { body: { latencyMs: 3 } })
  t.equal(patched.status, 200)
  t.match(patched.body, { latencyMs: 3, faultRate: 0.1, rules: [{ path: '/collections', fault: 503, remaining: 2, fired: 1 }] })
  const forwarded = await app.inject({ method: 'PATCH', url: `${UI}/api/faults`, payload: { faultRate: 0 } })
  t.match(forwarded.json(), { latencyMs: 3, faultRate: 0, rules: [{ remaining: 2 }] }, 'the page\'s forwarder takes PATCH too')
  const bad = await admin(t, app, 'PATCH', '/_emulator/faults', { body: { rules: [{ path: 'no-slash', fault: 503 }] } })
  t.equal(bad.status, 400)
  t.same(Object.keys(bad.body).sort(), ['error', 'message', 'statusCode'])
  t.match((await admin(t, app, 'GET', '/_emulator/faults')).body, { latencyMs: 3, rules: [{ remaining: 2 }] }, 'a refused PATCH changes nothing')
  const replaced = await admin(t, app, 'PATCH', '/_emulator/faults', { body: { rules: [] } })
  t.same(replaced.body.rules, [], 'rules given replace the list')
})

t.test('the overview says what the rate limit counts', async (t) => {
  t.match((await page(UI)).body, '<div><span>rate limit</span>600 / min per client IP</div>')
  await admin(t, app, 'POST', '/_emulator/workspaces', { body: { name: 'Per key', compat: { rateLimitBy: 'key' } } })
  t.match((await page(UI)).body, '600 / min per client IP (per API key in Per key)')
  await admin(t, app, 'PUT', '/_emulator/compat', { body: { rateLimitBy: 'key' } })
  t.match((await page(UI)).body, '600 / min per API key</div>', 'the workspaces without a switch of their own follow')
  await admin(t, app, 'POST', '/_emulator/workspaces', { body: { name: 'Per IP', compat: { rateLimitBy: 'ip' } } })
  t.match((await page(UI)).body, '600 / min per API key (per client IP in Per IP)</div>')
})

t.test('sign-out clears the cookie; the admin API page reads its document through the page once signed in', async (t) => {
  t.notMatch((await page(UI)).body, 'Sign out', 'no token, nothing to sign out of')
  const guarded = await build(t, { renderer: false, adminToken: 'let-me-in' })
  const login = await guarded.inject({ method: 'POST', url: `${UI}/login`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'token=let-me-in' })
  const cookie = String(login.headers['set-cookie']).split(';')[0]
  t.match((await guarded.inject({ url: UI, headers: { cookie } })).body, `<form method="post" action="${UI}/logout" class="inline sign-out"><button class="secondary">Sign out</button></form>`)
  const docs = await guarded.inject({ url: '/_emulator/docs', headers: { cookie } })
  t.match(docs.body, "url: '/_emulator/ui/api/docs/json'")
  const document = await guarded.inject({ url: `${UI}/api/docs/json`, headers: { cookie } })
  t.equal(document.statusCode, 200)
  t.ok(document.json().paths['/_emulator/faults'].patch, 'the admin document, PATCH /faults included')
  t.match((await guarded.inject({ url: '/_emulator/docs' })).body, "url: '/_emulator/docs/json'", 'not signed in: the header-only document')
  const out = await guarded.inject({ method: 'POST', url: `${UI}/logout`, headers: { cookie } })
  t.same([out.statusCode, out.headers.location, out.headers['set-cookie']], [303, `${UI}/login`, 'emulator_ui=; Path=/_emulator; HttpOnly; SameSite=Strict; Max-Age=0'])
  t.same((await guarded.inject({ url: `${UI}/api/docs/json` })).json(), errorBody(401, 'Unauthorized', (await guarded.inject({ url: `${UI}/api/docs/json` })).json().message))
})

t.test('the scene page lists slides in presentation order after MCP and REST moves', async (t) => {
  const made = await call(t, app, 'POST', '/api/v1/scenes', { body: { name: 'Deck', pinned: false, collectionId: 'colDefault1' } })
  const sceneId = made.body.metadata.id as string
  for (const name of ['One', 'Two', 'Three']) textJson(await callTool(app, KEYS.full, 'create_slide', { sceneId, name }))
  const order = async () => [...(await page(`${UI}/scenes/${sceneId}`)).body.matchAll(/<div class="meta"><strong>([^<]+)<\/strong>/g)].map((m) => m[1])
  t.same(await order(), ['One', 'Two', 'Three'])
  const slides = textJson(await callTool(app, KEYS.full, 'list_slides', { sceneId })).slides as Array<{ frameId: string, name: string }>
  textJson(await callTool(app, KEYS.full, 'update_slide', { sceneId, frameId: slides[2].frameId, index: 0 }))
  t.same(await order(), ['Three', 'One', 'Two'], 'after update_slide')
  const content = (await call(t, app, 'GET', `/api/v1/scenes/${sceneId}/content`)).body
  const one = content.elements.find((e: { name?: string }) => e.name === 'One')
  t.equal((await call(t, app, 'PATCH', `/api/v1/scenes/${sceneId}/content`, { body: { elements: [{ ...one, x: -5000, version: one.version + 1 }] } })).status, 200)
  t.same(await order(), ['One', 'Three', 'Two'], 'after a REST move')
})
