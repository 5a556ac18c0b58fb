// What a newcomer sees first on the demo page: an icon (/favicon.ico, which every page's browser asks for, and the
// page's own SVG), the demo keys' secrets whole (public fixture values) while minted keys stay masked, an empty
// request table that says how to make a request, counts in the right number, and the "Drift & faults" page as a
// kinds checklist and a table of fault rules, each removable, instead of raw JSON.
import t from 'tap'
import { build, call } from '../helper.js'
import { FAVICON_SVG } from '../../src/admin/ui/favicon.js'
import { FAVICON_PNG_BASE64 } from '../../src/admin/ui/favicon-png.js'

const UI = '/_emulator/ui'
const app = await build(t, { renderer: false })
const page = async (url: string) => (await app.inject({ url, headers: { accept: 'text/html', host: 'localhost:4000' } })).body

t.test('/favicon.ico is an ICO holding the icon; every page links the SVG', async (t) => {
  const ico = await app.inject({ url: '/favicon.ico' })
  t.same([ico.statusCode, ico.headers['content-type'], ico.headers['cache-control']], [200, 'image/x-icon', 'public, max-age=86400'])
  const png = Buffer.from(FAVICON_PNG_BASE64, 'base64')
  t.same([...ico.rawPayload.subarray(0, 6)], [0, 0, 1, 0, 1, 0], 'an icon file with one image')
  t.same([ico.rawPayload[6], ico.rawPayload[7], ico.rawPayload.readUInt32LE(14), ico.rawPayload.readUInt32LE(18)], [32, 32, png.length, 22])
  t.ok(ico.rawPayload.subarray(22).equals(png), 'the 32 px PNG after the header')
  const svg = await app.inject({ url: `${UI}/favicon.svg` })
  t.same([svg.statusCode, svg.headers['content-type'], svg.body], [200, 'image/svg+xml', FAVICON_SVG])
  for (const url of [UI, `${UI}/journal`, `${UI}/switches`, `${UI}/scenes/scnShapes01/edit`]) {
    const body = await page(url)
    t.match(body, `<link rel="icon" href="${UI}/favicon.svg" type="image/svg+xml">`, url)
    t.equal(body.match(/<link rel="icon"/g)?.length, 1, `${url}: no other icon competes with it`)
  }
  const guarded = await build(t, { renderer: false, adminToken: 'let-me-in' })
  t.equal((await guarded.inject({ url: `${UI}/favicon.svg` })).statusCode, 200, 'the sign-in page shows it too')
  t.match((await guarded.inject({ url: `${UI}/login` })).body, 'favicon.svg')
  t.equal((await guarded.inject({ url: '/favicon.ico' })).statusCode, 200)
})

t.test('the stored icon PNG is what resvg draws of the SVG today', async (t) => {
  const { svgToPng } = await import('../../src/render/png.js')
  t.ok((await svgToPng(FAVICON_SVG)).equals(Buffer.from(FAVICON_PNG_BASE64, 'base64')), 'else run: node --import tsx scripts/generate-placeholder-png.ts')
})

t.test('the overview shows fixture secrets whole and a minted key by its start only', async (t) => {
  const minted = await app.inject({ method: 'POST', url: '/_emulator/keys', payload: { workspaceId: 'wsMain00001', kind: 'workspace', permission: 'read', label: 'minted here' } })
  t.equal(minted.statusCode, 200)
  const secret = minted.json().key as string
  const body = await page(UI)
  for (const fixtureSecret of ['sk-test-full', 'sk-test-read']) t.match(body, `<td><code>${fixtureSecret}</code></td>`, fixtureSecret)
  t.notOk(body.includes(secret), 'never a minted secret')
  t.match(body, `<code>${minted.json().hint}</code> <span class="muted">(minted: shown once, when made)</span>`)
  t.match(body, '<th>secret</th>')
})

t.test('an empty journal says how to make a request; once there is one, the hint is gone', async (t) => {
  await app.inject({ method: 'DELETE', url: '/_emulator/requests' })
  const hint = '<tr data-empty><td colspan="8" class="muted">No requests yet. Make one, and it shows here at once: ' +
    '<code>curl -H &quot;Authorization: Bearer sk-test-full&quot; http://localhost:4000/api/v1/collections</code></td></tr>'
  t.match(await page(UI), `<h2>Newest requests</h2>`)
  t.match(await page(UI), hint, 'the overview, with this origin and a full key of the fixtures')
  t.match(await page(`${UI}/journal`), hint, 'the journal page')
  t.equal((await call(t, app, 'GET', '/api/v1/collections')).status, 200)
  t.notMatch(await page(UI), 'data-empty', 'gone once the journal holds a request')
})

t.test('counts in the right number', async (t) => {
  const made = await app.inject({ method: 'POST', url: '/_emulator/workspaces', payload: { name: 'Single', fixtures: 'empty' } })
  const id = made.json().workspace.id as string
  const key = made.json().keys.full as string
  await call(t, app, 'POST', '/api/v1/scenes', { key, body: { name: 'Only one', collectionId: (await call(t, app, 'GET', '/api/v1/collections', { key })).body.data[0].id, pinned: false } })
  const overview = await page(UI)
  t.match(overview, '<p>1 collection · 1 scene · 1 user\n', 'one collection, one scene, one user')
  t.match(overview, /2 collections · \d+ scenes · \d+ users/, 'and the fixture workspace in the plural')
  const workspace = await page(`${UI}/workspaces/${id}`)
  t.match(workspace, '<p>1 collection · 1 scene · ')
  t.match(workspace, /· 1 scene<\/span><\/h2>/)
  t.match(workspace, /0 elements · v<code>/)
  t.notMatch(workspace + overview, /\b1 (collections|scenes|users|elements|rules)\b/, 'never "1 scenes"')
})

t.test('the drift and faults page: a kinds checklist and a table of rules with a remove button, no raw JSON', async (t) => {
  await app.inject({ method: 'PUT', url: '/_emulator/drift', payload: { kinds: ['rename-field', 'null-field'] } })
  await app.inject({ method: 'PUT', url: '/_emulator/faults', payload: { rules: [{ path: '/collections', fault: 503, count: 2 }, { method: 'POST', path: '/scenes', fault: 'drop' }] } })
  const kinds = (await app.inject({ url: '/_emulator/drift/kinds' })).json().kinds as Array<{ name: string }>
  const body = await page(`${UI}/switches`)
  t.notMatch(body, /<pre/, 'no raw JSON')
  t.match(body, `<h3>Kinds <span class="muted">2 of ${kinds.length} drawn from</span></h3>`)
  t.equal([...body.matchAll(/<input type="checkbox" name="kind" value="([^"]+)"/g)].length, kinds.length, 'a box per kind')
  t.match(body, '<input type="checkbox" name="kind" value="rename-field" checked>')
  t.match(body, '<input type="checkbox" name="kind" value="null-field" checked>')
  t.equal([...body.matchAll(/name="kind" value="[^"]+" checked>/g)].length, 2, 'only the kinds in force are ticked')
  t.match(body, '<form id="drift-kinds" data-kinds="/_emulator/ui/api/drift">')
  t.match(body, '<table id="fault-rules">')
  t.match(body, '<td><code>/collections</code></td>')
  t.match(body, '<td>2</td><td>0</td>', 'remaining and fired')
  t.match(body, `<button class="secondary" data-post="${UI}/api/faults/rules/1" data-method="DELETE">Remove</button>`)
  t.match(body, '2 rules set through the admin API')
  const removed = await app.inject({ method: 'DELETE', url: `${UI}/api/faults/rules/0` })
  t.same([removed.statusCode, removed.json().rules.map((rule: { path: string }) => rule.path)], [200, ['/scenes']], 'the button\'s request removes that rule alone')
  t.match(await page(`${UI}/switches`), '1 rule set through the admin API')
  await app.inject({ method: 'DELETE', url: '/_emulator/faults' })
  t.match(await page(`${UI}/switches`), 'No rules.')
})
