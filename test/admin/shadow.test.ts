// GET/DELETE /_emulator/shadow on the emulator itself: the report a shadow proxy hands startEmulator (checked
// against the admin OpenAPI document), the same through the in-process helpers, a plain emulator's 404, and the
// demo page's view of it.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { HarnessError, ShadowDifferencesError, shadowHelpers, startEmulator, type ShadowReport, type ShadowSource } from '../../src/index.js'
import { build } from '../helper.js'
import { admin } from './admin-helper.js'
import { toText } from '../../src/admin/ui/html.js'
import { shadowBody } from '../../src/admin/ui/shadow.js'

function reportWith (differs: boolean): ShadowReport {
  const differences = differs ? [{ path: 'body/name', kind: 'value', emulator: 'a', target: 'b', requests: [{ method: 'GET', path: '/workspaces', step: 2 }], count: 2, lastSeen: '2026-11-25T10:00:00.000Z' }] : []
  return {
    tool: 'drawing-api-emulator',
    version: '0.1.0',
    mode: 'shadow',
    target: 'https://api.example.com/api/v1',
    startedAt: '2026-11-25T09:00:00.000Z',
    durationMs: 3_600_000,
    keys: [{ label: 'key 1', kind: 'workspace', permission: 'full', role: 'admin' }],
    requests: { target: 12, emulator: 3 },
    operations: [{ operation: 'GET /api/v1/workspaces', requests: 3, same: differs ? 1 : 3, differs: differs ? 2 : 0, differences, accepted: [] }],
    shared: [],
    unusedAccept: [],
    summary: { operations: 1, same: differs ? 0 : 1, differs: differs ? 1 : 0, accepted: 0 },
    shadow: { state: 'ready', reason: null, forwarded: 3, compared: 3, importRequests: 9, failures: [] }
  }
}

function fakeSource (): ShadowSource & { cleared: number, differs: boolean } {
  const source = { cleared: 0, differs: true, report: () => reportWith(source.differs), clear: () => { source.cleared++; source.differs = false } }
  return source
}

t.test('a plain emulator has no shadow report: 404 in the admin envelope, a HarnessError from the helpers', async (t) => {
  const app = await build(t)
  const answer = await admin(t, app, 'GET', '/_emulator/shadow')
  t.equal(answer.status, 404)
  t.same(answer.body, { statusCode: 404, error: 'Not Found', message: 'This emulator is not a shadow: the report exists while `drawing-api-emulator shadow --target <url>` runs (see docs/parity.md, "Shadow your tests against the live service")' })
  t.equal((await admin(t, app, 'DELETE', '/_emulator/shadow')).status, 404)
  t.equal((await app.inject({ method: 'GET', url: '/_emulator/ui/shadow' })).statusCode, 404)
  t.notMatch((await app.inject({ method: 'GET', url: '/_emulator/ui' })).body, /ui\/shadow/, 'the demo page links no shadow view')
  const emulator = await startEmulator()
  t.teardown(() => emulator.close())
  const error = await emulator.shadowReport().catch((e: unknown) => e)
  t.ok(error instanceof HarnessError)
  t.equal((error as HarnessError).statusCode, 404)
})

t.test('a shadow\'s emulator: the report, its clearing, and the helpers in process', async (t) => {
  const source = fakeSource()
  const emulator = await startEmulator({ shadow: source, adminToken: 'shadow-token' })
  t.teardown(() => emulator.close())
  const refused = await fetch(`${emulator.url}/_emulator/shadow`)
  t.equal(refused.status, 401, 'the admin token guards it')
  const answer = await admin(t, emulator.app as FastifyInstance, 'GET', '/_emulator/shadow', { headers: { authorization: 'Bearer shadow-token' } })
  t.equal(answer.status, 200)
  t.same(answer.body, reportWith(true))
  t.same(await emulator.shadowReport(), reportWith(true))
  const error = await emulator.assertNoShadowDifferences().catch((e: unknown) => e)
  t.ok(error instanceof ShadowDifferencesError)
  t.equal((error as Error).message, 'the shadow report is not clean:\n  GET /api/v1/workspaces: 2 of 3 requests differ: body/name (value: emulator "a", target "b")')
  await emulator.clearShadowReport()
  t.equal(source.cleared, 1)
  t.same(await emulator.assertNoShadowDifferences(), reportWith(false))
})

t.test('assertNoShadowDifferences fails on a shadow side that failed, not on a target that failed', async (t) => {
  const failing: ShadowReport = { ...reportWith(false), shadow: { ...reportWith(false).shadow, failures: [{ operation: 'GET /api/v1/scenes', side: 'target', reason: 'connection reset', time: '2026-11-25T10:00:00.000Z' }] } }
  const emulator = await startEmulator({ shadow: { report: () => failing, clear: () => {} } })
  t.teardown(() => emulator.close())
  t.same(await emulator.assertNoShadowDifferences(), failing, 'the target failing is the target\'s business')
  failing.shadow.failures.push({ operation: 'GET /api/v1/scenes', side: 'shadow', reason: 'no answer within 60 s', time: '2026-11-25T10:00:01.000Z' })
  failing.shadow.state = 'failed'
  failing.shadow.reason = 'the import failed'
  const error = await emulator.assertNoShadowDifferences().catch((e: unknown) => e)
  t.equal((error as Error).message, 'the shadow report is not clean:\n  the shadow side failed: the import failed\n  GET /api/v1/scenes: the shadow side failed (no answer within 60 s)')
})

t.test('shadowHelpers(url) fails with a HarnessError and the status: not a shadow, a wrong token, a proxy\'s HTML page', async (t) => {
  const plain = await startEmulator()
  t.teardown(() => plain.close())
  const notShadow = await shadowHelpers(plain.url).shadowReport().catch((e: unknown) => e)
  t.ok(notShadow instanceof HarnessError, 'not a shadow')
  t.match(notShadow, { statusCode: 404, message: 'GET /_emulator/shadow: 404 This emulator is not a shadow: the report exists while `drawing-api-emulator shadow --target <url>` runs (see docs/parity.md, "Shadow your tests against the live service")' })

  const guarded = await startEmulator({ shadow: fakeSource(), adminToken: 'shadow-token' })
  t.teardown(() => guarded.close())
  const refused = await shadowHelpers(guarded.url, 'wrong').clearShadowReport().catch((e: unknown) => e)
  t.ok(refused instanceof HarnessError, 'a wrong token')
  t.equal((refused as HarnessError).statusCode, 401)
  t.same(await shadowHelpers(`${guarded.url}/api/v1/`, 'shadow-token').shadowReport(), reportWith(true), 'the API URL works as well as the origin')

  const proxy = createServer((_req, res) => { res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>') })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  t.teardown(() => proxy.close())
  const html = await shadowHelpers(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`).shadowReport().catch((e: unknown) => e)
  t.ok(html instanceof HarnessError, 'a page that is not JSON')
  t.match(html, { statusCode: 502, message: 'GET /_emulator/shadow: 502 <html>Bad Gateway</html>' })
})

t.test('the shadow page counts its requests in the right number', async (t) => {
  const one = reportWith(false)
  one.operations[0].requests = 1
  one.shadow = { ...one.shadow, forwarded: 1, compared: 1, importRequests: 1 }
  const page = toText(shadowBody(one))
  t.match(page, '<span class="muted">1 request · 3 the same ·</span>')
  t.match(page, '<div><span>forwarded</span>1 request</div><div><span>compared</span>1 request</div>')
  t.match(page, '<div><span>sent by the import</span>1 request</div>')
  t.match(toText(shadowBody(reportWith(false))), '<div><span>sent by the import</span>9 requests</div>', 'more than one: the plural')
  t.notMatch(page, /\b1 requests\b/)
})
