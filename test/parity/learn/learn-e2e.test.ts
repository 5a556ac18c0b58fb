// learn from end to end: parity against a target that changed its shape, `learn` on the report, then the same
// parity run with the learned profile on the emulator side, and a plain emulator answering the learned shape.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { learnCommand } from '../../../src/parity/learn/command.js'
import { KEYS, build } from '../../helper.js'
import { rpc } from '../../mcp/endpoint-helper.js'
import { profileOf, raw } from '../../layers/drift/drift-helper.js'
import { startEmulator } from '../../../src/index.js'
import { ACME, BETA_SCENE, parity, startTarget } from '../parity-helper.js'

const work = mkdtempSync(join(tmpdir(), 'learn-e2e-'))
t.teardown(() => { if (process.env.KEEP_LEARN_E2E === undefined) rmSync(work, { recursive: true, force: true }) })

/** The beta's change: what the live service would now answer, as one consistent change per operation. */
const BETA = profileOf([
  BETA_SCENE,
  { operation: 'GET /api/v1/scenes', changes: [{ change: 'field-renamed', path: '/data/*/metadata/name', to: 'title' }] },
  { operation: 'GET /api/v1/collections', changes: [{ change: 'field-added', path: '/data/*/color', sample: 'blue' }, { change: 'header-removed', header: 'x-ratelimit-reset' }] },
  { operation: 'POST /api/v1/collections', changes: [{ change: 'status-changed', from: 200, to: 201 }] },
  { operation: 'POST /api/v1/mcp tools/call get_scene', changes: [{ change: 'field-renamed', path: '/result/content/*/json/metadata/isPrivate', to: 'private' }] }
])

interface Counts { differences: number, operations: number }

function counts (file: string): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8'))
  // Each distinct difference (grouped by path pattern) of each operation; a shared one is in each operation's list.
  const differences = report.operations.reduce((sum: number, op: any) => sum + op.differences.length, 0)
  return { differences, operations: report.summary.differs }
}

async function learn (...argv: string[]): Promise<{ code: number, out: string }> {
  const lines: string[] = []
  const code = await learnCommand(argv, { out: (text) => lines.push(text), err: (text) => lines.push(text), env: {}, version: '0.1.0' })
  return { code, out: lines.join('\n') }
}

async function mintKey (url: string): Promise<string> {
  const response = await fetch(`${url}/_emulator/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ workspaceId: ACME, kind: 'workspace', permission: 'full' }) })
  return ((await response.json()) as { key: string }).key
}

t.test('a beta that changed its shape: learned, then replayed, the parity run leaves at most a fifth', async (t) => {
  const betaFile = join(work, 'beta.json')
  writeFileSync(betaFile, JSON.stringify(BETA))
  // In this process, on a port of its own (parity reaches it over HTTP; its own process cost 0.9 s of CPU to start).
  const beta = await startEmulator({ renderer: false, driftProfile: betaFile })
  t.teardown(() => beta.close())
  const api = `${beta.url}/api/v1`
  const before = join(work, 'before.json')
  const first = await parity('--target', api, '--key', await mintKey(beta.url), '--report', before, '--include-mcp')
  t.equal(first.code, 1, 'the beta differs')
  const profile = join(work, 'learned.json')
  const learned = await learn('--from', before, '--out', profile)
  t.equal(learned.code, 0, learned.out)
  const operations = JSON.parse(readFileSync(profile, 'utf8')).operations.map((op: any) => op.operation).sort()
  t.same(operations, BETA.operations.map((op) => op.operation).sort(), 'learned exactly the operations the beta changed')

  await fetch(`${beta.url}/_emulator/reset`, { method: 'POST' })
  const after = join(work, 'after.json')
  const second = await parity('--target', api, '--key', await mintKey(beta.url), '--report', after, '--drift-profile', profile, '--include-mcp')
  const [was, now] = [counts(before), counts(after)]
  t.comment(`differences: ${was.differences} → ${now.differences}; operations differing: ${was.operations} → ${now.operations}`)
  t.ok(now.differences * 5 <= was.differences, `at most a fifth of the differences are left (${now.differences} of ${was.differences})`)
  t.equal(second.code, now.operations > 0 ? 1 : 0)

  // A plain emulator with the learned profile answers the beta's shape, and says so.
  const app = await build(t, { driftProfile: profile })
  const res = await raw(app, 'GET', '/api/v1/scenes/scnShapes01')
  const metadata = res.json().metadata
  t.equal(res.statusCode, 200)
  t.equal(res.headers.deprecation, '@1788220800')
  t.same([metadata.private, metadata.isPrivate, metadata.previewBackground, metadata.revision, metadata.allowCalls], [false, undefined, undefined, 7, 'true'])
  t.equal(res.headers['x-emulator-drift'], 'learned /metadata/isPrivate, learned /metadata/previewBackground, learned /metadata/allowCalls, learned /metadata/revision, learned header/deprecation')
  const created = await raw(app, 'POST', '/api/v1/collections', { body: { name: 'Learned' } })
  t.equal(created.statusCode, 201)
  const mcp = await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_scene', arguments: { sceneId: 'scnShapes01' } } })
  t.equal(mcp.headers['x-emulator-drift'], 'learned /result/content/0/json/metadata/isPrivate')
  t.equal(JSON.parse(mcp.message.result.content[0].text).metadata.private, false)
})

t.test('a target drifting at random: the profile covers what repeats, not each answer\'s own change', async (t) => {
  const target = await startTarget(t)
  const drift = { enabled: true, rate: 1, seed: 7, kinds: ['rename-field', 'drop-optional-field', 'add-unknown-field', 'change-scalar-type', 'rename-envelope', 'unwrap-envelope', 'switch-paging', 'unknown-enum-value', 'change-success-status'] }
  await target.admin('PUT', '/_emulator/drift', drift)
  const before = join(work, 'random-before.json')
  await parity('--target', target.api, '--key', await target.mintKey(), '--report', before)
  const profile = join(work, 'random.json')
  t.equal((await learn('--from', before, '--out', profile)).code, 0)
  await target.reset()
  await target.admin('PUT', '/_emulator/drift', drift)
  const after = join(work, 'random-after.json')
  await parity('--target', target.api, '--key', await target.mintKey(), '--report', after, '--drift-profile', profile)
  const [was, now] = [counts(before), counts(after)]
  t.comment(`random drift: differences ${was.differences} → ${now.differences}; operations differing ${was.operations} → ${now.operations}`)
  // Random drift changes one random site of each answer: the same operation drifts differently on its next call,
  // so a profile (one shape per operation) cannot match every answer; it must still leave fewer than it found.
  t.ok(now.differences < was.differences && now.operations < was.operations)
})

t.test('parity --drift-profile with a profile that does not fit: one line, exit 2', async (t) => {
  const target = await startTarget(t)
  const misfit = join(work, 'misfit.json')
  writeFileSync(misfit, JSON.stringify({ ...BETA, operations: [{ operation: 'GET /api/v1/nothing', changes: [] }] }))
  const run = await parity('--target', target.api, '--key', await target.mintKey(), '--drift-profile', misfit)
  t.same([run.code, run.out, run.err], [2, '', `parity: Invalid configuration: EMULATOR_DRIFT_PROFILE (--drift-profile) ${misfit} names GET /api/v1/nothing, which this emulator does not have (its operations are named as GET /api/v1/scenes/{sceneId})`])
})
