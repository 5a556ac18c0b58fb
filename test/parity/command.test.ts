// `parity` against another emulator process standing in for the real service: identical (nothing reported,
// nothing left behind, a recording that verifies), drifting (exactly the drifted operations reported), a
// different compatibility switch, --read-only, and each input that cannot make a run (one line, exit 2).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import t from 'tap'
import { ROOT } from '../processes.js'
import { filesIn, holdings, parity, startTarget, type Target } from './parity-helper.js'

let target: Target
const work = mkdtempSync(join(tmpdir(), 'parity-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))
t.before(async () => { target = await startTarget(t) })

/** A port nothing listens on: one the system just gave out and took back. */
function deadPort (): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

const REPORT_KEYS = ['target', 'startedAt', 'operations', 'summary']
const differing = (report: any): string[] => report.operations.filter((op: any) => op.differs > 0).map((op: any) => op.operation).sort()

t.test('against an identical emulator: nothing differs, nothing is left, the recording verifies', async (t) => {
  await target.reset()
  const key = await target.mintKey()
  const before = await holdings(target.api, key)
  const record = join(work, 'identical')
  const reportFile = join(work, 'identical.json')
  const run = await parity('--target', `${target.api}/`, '--key', key, '--report', reportFile, '--record', record, '--include-mcp', '--redact-people')
  t.equal(run.code, 0, run.out + run.err)
  t.equal(run.err, '')
  t.match(run.out, /^operation +requests +same +differs +first differing fields\n/)
  t.match(run.out, /\n\d+ operations: \d+ the same, 0 differ\n/)
  t.match(run.out, /POST \/api\/v1\/mcp tools\/call get_scene_content +1 +1 +0\n/)
  const report = JSON.parse(readFileSync(reportFile, 'utf8'))
  t.same(Object.keys(report), REPORT_KEYS)
  t.equal(report.target, target.api)
  t.same(Object.keys(report.operations[0]), ['operation', 'requests', 'same', 'differs', 'differences'])
  t.same(report.summary, { operations: report.operations.length, same: report.operations.length, differs: 0 })
  t.ok(report.operations.length >= 27 + 10, 'every REST operation and the MCP steps')
  t.same(await holdings(target.api, key), before, 'the same collections and scenes as before')
  const written = filesIn(record)
  t.ok(written.length > 100, 'one file per step')
  t.same(written.filter((f) => f.text.includes(key)).map((f) => f.file), [], 'no file holds the key')
  t.same(written.filter((f) => /ada@|Ada Lovelace/.test(f.text)).map((f) => f.file), [], 'people redacted')
  t.notOk(JSON.stringify(report).includes(key))

  const verified = await parity('--verify', record)
  t.equal(verified.code, 0, verified.out + verified.err)
  t.match(verified.out, /0 differ\n/)

  const step = written.find((f) => /-POST-collections\.json$/.test(f.file) && JSON.parse(f.text).answer.status === 200)!
  const edited = JSON.parse(step.text)
  edited.answer.body.isDefault = true
  writeFileSync(step.file, JSON.stringify(edited))
  const editedReport = join(work, 'edited.json')
  const failed = await parity('--verify', record, '--report', editedReport)
  t.equal(failed.code, 1)
  const rows = JSON.parse(readFileSync(editedReport, 'utf8')).operations.filter((op: any) => op.differs > 0)
  t.same(rows.map((op: any) => [op.operation, op.differs, op.differences]), [
    ['POST /api/v1/collections', 1, [{ path: 'body/isDefault', kind: 'value', emulator: false, target: true }]]
  ], 'the edited value, and only it')
  t.match(failed.out, /POST \/api\/v1\/collections +\d+ +\d+ +1 +body\/isDefault \(value\)/)
})

t.test('against a drifting emulator: exactly the operations whose answers drifted', async (t) => {
  await target.reset()
  const key = await target.mintKey()
  const before = await holdings(target.api, key)
  await target.admin('PUT', '/_emulator/drift', {
    enabled: true, rate: 1, seed: 7,
    // Kinds that leave ids where they are (a target that hides the ids it mints cannot be cleaned up after);
    // none of them touches an error, so the refusals must come out the same.
    kinds: ['rename-field', 'drop-optional-field', 'add-unknown-field', 'change-scalar-type', 'rename-envelope', 'unwrap-envelope', 'switch-paging', 'unknown-enum-value', 'change-success-status']
  })
  const reportFile = join(work, 'drift.json')
  const run = await parity('--target', target.api, '--key', key, '--report', reportFile)
  const ledger = await target.admin('GET', '/_emulator/drift/ledger')
  await target.admin('PUT', '/_emulator/drift', { enabled: false })
  t.equal(run.code, 1)
  const report = JSON.parse(readFileSync(reportFile, 'utf8'))
  const drifted = Object.entries(ledger.byRoute as Record<string, { perturbed: number }>).filter(([, c]) => c.perturbed > 0).map(([route]) => route).sort()
  t.ok(drifted.length >= 15 && drifted.length < report.operations.length, `${drifted.length} of ${report.operations.length} operations drifted`)
  t.same(differing(report), drifted, 'reported: the drifted operations, and no other')
  const perRequest = Object.fromEntries(report.operations.map((op: any) => [op.operation, op.differs]))
  t.same(perRequest, Object.fromEntries(Object.entries(ledger.byRoute as Record<string, { perturbed: number }>).map(([route, c]) => [route, c.perturbed])), 'each drifted answer, one by one')
  t.same(await holdings(target.api, key), before)
})

t.test('against an emulator with another page size: the lists that use it', async (t) => {
  await target.reset()
  const key = await target.mintKey()
  await target.admin('PUT', '/_emulator/compat', { pageSize: 5 })
  const reportFile = join(work, 'compat.json')
  const run = await parity('--target', target.api, '--key', key, '--report', reportFile)
  await target.admin('PUT', '/_emulator/compat', {})
  t.equal(run.code, 1)
  const report = JSON.parse(readFileSync(reportFile, 'utf8'))
  t.same(differing(report), ['GET /api/v1/collections', 'GET /api/v1/collections/{collectionId}/scenes', 'GET /api/v1/scenes', 'GET /api/v1/workspaces/invites', 'GET /api/v1/workspaces/users'])
  for (const op of report.operations.filter((o: any) => o.differs > 0)) t.same(op.differences, [{ path: 'body/limit', kind: 'value', emulator: 10, target: 5 }], op.operation)
})

t.test('--read-only sends GET requests only, with a read key', async (t) => {
  await target.reset()
  const key = await target.mintKey('read')
  await target.admin('DELETE', '/_emulator/requests')
  const run = await parity('--target', target.api, '--key', key, '--read-only')
  t.equal(run.code, 0, run.out + run.err)
  t.match(run.out, /key: workspace key, read permission/)
  const journal = await target.admin('GET', '/_emulator/requests?limit=1000')
  t.ok(journal.data.length > 15)
  t.same([...new Set(journal.data.map((r: any) => r.method))], ['GET'])
})

t.test('the emulator key matches the target key: a member\'s personal key, a key restricted to some routes', async (t) => {
  await target.reset()
  const member = await parity('--target', target.api, '--key', 'uk-demo-member')
  t.equal(member.code, 0, member.out + member.err)
  t.match(member.out, /\nkey: personal key of a member, full permission; /)
  t.match(member.out, /\nGET \/api\/v1\/workspaces\/users +1 +1 +0\n/, 'refused on both sides')
  t.match(member.out, /\nPOST \/api\/v1\/collections +3 +3 +0\n/, 'a member makes collections and scenes')
  t.match(member.out, /\nPOST \/api\/v1\/workspaces\/invites +1 +1 +0\n/, 'but only probes the admin\'s invites')
  const restricted = await parity('--target', target.api, '--key', 'sk-demo-scenes', '--read-only')
  t.equal(restricted.code, 0, restricted.out + restricted.err)
  t.match(restricted.out, /\nkey: workspace key, read permission, restricted to 3 routes; /)
})

t.test('Ctrl-C in the middle of a run: what it made is removed, exit 2', async (t) => {
  await target.reset()
  const key = await target.mintKey()
  const before = await holdings(target.api, key)
  // Slow scene writes down, so the signal lands after the run has made its collection and a scene.
  await target.admin('PUT', '/_emulator/faults', { rules: [{ path: '/scenes/**', fault: 'latency', delayMs: 400 }] })
  t.teardown(() => target.admin('DELETE', '/_emulator/faults'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'parity', '--target', target.api, '--key', key], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  for (let made = false; !made; await delay(100)) {
    const journal = await target.admin('GET', '/_emulator/requests?method=POST&path=/scenes&status=200')
    made = journal.data.length > 0
  }
  child.kill('SIGINT')
  t.equal(await exited, 2)
  t.match(stderr, /^parity: interrupted by SIGINT; removed the [2-9] things it had made\n$/)
  t.same(await holdings(target.api, key), before, 'the same collections and scenes as before the run')
})

t.test('what cannot make a run: one line, exit 2, nothing written', async (t) => {
  await target.reset()
  const key = await target.mintKey()
  const report = join(work, 'bad.json')
  const record = join(work, 'bad-recording')
  const dead = await deadPort()
  const cases: Array<[string, string[], RegExp]> = [
    ['not a URL', ['--target', 'api.example.com/api/v1', '--key', key], /^parity: --target is not a URL: api\.example\.com\/api\/v1$/],
    ['not http', ['--target', 'localhost:4000/api/v1', '--key', key], /^parity: --target must be an http or https URL \(got localhost:4000\/api\/v1\)$/],
    ['not the API base', ['--target', target.url, '--key', key], /^parity: --target must be the API's base URL ending in \/api\/v1/],
    ['a dead port', ['--target', `http://127.0.0.1:${dead}/api/v1`, '--key', key], new RegExp(`^parity: cannot reach http://127\\.0\\.0\\.1:${dead}/api/v1/workspaces \\(connection refused\\)$`)],
    ['not the API', ['--target', `${target.url}/docs/api/v1`, '--key', key], /^parity: http:\/\/.+\/docs\/api\/v1 does not answer as the drawing API: GET \/workspaces answered 404 /],
    ['a wrong key', ['--target', target.api, '--key', 'sk-not-a-key'], /^parity: the target refused the key: GET .+\/workspaces answered 401 \(check --key\)$/],
    ['no key', ['--target', target.api], /^parity: --key is required$/],
    ['read-only with MCP', ['--target', target.api, '--key', key, '--read-only', '--include-mcp'], /^parity: --include-mcp sends POST \/api\/v1\/mcp, which --read-only forbids/],
    ['a missing recording', ['--verify', join(work, 'nowhere')], /^parity: cannot read the recording: .+nowhere\/recording\.json is missing or unreadable$/]
  ]
  for (const [name, argv, line] of cases) {
    const run = await parity(...argv, '--report', report, ...(argv.includes('--verify') ? [] : ['--record', record]))
    t.equal(run.code, 2, name)
    t.equal(run.out, '', `${name}: nothing on stdout`)
    t.match(run.err, line, name)
    t.notMatch(run.err, /\n/, `${name}: one line`)
    t.notOk(existsSync(report) || existsSync(record), `${name}: nothing written`)
  }
  const other = join(work, 'other-version')
  rmSync(other, { recursive: true, force: true })
  const made = await parity('--target', target.api, '--key', key, '--record', other, '--read-only')
  t.equal(made.code, 0)
  const header = JSON.parse(readFileSync(join(other, 'recording.json'), 'utf8'))
  writeFileSync(join(other, 'recording.json'), JSON.stringify({ ...header, version: 99 }))
  const refused = await parity('--verify', other)
  t.same([refused.code, refused.err], [2, `parity: cannot read the recording: ${other} is format version 99, this drawing-api-emulator reads version 1: record it again with this version`])
})
