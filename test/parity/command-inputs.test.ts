// `parity` against another emulator, the inputs around a run: --read-only, the emulator key matched to
// the target key (a member's personal key, a route-restricted key), Ctrl-C in the middle of a run (what it made is
// removed), and each input that cannot make a run (one line, exit 2, nothing written).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { ROOT, TS } from '../processes.js'
import { until } from '../until.js'
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

t.test('--read-only sends GET requests only, and says it did not probe the permission', async (t) => {
  await target.reset()
  const key = await target.mintKey()
  await target.admin('DELETE', '/_emulator/requests')
  const reportFile = join(work, 'read-only.json')
  const run = await parity('--target', target.api, '--key', key, '--read-only', '--report', reportFile)
  t.equal(run.code, 0, run.out + run.err)
  t.match(run.out, /\nkey: workspace key, permission not probed \(--read-only sends no writes\); 30 requests to the target, 30 to the emulator; 0 steps skipped; /, 'a full key, but no write was sent to tell')
  const report = JSON.parse(readFileSync(reportFile, 'utf8'))
  t.same(report.key, { kind: 'workspace', permission: 'not probed', role: 'admin', refused: [] })
  t.same(report.requests, { target: 30, emulator: 30 })
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
  t.match(restricted.out, /\nkey: workspace key, permission not probed \(--read-only sends no writes\), restricted to 3 routes; [^\n]+; 1 step skipped; /)
  t.match(restricted.out, /\nskipped: GET \/api\/v1\/scenes: no firstCollection from an earlier answer\n/, 'the skipped step, named, and why')
})

t.test('Ctrl-C in the middle of a run: what it made is removed, the report and recording so far are written, exit 2', async (t) => {
  await target.reset()
  const key = await target.mintKey()
  const before = await holdings(target.api, key)
  const reportFile = join(work, 'interrupted.json')
  const record = join(work, 'interrupted-recording')
  // Slow scene writes down, so the signal lands after the run has made its collection and a scene.
  await target.admin('PUT', '/_emulator/faults', { rules: [{ path: '/scenes/**', fault: 'latency', delayMs: 400 }] })
  t.teardown(() => target.admin('DELETE', '/_emulator/faults'))
  const child = spawn(process.execPath, [...TS, 'src/cli.ts', 'parity', '--target', target.api, '--key', key, '--report', reportFile, '--record', record], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString() })
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  let exitCode: number | null | undefined
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => { exitCode = code; resolve(code) }))
  const sceneMade = async () => (await target.admin('GET', '/_emulator/requests?method=POST&path=/scenes&status=200')).data.length > 0
  // The deadline only catches a run that hangs: on a loaded machine (CI's two cores under a whole suite) the child's
  // start and probes took over 30 s. A run that ends before its first scene fails here at once, with its output.
  await until(async () => exitCode !== undefined || await sceneMade(), () => `the run's first scene (a POST /scenes answered 200):\n${stdout}${stderr}`, 90_000, 100)
  t.equal(exitCode, undefined, `the run was still going when its first scene was made:\n${stdout}${stderr}`)
  child.kill('SIGINT')
  t.equal(await exited, 2, 'an interrupted run is never a pass')
  t.match(stderr, /^parity: interrupted by SIGINT; removed the [2-9] things it had made\n$/)
  t.same(await holdings(target.api, key), before, 'the same collections and scenes as before the run')
  t.match(stdout, /\nPOST \/api\/v1\/collections +\d+ +\d+ +0\n/, 'the table of what was compared before the signal')
  t.match(stdout, /; 0 steps skipped; interrupted by SIGINT, the steps after it not sent; [\d.]+ s\n/)
  t.ok(existsSync(reportFile), 'the report is written')
  const text = readFileSync(reportFile, 'utf8')
  t.notOk(text.includes(key), 'the key is not in the report')
  const report = JSON.parse(text)
  const operations = report.operations.map((op: { operation: string }) => op.operation)
  t.same([report.mode, report.interrupted, report.summary.operations], ['live', 'SIGINT', operations.length])
  t.match(operations, ['GET /api/v1/workspaces'], 'the probes were compared')
  t.ok(operations.includes('POST /api/v1/collections') && operations.includes('POST /api/v1/scenes'), `the writes before the signal were compared: ${operations.join(', ')}`)
  const removals = report.operations.filter((op: { operation: string }) => op.operation.startsWith('DELETE /api/v1/collections/') || op.operation.startsWith('DELETE /api/v1/scenes/'))
  t.same(removals.map((op: { requests: number }) => op.requests), [1, 1], 'only the removals\' probes: the removal steps came after the signal (the clean-up is not compared)')
  const files = filesIn(record)
  const header = JSON.parse(files.find((f) => f.file === join(record, 'recording.json'))?.text ?? '{}')
  // Every answered step; requests.target also counts the request the signal cut and the clean-up's removals.
  t.equal(header.steps, files.length - 1, 'the recording holds a file per step it counts')
  t.ok(header.steps > 10 && header.steps < report.requests.target, `the steps answered before the signal: ${header.steps} (${report.requests.target} requests)`)
  t.ok(files.some((f) => f.file.endsWith('-POST-collections.json')), 'the collection the run made is among them')
  t.same(files.filter((f) => f.text.includes(key)).map((f) => f.file), [], 'the key is in no recorded file')
  // Its recording verifies offline up to the signal, and, like the run, is not a pass.
  const verifyFile = join(work, 'interrupted-verify.json')
  const verified = await parity('--verify', record, '--report', verifyFile)
  t.equal(verified.code, 2, verified.out + verified.err)
  t.match(verified.out, new RegExp(`: ${header.steps} steps \\(interrupted by SIGINT: compared up to the signal\\); key: `))
  const replayed = JSON.parse(readFileSync(verifyFile, 'utf8'))
  t.same([replayed.mode, replayed.interrupted, replayed.summary.differs], ['verify', 'SIGINT', 0])
  t.ok(replayed.operations.length >= operations.length, 'the operations the run compared, compared again')
})

t.test('what cannot make a run: one line, exit 2, nothing written', async (t) => {
  await target.reset()
  const key = await target.mintKey()
  const report = join(work, 'bad.json')
  const record = join(work, 'bad-recording')
  const dead = await deadPort()
  const accept = join(work, 'accept-bad.json')
  writeFileSync(accept, '[{"path": "status"}]')
  const cases: Array<[string, string[], RegExp]> = [
    ['not a URL', ['--target', 'api.example.com/api/v1', '--key', key], /^parity: --target is not a URL: api\.example\.com\/api\/v1$/],
    ['not http', ['--target', 'localhost:4000/api/v1', '--key', key], /^parity: --target must be an http or https URL \(got localhost:4000\/api\/v1\)$/],
    ['not the API base', ['--target', target.url, '--key', key], /^parity: --target must be the API's base URL ending in \/api\/v1/],
    ['a dead port', ['--target', `http://127.0.0.1:${dead}/api/v1`, '--key', key], new RegExp(`^parity: cannot reach http://127\\.0\\.0\\.1:${dead}/api/v1/workspaces \\(connection refused\\)$`)],
    ['not the API', ['--target', `${target.url}/docs/api/v1`, '--key', key], /^parity: http:\/\/.+\/docs\/api\/v1 does not answer as the drawing API: GET \/workspaces answered 404 /],
    ['a wrong key', ['--target', target.api, '--key', 'sk-not-a-key'], /^parity: the target refused the key: GET .+\/workspaces answered 401 \(check --key\)$/],
    ['no key', ['--target', target.api], /^parity: --key is required$/],
    ['read-only with MCP', ['--target', target.api, '--key', key, '--read-only', '--include-mcp'], /^parity: --include-mcp sends POST \/api\/v1\/mcp, which --read-only forbids/],
    ['a missing recording', ['--verify', join(work, 'nowhere')], /^parity: cannot read the recording: .+nowhere\/recording\.json is missing or unreadable$/],
    ['an unknown --only', ['--target', target.api, '--key', key, '--only', 'GET /api/v1/scene'], /^parity: --only GET \/api\/v1\/scene: not an operation parity compares \(they are named as in the table, e\.g\. "GET \/api\/v1\/scenes\/\{sceneId\}"\)$/],
    ['--only a write with --read-only', ['--target', target.api, '--key', key, '--read-only', '--only', 'POST /collections'], /^parity: --only POST \/api\/v1\/collections: --read-only sends no POST requests: drop one of them$/],
    ['a bad --timeout', ['--target', target.api, '--key', key, '--timeout', 'soon'], /^parity: --timeout must be a number of seconds between 0 and 3600 \(got soon\)$/],
    // A missing one is a gate's first night: nothing accepted (test/parity/nightly-recipe.test.ts).
    ['an unreadable accept file', ['--target', target.api, '--key', key, '--accept', work], /^parity: cannot read the accept file .+parity-\w+$/],
    ['an accept rule without a reason', ['--target', target.api, '--key', key, '--accept', accept], /^parity: the accept file .+accept-bad\.json: rule 1: "reason" must be a non-empty string$/],
    ['a stray argument', ['--target', target.api, '--key', key, 'extra'], /^parity: unexpected argument extra \(see drawing-api-emulator parity --help\)$/],
    ['--verify with --timeout', ['--verify', join(work, 'nowhere'), '--timeout', '5'], /^parity: --verify replays a recording with its own options: drop --timeout$/]
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
  writeFileSync(join(other, 'recording.json'), JSON.stringify(header))
  const [firstStep] = filesIn(join(other, 'steps'))
  writeFileSync(firstStep.file, '{"operation": "GET /api/v1/workspaces", ')
  const corrupt = await parity('--verify', other)
  t.equal(corrupt.code, 2)
  t.match(corrupt.err, /^parity: cannot read the recording: .+0001-GET-workspaces\.json is not JSON \([^\n]+\)$/)
})

t.test('a recording made before the route-not-found probe existed still verifies (that check left out)', async (t) => {
  await target.reset()
  const dir = join(work, 'older')
  const made = await parity('--target', target.api, '--key', await target.mintKey(), '--record', dir, '--read-only')
  t.equal(made.code, 0, made.out + made.err)
  const probe = filesIn(join(dir, 'steps')).find((f) => f.file.includes('parityNoSuchRoute'))
  t.ok(probe, 'the probe is step 2 of a recording now')
  rmSync(probe!.file)
  const header = JSON.parse(readFileSync(join(dir, 'recording.json'), 'utf8'))
  writeFileSync(join(dir, 'recording.json'), JSON.stringify({ ...header, steps: header.steps - 1 }))
  const verified = await parity('--verify', dir)
  t.equal(verified.code, 0, verified.out + verified.err)
  t.match(verified.out, /\n12 operations: 12 the same, 0 differ\n/)
})
