// The loop a team runs against a changing beta, end to end: their client's own calls through `shadow` against a
// drifting target (an emulator of its own), `learn` on the shadow report, the same client through `shadow`
// with the learned profile on the shadow side (at most a fifth of the differences left), and a plain emulator
// with the profile answering the learned shape and saying so. Around it: the same client against an identical
// target (0 differences), and against random drift (what one shape per operation can and cannot hold).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { learnCommand } from '../../../src/parity/learn/command.js'
import { KEYS, build } from '../../helper.js'
import { admin, profileOf, raw } from '../../layers/drift/drift-helper.js'
import { rpc } from '../../mcp/endpoint-helper.js'
import type { ShadowOptions } from '../../../src/parity/shadow/options.js'
import { startEmulator, type EmulatorOptions } from '../../../src/index.js'
import { parity } from '../parity-helper.js'
import { send, startShadowFor } from './shadow-helper.js'

const work = mkdtempSync(join(tmpdir(), 'shadow-learn-e2e-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

const KEY = 'sk-demo-full'
const ACCEPT_BOTH = 'application/json, text/event-stream'

/**
 * The beta's change, as the live service would show it: one consistent change per operation, the same on every
 * call (a beta that renames a field renames it in every answer), over operations the client below calls and one
 * it does not (GET /workspaces/users), which must not show.
 */
const BETA = profileOf([
  {
    operation: 'GET /api/v1/scenes/{sceneId}',
    changes: [
      { change: 'field-renamed', path: '/metadata/isPrivate', to: 'private' },
      { change: 'field-added', path: '/metadata/revision', sample: 7 },
      { change: 'type-changed', path: '/metadata/allowCalls', from: 'boolean', to: 'string', sample: 'true' },
      { change: 'header-added', header: 'deprecation', value: '@1788220800' }
    ]
  },
  { operation: 'GET /api/v1/scenes', changes: [{ change: 'field-added', path: '/data/*/metadata/revision', sample: 3 }] },
  { operation: 'GET /api/v1/collections', changes: [{ change: 'field-added', path: '/data/*/color', sample: 'blue' }] },
  { operation: 'POST /api/v1/collections', changes: [{ change: 'status-changed', from: 200, to: 201 }] },
  { operation: 'GET /api/v1/logs', changes: [{ change: 'header-removed', header: 'x-ratelimit-reset' }] },
  { operation: 'POST /api/v1/mcp tools/call get_scene', changes: [{ change: 'field-renamed', path: '/result/content/*/json/metadata/isPrivate', to: 'private' }] },
  { operation: 'GET /api/v1/workspaces/users', changes: [{ change: 'field-added', path: '/data/*/team', sample: 'core' }] }
])
const CALLED = BETA.operations.map((op) => op.operation).filter((op) => op !== 'GET /api/v1/workspaces/users').sort()
/**
 * What `learn` can know of them: a change seen at one item of a list stays at that item (an MCP tool answer has one
 * content item); one seen at several items of an answer (the workspace's scenes) is every item's.
 */
const LEARNABLE = BETA.operations.filter((op) => CALLED.includes(op.operation)).map((op) => ({
  ...op,
  changes: op.changes.map((c: { path?: string }) => c.path?.startsWith('/result/content/*') === true ? { ...c, path: c.path.replace('*', '0') } : c)
}))

const idOf = (body: any): string | undefined => body?.id ?? body?.metadata?.id

/** A client's own integration test: the same calls, the same way, on every run. */
async function clientRun (api: string): Promise<string | undefined> {
  await send(api, KEY, 'GET', '/collections?limit=100')
  const collection = idOf((await send(api, KEY, 'POST', '/collections', { name: 'client collection' })).body)
  const scene = idOf((await send(api, KEY, 'POST', `/collections/${collection}/scenes`, { name: 'client scene', pinned: false })).body)
  await send(api, KEY, 'GET', `/scenes/${scene}`)
  await send(api, KEY, 'GET', `/scenes?collectionId=${collection}`)
  await send(api, KEY, 'GET', '/scenes?limit=100')
  await send(api, KEY, 'PUT', `/scenes/${scene}/content`, { type: 'excalidraw', version: 2, source: 'client', elements: [], appState: { viewBackgroundColor: '#ffffff' }, files: {} })
  await send(api, KEY, 'GET', `/scenes/${scene}/content`)
  await send(api, KEY, 'PATCH', `/scenes/${scene}`, { name: 'client scene, renamed', pinned: true })
  await send(api, KEY, 'GET', `/scenes/${scene}`)
  await send(api, KEY, 'GET', '/logs?limit=5')
  await send(api, KEY, 'POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_scene', arguments: { sceneId: scene } } }, { accept: ACCEPT_BOTH })
  return scene
}

interface Counts { differences: number, seen: number, operations: string[] }

/** Distinct differences (grouped by path pattern, per operation), how often they were seen, the operations differing. */
function counts (report: any): Counts {
  const differing = report.operations.filter((op: any) => op.differs > 0)
  const all = report.operations.flatMap((op: any) => op.differences)
  return { differences: all.length, seen: all.reduce((sum: number, d: any) => sum + d.count, 0), operations: differing.map((op: any) => op.operation).sort() }
}

async function learn (...argv: string[]): Promise<{ code: number, out: string }> {
  const lines: string[] = []
  const code = await learnCommand(argv, { out: (text) => lines.push(text), err: (text) => lines.push(text), env: {}, version: '0.1.0' })
  return { code, out: lines.join('\n') }
}

/** One client run through a shadow (with `options`) in front of `targetUrl`; the report as --report wrote it. */
async function shadowRun (t: Test, targetUrl: string, name: string, options: Partial<ShadowOptions> = {}, env: NodeJS.ProcessEnv = {}): Promise<any> {
  const file = join(work, `${name}.json`)
  const shadowed = await startShadowFor(t, `${targetUrl}/api/v1`, { report: file, ...options }, env)
  const scene = await clientRun(shadowed.api)
  await shadowed.stop()
  const report = { ...JSON.parse(readFileSync(file, 'utf8')), scene }
  t.same(report.shadow.failures, [], `${name}: neither side failed (${report.shadow.state}: ${report.shadow.reason})`)
  return report
}

/**
 * The target, in this process on a port of its own: the shadow reaches it over HTTP as it would the live service.
 * (A process of its own cost 0.9 s of CPU to start; the drift settings read from the environment are tested in
 * test/layers/drift/plugin.test.ts and test/parity/drift-profile-env.test.ts, a profile given to the CLI's process in
 * test/layers/drift/profile.test.ts.)
 */
async function startBeta (t: Test, options: EmulatorOptions): Promise<string> {
  const beta = await startEmulator({ renderer: false, ...options })
  t.teardown(() => beta.close())
  return beta.url
}

t.test('the same client against an identical emulator: the target\'s answers, 0 differences', async (t) => {
  const target = await startBeta(t, {})
  const report = await shadowRun(t, target, 'identical')
  t.same(report.summary, { operations: 10, same: 10, differs: 0, accepted: 0 }, JSON.stringify(report.operations.filter((op: any) => op.differs > 0)))
  t.same([report.shadow.state, report.shadow.forwarded, report.shadow.compared], ['ready', 12, 12])
  const made = await send(`${target}/api/v1`, KEY, 'GET', `/scenes/${report.scene as string}`)
  t.same([made.status, made.body.metadata.name], [200, 'client scene, renamed'], 'the scene the client made through the shadow is on the target')
})

t.test('a beta that changed shape: shadow, learn the report, shadow again with the profile: at most a fifth left', async (t) => {
  const betaFile = join(work, 'beta.json')
  writeFileSync(betaFile, JSON.stringify(BETA))
  const beta = await startBeta(t, { driftProfile: betaFile })
  // Learned from a session without a profile: the report holds every change the beta has.
  const recording = join(work, 'recording')
  const before = await shadowRun(t, beta, 'before', { record: recording })
  const was = counts(before)
  t.same(was.operations, CALLED, 'the report names exactly the changed operations the client called')

  const profile = join(work, 'learned.json')
  const learned = await learn('--from', join(work, 'before.json'), '--out', profile)
  t.equal(learned.code, 0, learned.out)
  const written = JSON.parse(readFileSync(profile, 'utf8'))
  const changesOf = (operations: any[]) => Object.fromEntries(operations.map((op) => [op.operation, op.changes.map((c: any) => `${c.change} ${c.path ?? c.header ?? c.to}${c.to === undefined ? '' : ` ${c.to}`}`).sort()]))
  t.same(changesOf(written.operations), changesOf(LEARNABLE), 'learned from the shadow report: each change of each changed operation the client called')
  t.same(written.learnedFrom, [{ report: join(work, 'before.json'), target: `${beta}/api/v1`, startedAt: before.startedAt }])

  // The night's recording, replayed offline: the beta's answers differ from the emulator's, not from the profile's.
  t.equal((await parity('--verify', recording)).code, 1)
  const verified = await parity('--verify', recording, '--drift-profile', profile)
  t.equal(verified.code, 0, verified.out)

  await fetch(`${beta}/_emulator/reset`, { method: 'POST' })
  const after = await shadowRun(t, beta, 'after', { driftProfile: profile })
  const now = counts(after)
  t.comment(`shadow against a profile beta: differences ${was.differences} → ${now.differences} (seen ${was.seen} → ${now.seen} times); operations differing ${was.operations.length} → ${now.operations.length}`)
  t.ok(now.differences * 5 <= was.differences, `at most a fifth of the differences are left (${now.differences} of ${was.differences})`)
  t.ok(now.seen * 5 <= was.seen, `at most a fifth of their sightings are left (${now.seen} of ${was.seen})`)

  // A plain emulator with the learned profile answers the beta's shape, and says so.
  const app = await build(t, { driftProfile: profile })
  const res = await raw(app, 'GET', '/api/v1/scenes/scnShapes01')
  const metadata = res.json().metadata
  t.equal(res.statusCode, 200)
  t.equal(res.headers.deprecation, '@1788220800')
  t.same([metadata.private, metadata.isPrivate, metadata.revision, metadata.allowCalls], [false, undefined, 7, 'true'])
  t.equal(res.headers['x-emulator-drift'], 'learned /metadata/isPrivate, learned /metadata/allowCalls, learned /metadata/revision, learned header/deprecation')
  t.equal((await raw(app, 'POST', '/api/v1/collections', { body: { name: 'Learned' } })).statusCode, 201)
  const listed = await raw(app, 'GET', '/api/v1/collections')
  t.ok(listed.json().data.length > 1 && listed.json().data.every((c: any) => c.color === 'blue'), 'every collection carries the learned field')
  const mcp = await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_scene', arguments: { sceneId: 'scnShapes01' } } })
  t.equal(mcp.headers['x-emulator-drift'], 'learned /result/content/0/json/metadata/isPrivate')
  t.equal(JSON.parse(mcp.message.result.content[0].text).metadata.private, false)
  const ledger = await admin(app, 'GET', '/drift/ledger')
  t.equal(ledger.byKind.learned, 4, 'each of the 4 answers the profile changed is counted under learned in the drift ledger')
})

/**
 * Random drift at rate 1 with a fixed seed, reset between the runs: each call of the run drifts the same way each
 * time, but two calls of one operation drift differently (each answer gets its own change). A profile holds one
 * shape per operation, so it can take away every difference of an operation called once, and none of one called
 * twice with two different changes (what it learned from one call differs on the other).
 */
t.test('random drift (rate 1, a fixed seed): what a profile can hold, it holds; the figures', async (t) => {
  const beta = await startBeta(t, { drift: true, driftRate: 1, driftSeed: 7, driftKinds: ['rename-field', 'drop-optional-field', 'add-unknown-field', 'change-scalar-type'] })
  // The shadow side starts from the fixtures the target runs: an import would read drifted answers.
  const fixtures = { fixtures: 'fixtures/default' }
  const before = await shadowRun(t, beta, 'random-before', fixtures)
  const learned = await learn('--from', join(work, 'random-before.json'), '--out', join(work, 'random.json'))
  t.equal(learned.code, 0, learned.out)
  await fetch(`${beta}/_emulator/reset`, { method: 'POST' })
  const after = await shadowRun(t, beta, 'random-after', { ...fixtures, driftProfile: join(work, 'random.json') })
  const [was, now] = [counts(before), counts(after)]
  t.comment(`random drift: differences ${was.differences} → ${now.differences} (seen ${was.seen} → ${now.seen} times); operations differing ${was.operations.length} → ${now.operations.length}`)
  for (const op of after.operations) for (const d of op.differences) t.comment(`left: ${op.operation} ${d.kind} ${d.path} (${op.requests} calls)`)
  t.ok(was.operations.length >= 6, `most operations drifted (${was.operations.length})`)
  t.ok(now.differences < was.differences, 'fewer differences')
  const calledOnce = (report: any) => report.operations.filter((op: any) => op.requests === 1 && op.differs > 0).map((op: any) => op.operation)
  t.ok(calledOnce(before).length >= 4, `operations called once drifted: ${calledOnce(before).join(', ')}`)
  t.same(calledOnce(after), [], 'every operation called once answers in the learned shape')
})
