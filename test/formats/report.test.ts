// The report's round trip: what the real writers write (parity against an in-process emulator target that drifts,
// and a shadow in front of it) is read back by every reader: the schema (formats/report.ts), `parity --compare`,
// `learn`, and, for the shadow's, GET /_emulator/shadow on its side's emulator, whose response schema is the report's.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { formatProblem } from '../../src/formats/read.js'
import { comparedReport } from '../../src/formats/report-readers.js'
import { ParityReportSchema } from '../../src/formats/report.js'
import { readReport as compareRead } from '../../src/parity/compare-reports.js'
import { readReport as learnRead } from '../../src/parity/learn/report-reader.js'
import { ShadowReportSchema } from '../../src/schemas/shadow.js'
import { parity } from '../parity/parity-helper.js'
import { send, settledReport, startShadowFor, startTarget } from '../parity/shadow/shadow-helper.js'

const work = mkdtempSync(join(tmpdir(), 'report-format-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

// Every answer drifts (seeded): differences of every kind, with patterns, statuses and the published document's.
const DRIFT = { enabled: true, rate: 1, seed: 7, kinds: ['rename-field', 'drop-optional-field', 'add-unknown-field', 'change-scalar-type', 'unknown-enum-value', 'change-success-status'] }
const ACCEPT = join(work, 'accept.json')
writeFileSync(ACCEPT, JSON.stringify([
  { kind: 'extra', path: '**', reason: 'the beta adds fields' },
  // Never matched: listed under unusedAccept with the target value it pins.
  { operation: 'DELETE /api/v1/scenes/{sceneId}', path: 'status', target: 204, reason: 'answered 204 last spring' }
]))

/** The fields the report's differences carry, accepted ones included, over all its operations. */
function fieldsOf (report: { operations: Array<{ differences: object[], accepted: object[] }> }): string[] {
  return [...new Set(report.operations.flatMap((op) => [...op.differences, ...op.accepted].flatMap((d) => Object.keys(d))))].sort()
}

/** Each reader's reading of one report file: the schema's problem, --compare's list, learn's operations. */
function readBack (t: Test, file: string, schema: typeof ParityReportSchema | typeof ShadowReportSchema): any {
  const written = JSON.parse(readFileSync(file, 'utf8'))
  t.equal(formatProblem({ name: 'report', schema }, written, file), undefined, 'the schema reads it')
  t.equal(formatProblem(comparedReport('0.1.0'), written, file), undefined, 'either report, as --compare takes it')
  t.same(compareRead(file, '0.1.0'), written.operations.flatMap((op: any) => op.differences.map((difference: any) => ({ operation: op.operation, difference }))), '--compare lists every difference')
  const learned = learnRead(file, '0.1.0')
  t.same(learned.operations, written.operations, 'learn reads every operation as written')
  t.same([learned.target, learned.startedAt], [written.target, written.startedAt])
  return written
}

t.test('parity --report: the schema, --compare and learn read what it writes', async (t) => {
  const target = await startTarget(t)
  await target.setDrift(DRIFT)
  const file = join(work, 'parity.json')
  const run = await parity('--target', target.apiUrl, '--key', target.keys.full, '--report', file, '--accept', ACCEPT)
  t.equal(run.code, 1, run.err)
  const written = readBack(t, file, ParityReportSchema)
  t.same(written.unusedAccept, [{ operation: 'DELETE /api/v1/scenes/{sceneId}', path: 'status', target: 204, reason: 'answered 204 last spring', rule: 2 }])
  t.ok(written.summary.accepted > 0 && written.summary.differs > 0, 'differences kept and accepted')
  t.ok(written.operations.every((op: any) => op.statuses !== undefined), 'every operation counts its statuses')
  const fields = fieldsOf(written)
  for (const field of ['count', 'document', 'pattern', 'reason', 'requests', 'rule', 'status']) t.ok(fields.includes(field), `a difference with ${field} was read back`)
})

t.test('the shadow\'s report: the schema, --compare, learn and GET /_emulator/shadow read what it writes', async (t) => {
  const target = await startTarget(t)
  const key = target.keys.full
  const file = join(work, 'shadow.json')
  // The import reads the workspace before the target drifts.
  const shadowed = await startShadowFor(t, target.apiUrl, { key, accept: ACCEPT, report: file })
  await target.setDrift(DRIFT)
  for (const path of ['/workspaces', '/collections?limit=100', '/scenes', '/logs?limit=5']) await send(shadowed.api, key, 'GET', path)
  await send(shadowed.api, key, 'POST', '/collections', { name: 'round trip' })
  const report = await settledReport(shadowed)
  const side = shadowed.shadow.session.side()
  const answer = await fetch(`${side?.local.running.url as string}/_emulator/shadow`)
  t.equal(answer.status, 200)
  const served = await answer.json() as any
  t.equal(formatProblem({ name: 'report', schema: ShadowReportSchema }, served, 'GET /_emulator/shadow'), undefined, 'the route\'s answer fits its schema')
  const { durationMs: _d, ...rest } = report
  t.same({ ...served, durationMs: undefined }, { ...rest, durationMs: undefined }, 'the route answers the whole report: its schema drops nothing')
  t.equal(await shadowed.stop(), 1)
  const written = readBack(t, file, ShadowReportSchema)
  t.same({ ...written, durationMs: undefined }, { ...served, durationMs: undefined }, 'the file is what the route answered')
  t.same(written.unusedAccept, [{ operation: 'DELETE /api/v1/scenes/{sceneId}', path: 'status', target: 204, reason: 'answered 204 last spring', rule: 2 }])
  const fields = fieldsOf(written)
  for (const field of ['count', 'lastSeen', 'reason', 'requests', 'rule', 'status']) t.ok(fields.includes(field), `a difference with ${field} was read back`)
})
