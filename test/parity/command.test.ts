// `parity` against another emulator standing in for the real service: identical (nothing reported with a
// fixture key, nothing left behind, a recording that verifies, and one edited value named with its request and
// file), drifting (exactly the drifted answers reported), a different compatibility switch (the lists that use it).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { filesIn, holdings, parity, startTarget, type Target } from './parity-helper.js'

let target: Target
const work = mkdtempSync(join(tmpdir(), 'parity-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))
t.before(async () => { target = await startTarget(t) })

const REPORT_KEYS = ['tool', 'version', 'mode', 'target', 'startedAt', 'durationMs', 'key', 'requests', 'skipped', 'operations', 'unusedAccept', 'shared', 'summary']
const differing = (report: any): string[] => report.operations.filter((op: any) => op.differs > 0).map((op: any) => op.operation).sort()

t.test('against an identical emulator with a fixture key: nothing differs, nothing is left, the recording verifies', async (t) => {
  await target.reset()
  // A fixture key: its audit entries must name it in the same id format as the emulator's minted key's.
  const key = 'sk-demo-full'
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
  t.match(report, { tool: 'drawing-api-emulator', version: '0.1.0', mode: 'live', target: target.api, key: { kind: 'workspace', permission: 'full', role: 'admin', refused: [] }, skipped: [], unusedAccept: [], shared: [] })
  t.ok(report.durationMs > 0 && report.requests.target > 100 && report.requests.emulator > 100, `${report.durationMs} ms, ${JSON.stringify(report.requests)}`)
  t.same(Object.keys(report.operations[0]), ['operation', 'requests', 'same', 'differs', 'differences', 'accepted', 'statuses'])
  t.same(report.summary, { operations: report.operations.length, same: report.operations.length, differs: 0, accepted: 0 })
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
  const file = `steps/${step.file.split('/').at(-1) as string}`
  edited.answer.body.isDefault = true
  writeFileSync(step.file, JSON.stringify(edited))
  const editedReport = join(work, 'edited.json')
  const failed = await parity('--verify', record, '--report', editedReport)
  t.equal(failed.code, 1)
  const rows = JSON.parse(readFileSync(editedReport, 'utf8')).operations.filter((op: any) => op.differs > 0)
  t.same(rows.map((op: any) => [op.operation, op.differs, op.differences]), [
    ['POST /api/v1/collections', 1, [{ path: 'body/isDefault', kind: 'value', emulator: false, target: true, status: 200, requests: [{ method: 'POST', path: '/collections', step: edited.step, file }], count: 1 }]]
  ], 'the edited value, and only it, with the request and the recorded file that gave it')
  const narrowed = await parity('--verify', record, '--report', editedReport, '--only', 'POST /collections')
  t.equal(narrowed.code, 1)
  t.same(JSON.parse(readFileSync(editedReport, 'utf8')).operations.map((op: any) => [op.operation, op.differs]), [['POST /api/v1/collections', 1]], '--only in a verify: the whole recording replayed, one operation compared')
  t.match(failed.out, new RegExp(`POST /api/v1/collections +\\d+ +\\d+ +1 +body/isDefault \\(value\\) \\[step ${edited.step as number} POST /collections\\]\n`))
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
  const marked = report.operations.flatMap((op: any) => op.differences).filter((d: any) => d.document !== undefined)
  t.ok(marked.some((d: any) => d.kind === 'extra' && d.document === 'target violates the published document: a field the document does not declare'), 'an added field: the target breaks the published document')
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
  for (const op of report.operations.filter((o: any) => o.differs > 0)) {
    t.match(op.differences, [{ path: 'body/limit', kind: 'value', emulator: 10, target: 5, count: op.differs }], op.operation)
    t.equal(op.differences.length, 1, op.operation)
    t.ok(op.differences[0].requests.every((r: any) => r.method === 'GET' && r.path.startsWith(op.operation.split(' ')[1].slice('/api/v1'.length).split('/{')[0])), `${op.operation}: its requests`)
  }
})
