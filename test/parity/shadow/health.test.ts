// A shadow is a service to wait for: /_emulator/health answers 200 as soon as it forwards (Docker's HEALTHCHECK,
// Compose's service_healthy, a Testcontainers wait), with the shadow side's state; /_emulator/ui/shadow is a page in
// every state (waiting for a key, ready, import failed), current without a reload (test/browser/shadow-page.test.ts).
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { send, startShadowFor, startTarget } from './shadow-helper.js'

async function get (url: string) {
  const response = await fetch(url)
  return { status: response.status, headers: response.headers, text: await response.text() }
}

t.test('waiting for the first keyed request: health 200 with the state, and a page that says what it waits for', async (t) => {
  const target = await startTarget(t)
  const shadowed = await startShadowFor(t, target.apiUrl)
  const health = await get(`${shadowed.shadow.url}/_emulator/health`)
  t.equal(health.status, 200)
  t.equal(health.headers.get('content-type'), 'application/json; charset=utf-8')
  const body = JSON.parse(health.text)
  t.same(body, { status: 'ok', version: '0.1.0', uptimeSeconds: body.uptimeSeconds, shadow: { state: 'waiting', description: 'waiting for the first request with a key', reason: null, forwarded: 0, compared: 0 } })
  t.type(body.uptimeSeconds, 'number')
  const page = await get(`${shadowed.shadow.url}/_emulator/ui/shadow`)
  t.same([page.status, page.headers.get('content-type'), page.headers.get('refresh')], [200, 'text/html; charset=utf-8', '2'])
  t.match(page.headers.get('content-security-policy'), "default-src 'none'")
  t.match(page.text, 'waiting for the first request with a key')
  t.match(page.text, `Shadow of <code>${target.apiUrl}</code>`)
  t.notMatch(page.text, '<script', 'no script')

  t.equal((await send(shadowed.api, 'sk-demo-full', 'GET', '/workspaces')).status, 200)
  await shadowed.shadow.session.settled()
  const ready = JSON.parse((await get(`${shadowed.shadow.url}/_emulator/health`)).text)
  t.same(ready.shadow, { state: 'ready', description: 'ready: comparing every request', reason: null, forwarded: 1, compared: 1 }, 'once the side runs, health is still the proxy\'s, with the state')
  const sidePage = await get(`${shadowed.shadow.url}/_emulator/ui/shadow`)
  t.same([sidePage.status, sidePage.headers.get('refresh')], [200, null], 'the demo page\'s shadow view: live through its script, not reloaded')
  t.match(sidePage.text, '<div id="shadow-live" data-live="/_emulator/ui/shadow/live">')
  t.match(sidePage.text, 'ready: comparing every request')
  const live = await get(`${shadowed.shadow.url}/_emulator/ui/shadow/live`)
  t.same([live.status, live.headers.get('content-type'), live.headers.get('cache-control')], [200, 'text/html; charset=utf-8', 'no-store'])
  t.match(live.text, /^<div class="facts"><div><span>shadow side<\/span>ready: comparing every request<\/div>/, 'the live part alone')
  t.match(live.text, 'GET /api/v1/workspaces')
  t.notMatch(live.text, '<html')
})

t.test('an import that failed: health 200 (clients still get the target\'s answers), the page says why', async (t) => {
  // Not the API: its GET /workspaces answers a JSON health body, which is not a workspace.
  const stand = createServer((req, res) => { req.resume(); res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}') })
  stand.listen(0, '127.0.0.1')
  await once(stand, 'listening')
  t.teardown(() => { stand.closeAllConnections(); stand.close() })
  const shadowed = await startShadowFor(t, `http://127.0.0.1:${(stand.address() as AddressInfo).port}/api/v1`)
  t.equal((await send(shadowed.api, 'sk-demo-full', 'GET', '/workspaces')).text, '{"status":"ok"}', 'the client got the target\'s answer')
  await shadowed.shadow.session.settled()
  const health = await get(`${shadowed.shadow.url}/_emulator/health`)
  t.equal(health.status, 200)
  const { shadow } = JSON.parse(health.text)
  t.same([shadow.state, shadow.forwarded, shadow.compared], ['failed', 1, 0])
  t.match(shadow.reason, /^the import of the target's workspace failed: /)
  const expected = (shadow.reason as string).replace('the import of the target\'s workspace failed: ', 'import failed: ')
  t.equal(shadow.description, expected)
  t.match(expected, /^import failed: http:\/\/127\.0\.0\.1:\d+\/api\/v1 is not the drawing API: GET \/workspaces answered 200 \{"status":"ok"\}, not a workspace$/, 'what was expected, what came')
  const page = await get(`${shadowed.shadow.url}/_emulator/ui/shadow`)
  t.same([page.status, page.headers.get('refresh')], [200, '2'])
  const escaped = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  t.match(page.text, `<strong class="warn">${escaped(expected)}</strong>`, 'the whole reason on the page')
  t.comment(shadow.reason)
})

t.test('with an admin token, the open answers give the state, and the reason only in the guarded report', async (t) => {
  const stand = createServer((req, res) => { req.resume(); res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok","secret":"of the target"}') })
  stand.listen(0, '127.0.0.1')
  await once(stand, 'listening')
  t.teardown(() => { stand.closeAllConnections(); stand.close() })
  const shadowed = await startShadowFor(t, `http://127.0.0.1:${(stand.address() as AddressInfo).port}/api/v1`, {}, { EMULATOR_ADMIN_TOKEN: 'admin-token' })
  await send(shadowed.api, 'sk-demo-full', 'GET', '/workspaces')
  await shadowed.shadow.session.settled()
  const health = JSON.parse((await get(`${shadowed.shadow.url}/_emulator/health`)).text)
  t.same(health.shadow, {
    state: 'failed',
    description: 'import failed: the reason is in GET /_emulator/shadow, with the admin token',
    reason: 'the import of the target\'s workspace failed: the reason is in GET /_emulator/shadow, with the admin token',
    forwarded: 1,
    compared: 0
  })
  const page = await get(`${shadowed.shadow.url}/_emulator/ui/shadow`)
  t.match(page.text, 'import failed: the reason is in GET /_emulator/shadow, with the admin token')
  t.notMatch(page.text, 'of the target', 'nothing the target answered on an open page')
  t.equal((await get(`${shadowed.shadow.url}/_emulator/shadow`)).status, 401)
  const report = await fetch(`${shadowed.shadow.url}/_emulator/shadow`, { headers: { authorization: 'Bearer admin-token' } })
  t.match(((await report.json()) as { shadow: { reason: string } }).shadow.reason, 'of the target', 'the guarded report has the whole reason')
})
