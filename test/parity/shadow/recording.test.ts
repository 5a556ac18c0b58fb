// What a shadow keeps: the report and the recording (which `parity --verify` replays offline) hold no key, even
// where the target echoed one; the CLI writes --report on SIGINT; the admin route, the demo page and the typed
// helpers show the same report.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { BUNDLED_FIXTURE_SETS, ShadowDifferencesError, shadowHelpers } from '../../../src/index.js'
import { learnCommand } from '../../../src/parity/learn/command.js'
import { filesIn, parity } from '../parity-helper.js'
import { startProcess } from '../../processes.js'
import { send, settledReport, startShadowFor, startTarget } from './shadow-helper.js'

const work = mkdtempSync(join(tmpdir(), 'shadow-recording-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

/** A client that puts its own key where the target echoes it (a scene name), then reads it back. */
async function echoingClient (api: string, key: string): Promise<void> {
  const collections = await send(api, key, 'GET', '/collections?limit=100')
  const collection = collections.body.data.find((c: any) => c.id !== 'private').id
  const made = await send(api, key, 'POST', `/collections/${collection}/scenes`, { name: `scene of ${key}`, pinned: false })
  await send(api, key, 'GET', `/scenes/${made.body.metadata.id}`)
  await send(api, key, 'POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_scene', arguments: { sceneId: made.body.metadata.id } } }, { accept: 'application/json, text/event-stream' })
  await send(api, key, 'DELETE', `/scenes/${made.body.metadata.id}`)
}

t.test('the key is never stored: not in the report, the recording, its fixtures or a line; parity --verify replays it', async (t) => {
  const target = await startTarget(t)
  const key = target.keys.full
  const report = join(work, 'report.json')
  const record = join(work, 'recording')
  const shadowed = await startShadowFor(t, target.apiUrl, { report, record })
  await echoingClient(shadowed.api, key)
  t.equal(await shadowed.stop(), 0, 'nothing differed')
  const written = JSON.parse(readFileSync(report, 'utf8'))
  t.same(written.summary, { operations: 5, same: 5, differs: 0, accepted: 0 })
  t.same(written.keys, [{ label: 'key 1', kind: 'workspace', permission: 'full', role: 'admin' }], 'the key as learned: full once the target took a write')
  const files = [{ file: report, text: readFileSync(report, 'utf8') }, ...filesIn(record)]
  t.ok(files.length > 8, `${files.length} files written`)
  t.same(files.filter((f) => f.text.includes(key)).map((f) => f.file), [], 'no file holds the key')
  t.ok(filesIn(record).some((f) => f.text.includes('scene of [the key]')), 'where the target echoed it, the recording holds a mask')
  t.notOk([...shadowed.lines.out, ...shadowed.lines.err].some((line) => line.includes(key)), 'no line holds the key')
  const step = JSON.parse(filesIn(join(record, 'steps'))[0].text)
  t.same(step.request.auth, { kind: 'key', shape: { label: 'key 1', kind: 'workspace', permission: 'read', role: 'admin' } }, 'how the client authenticated, as a profile (no write seen yet: read)')
  t.notOk('authorization' in step.request.headers)
  const verified = await parity('--verify', record)
  t.equal(verified.code, 0, verified.err)
  t.match(verified.out, /5 operations: 5 the same, 0 differ/)
  t.match(verified.out, /shadow recording of .* 5 requests replayed/)
})

t.test('an edited recording: parity --verify names the edited value; with --only another operation, compares that one', async (t) => {
  const target = await startTarget(t)
  const record = join(work, 'edited')
  const shadowed = await startShadowFor(t, target.apiUrl, { record })
  await send(shadowed.api, target.keys.full, 'GET', '/workspaces')
  await send(shadowed.api, target.keys.full, 'GET', '/collections')
  await shadowed.stop()
  const file = filesIn(join(record, 'steps'))[0].file
  const step = JSON.parse(readFileSync(file, 'utf8'))
  step.answer.body.name = 'Edited name'
  const { writeFileSync } = await import('node:fs')
  writeFileSync(file, JSON.stringify(step))
  const verified = await parity('--verify', record)
  t.equal(verified.code, 1)
  t.match(verified.out, /GET \/api\/v1\/workspaces +1 +0 +1 +body\/name \(value\)/)
  const only = await parity('--verify', record, '--only', 'GET /api/v1/collections')
  t.equal(only.code, 0, only.out)
  t.match(only.out, /1 operations: 1 the same, 0 differ/)
  t.notMatch(only.out, /workspaces/, 'the edited operation is not compared')
})

t.test('GET and DELETE /_emulator/shadow, the demo page, and the typed helpers over HTTP', async (t) => {
  const target = await startTarget(t)
  const shadowed = await startShadowFor(t, target.apiUrl, { key: target.keys.full })
  await target.setDrift({ enabled: true, rate: 1, seed: 3, kinds: ['add-unknown-field'] })
  await send(shadowed.api, target.keys.full, 'GET', '/workspaces')
  await settledReport(shadowed)
  const helpers = shadowHelpers(shadowed.api)
  const report = await helpers.shadowReport()
  const { durationMs: _duration, ...rest } = shadowed.shadow.report()
  t.match(report, { ...rest, durationMs: Number }, 'the report over HTTP is the report')
  t.same(report.operations.map((op) => [op.operation, op.differs, op.differences.map((d) => [d.kind, d.count, d.requests])]), [['GET /api/v1/workspaces', 1, [['extra', 1, [{ method: 'GET', path: '/workspaces', step: 1 }]]]]])
  const error = await helpers.assertNoShadowDifferences().catch((e: unknown) => e)
  t.ok(error instanceof ShadowDifferencesError)
  t.match((error as Error).message, /^the shadow report is not clean:\n {2}GET \/api\/v1\/workspaces: 1 of 1 requests differ: body\/\S+ \(extra: emulator null, target /)
  t.same((error as ShadowDifferencesError).report.operations, report.operations)
  const page = await fetch(`${shadowed.shadow.url}/_emulator/ui/shadow`)
  t.equal(page.status, 200)
  const text = await page.text()
  t.match(text, /<code>GET \/api\/v1\/workspaces<\/code>/)
  t.match(text, /<td>extra<\/td>/)
  t.match(text, /href="\/_emulator\/ui\/shadow">Shadow<\/a>/, 'the header links the view')
  await helpers.clearShadowReport()
  const cleared = await helpers.assertNoShadowDifferences()
  t.same(cleared.operations, [])
  t.equal(cleared.shadow.forwarded, 1, 'clearing keeps the counters of the shadow itself')
})

t.test('the CLI: listens, warns for plain HTTP beyond loopback, writes --report on SIGINT', async (t) => {
  const target = await startTarget(t)
  const report = join(work, 'cli-report.json')
  const running = await startProcess('src/cli.ts', ['shadow', '--target', target.apiUrl, '--port', '0', '--report', report], {})
  await send(`${running.url}/api/v1`, target.keys.full, 'GET', '/workspaces')
  const exited = new Promise<number | null>((resolve) => running.child.on('exit', resolve))
  running.child.kill('SIGINT')
  t.equal(await exited, 0)
  const written = JSON.parse(readFileSync(report, 'utf8'))
  t.same(written.summary, { operations: 1, same: 1, differs: 0, accepted: 0 })
  t.match(running.output(), /shadow: stopped by SIGINT: 1 requests forwarded, 1 compared, \d+ sent by the import; 1 operations: 1 the same, 0 differ/)
  t.notOk(running.output().includes(target.keys.full))
  const plain = await startShadowFor(t, 'http://api.example.com/api/v1', { key: undefined })
  t.same(plain.lines.err, ['shadow: warning: --target http://api.example.com is plain HTTP to a host beyond loopback: your clients\' keys cross the network unencrypted; use https'])
})

t.test('with EMULATOR_ADMIN_TOKEN the report and the shadow side\'s admin API need it, before and after the side starts', async (t) => {
  const target = await startTarget(t)
  const shadowed = await startShadowFor(t, target.apiUrl, {}, { EMULATOR_ADMIN_TOKEN: 'shadow-admin' })
  const token = { authorization: 'Bearer shadow-admin' }
  t.equal((await send(shadowed.shadow.url, undefined, 'GET', '/_emulator/shadow')).status, 401, 'waiting: refused without the token')
  t.equal((await send(shadowed.shadow.url, undefined, 'GET', '/_emulator/shadow', undefined, token)).status, 200)
  t.equal((await send(shadowed.api, target.keys.full, 'GET', '/workspaces')).status, 200)
  await settledReport(shadowed)
  t.equal((await send(shadowed.shadow.url, undefined, 'GET', '/_emulator/shadow')).status, 401, 'running: refused without the token')
  const report = await shadowHelpers(shadowed.shadow.url, 'shadow-admin').assertNoShadowDifferences()
  t.same(report.operations.map((op) => [op.operation, op.same]), [['GET /api/v1/workspaces', 1]], 'the shadow side minted its key with the token')
  t.equal((await send(shadowed.shadow.url, undefined, 'POST', '/_emulator/reset')).status, 401)
})

t.test('--fixtures naming a bundled set (minimal) records that set: the recording is written and parity --verify replays it', async (t) => {
  const target = await startTarget(t)
  const record = join(work, 'bundled-set')
  const shadowed = await startShadowFor(t, target.apiUrl, { fixtures: 'minimal', record })
  t.equal((await send(shadowed.api, target.keys.full, 'GET', '/workspaces')).status, 200)
  t.ok([0, 1].includes(await shadowed.stop()), 'stopped with its recording written (not exit 2)')
  t.same(shadowed.lines.err, [], 'no error at stop')
  const copied = filesIn(join(record, 'fixtures')).map((f) => f.file.slice(join(record, 'fixtures').length)).sort()
  const bundled = filesIn(BUNDLED_FIXTURE_SETS.minimal).map((f) => f.file.slice(BUNDLED_FIXTURE_SETS.minimal.length)).sort()
  t.ok(bundled.length > 0)
  t.same(copied, bundled, 'the bundled minimal set, copied whole')
  const verified = await parity('--verify', record)
  t.ok(verified.code === 0 || verified.code === 1, verified.err)
  t.match(verified.out, /shadow recording of .* 1 requests? replayed/)
})

/** A route the target no longer has: POST /workspaces/invites answers its router's not-found (a stub). */
async function dropInvites (target: string, key: string): Promise<void> {
  const probe = await send(`${target}/api/v1`, key, 'GET', '/parityNoSuchRoute/parityNoSuchId0')
  const notFound = JSON.parse(probe.text.replaceAll('GET:/api/v1/parityNoSuchRoute/parityNoSuchId0', 'POST:/api/v1/workspaces/invites'))
  const stub = await fetch(`${target}/_emulator/stubs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'POST', path: '/workspaces/invites', status: 404, body: notFound }) })
  if (stub.status !== 201 && stub.status !== 200) throw new Error(`stub refused: ${stub.status} ${await stub.text()}`)
}

/** Each differing operation's differences: kind, path, status, and the step a consequence follows from. */
const verdicts = (report: any) => Object.fromEntries(report.operations.filter((op: any) => op.differences.length > 0).map((op: any) =>
  [op.operation, op.differences.map((d: any) =>
    ({ kind: d.kind, path: d.pattern ?? d.path, status: d.status, notFound: d.notFound, followsFrom: d.followsFrom?.step }))]))

t.test('parity --verify of a shadow recording judges as the live shadow did: the missing route, and reads that follow from the refused write', async (t) => {
  const target = await startTarget(t)
  const key = target.keys.full
  await dropInvites(target.url, key)
  const report = join(work, 'missing-route.json')
  const record = join(work, 'missing-route')
  const shadowed = await startShadowFor(t, target.apiUrl, { report, record })
  await send(shadowed.api, key, 'GET', '/workspaces/invites')
  t.equal((await send(shadowed.api, key, 'POST', '/workspaces/invites', { email: 'new.person@example.com', role: 'member' })).status, 404)
  await send(shadowed.api, key, 'GET', '/workspaces/invites')
  t.equal(await shadowed.stop(), 1)
  const live = verdicts(JSON.parse(readFileSync(report, 'utf8')))
  const notFound = '{"statusCode":404,"error":"Not Found","message":"Route <method>:<path> not found"}'
  t.same(live, {
    'GET /api/v1/workspaces/invites': [{ kind: 'missing', path: 'body/data/*', status: 200, notFound: undefined, followsFrom: 2 }],
    'POST /api/v1/workspaces/invites': [{ kind: 'missing-route', path: 'route', status: 404, notFound, followsFrom: undefined }]
  }, 'live: the route is missing, the list that has one invite more follows from it')
  const step = JSON.parse(filesIn(join(record, 'steps'))[1].text)
  t.same(step.verdict, { missingRoute: { status: 404, notFound } }, 'the step file keeps the live verdict')

  const verified = await parity('--verify', record, '--report', join(work, 'missing-route-verify.json'))
  t.equal(verified.code, 1, verified.err)
  t.same(verdicts(JSON.parse(readFileSync(join(work, 'missing-route-verify.json'), 'utf8'))), live, 'the replay finds what the live shadow found')
  // Learned from the replay: the route only (the list's invite more follows from it), and offline nothing differs.
  const profile = join(work, 'missing-route-profile.json')
  const learned = await learnCommand(['--from', join(work, 'missing-route-verify.json'), '--out', profile], { out: () => {}, err: () => {}, env: {}, version: '0.1.0' })
  t.equal(learned, 0)
  t.same(JSON.parse(readFileSync(profile, 'utf8')).operations.map((op: any) => [op.operation, op.changes.map((c: any) => c.change)]), [['POST /api/v1/workspaces/invites', ['route-missing']]])
  const replayed = await parity('--verify', record, '--drift-profile', profile)
  t.equal(replayed.code, 0, `${replayed.out}\n${replayed.err}`)
})

t.test('a step the target failed (a page, not JSON) is recorded with its verdict: the replay sends it to the emulator as the live shadow did, and compares it not', async (t) => {
  const target = await startTarget(t)
  const key = target.keys.full
  const page = await fetch(`${target.url}/_emulator/stubs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'POST', path: '/collections', status: 200, headers: { 'content-type': 'text/html' }, body: '<html>maintenance</html>' }) })
  t.ok(page.ok, await page.text())
  const report = join(work, 'target-failure.json')
  const record = join(work, 'target-failure')
  const shadowed = await startShadowFor(t, target.apiUrl, { report, record })
  await send(shadowed.api, key, 'POST', '/collections', { name: 'made on the shadow side only' })
  await send(shadowed.api, key, 'GET', '/collections?limit=100')
  t.equal(await shadowed.stop(), 1)
  const written = JSON.parse(readFileSync(report, 'utf8'))
  t.same(written.shadow.failures.map((f: any) => [f.operation, f.side, f.reason]), [['POST /api/v1/collections', 'target', 'the target answered 200 with a body that is not JSON (text/html)']])
  const live = verdicts(written)
  t.same(Object.keys(live), ['GET /api/v1/collections'], 'live: the list the shadow side made one more in differs')
  const steps = filesIn(join(record, 'steps')).map((f) => JSON.parse(f.text))
  t.same(steps.map((s) => [s.step, s.operation, s.verdict]), [[1, 'POST /api/v1/collections', { targetFailure: 'the target answered 200 with a body that is not JSON (text/html)' }], [2, 'GET /api/v1/collections', undefined]])
  const verified = await parity('--verify', record, '--report', join(work, 'target-failure-verify.json'))
  t.equal(verified.code, 1, verified.err)
  const replayed = JSON.parse(readFileSync(join(work, 'target-failure-verify.json'), 'utf8'))
  t.same(verdicts(replayed), live, 'the replay finds what the live shadow found')
  t.same(replayed.skipped, [{ operation: 'POST /api/v1/collections', reason: 'step 1 not compared: the target failed live (the target answered 200 with a body that is not JSON (text/html))' }])
})
