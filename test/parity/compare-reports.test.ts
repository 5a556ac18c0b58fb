// parity --compare's identity of a difference: operation, path pattern and kind, and for the kinds whose values are
// the difference (value, enum, status) the values too, so a value that moved on is new; and how it reads a report.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { formatProblem } from '../../src/formats/read.js'
import { ParityReportSchema, ShadowReportSchema } from '../../src/formats/report.js'
import { compareReports, readReport } from '../../src/parity/compare-reports.js'
import type { Difference } from '../../src/parity/types.js'

const listed = (difference: Difference, operation = 'GET /api/v1/scenes') => ({ operation, difference })
const pageSize = (target: number): Difference => ({ path: 'body/limit', kind: 'value', emulator: 20, target })

t.test('a value on a known path that changed is new, and the old one gone', async (t) => {
  const changes = compareReports([listed(pageSize(50))], [listed(pageSize(100))])
  t.same(changes, { added: [listed(pageSize(100))], gone: [listed(pageSize(50))], kept: 0 })
  t.same(compareReports([listed(pageSize(50))], [listed(pageSize(50))]), { added: [], gone: [], kept: 1 }, 'the same value every night')
  const status = (target: number): Difference => ({ path: 'status', kind: 'status', emulator: 200, target })
  t.equal(compareReports([listed(status(201))], [listed(status(202))]).added.length, 1, 'a status that moved on')
})

t.test('kinds whose values vary run to run keep comparing by place: ids, formats, headers, added fields', async (t) => {
  const before = [
    listed({ path: 'body/data/0/id', kind: 'id', emulator: 'scnA', target: 'x1' }),
    listed({ path: 'body/data/0/updatedAt', pattern: 'body/data/*/updatedAt', kind: 'format', emulator: 'a', target: 'b' }),
    listed({ path: 'header/x-ratelimit-reset', kind: 'header', emulator: '60', target: '59' }),
    listed({ path: 'body/revision', kind: 'extra', emulator: null, target: 4 })
  ]
  const after = [
    listed({ path: 'body/data/0/id', kind: 'id', emulator: 'scnB', target: 'x2' }),
    listed({ path: 'body/data/3/updatedAt', pattern: 'body/data/*/updatedAt', kind: 'format', emulator: 'c', target: 'd' }),
    listed({ path: 'header/x-ratelimit-reset', kind: 'header', emulator: '60', target: '12' }),
    listed({ path: 'body/revision', kind: 'extra', emulator: null, target: 5 })
  ]
  t.same(compareReports(before, after), { added: [], gone: [], kept: 4 })
})

// What --compare reads: a file that is not a report in the old line, any other problem in the schema's words, a
// field it does not know let through, and a report of a newer tool version refused with the version.
const work = mkdtempSync(join(tmpdir(), 'compare-read-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

let files = 0
function fileOf (value: unknown): string {
  const file = join(work, `report-${++files}.json`)
  writeFileSync(file, JSON.stringify(value))
  return file
}

const difference = { path: 'body/limit', kind: 'value', emulator: 20, target: 50, requests: [{ method: 'GET', path: '/scenes', step: 3 }], count: 1 }
const operation = { operation: 'GET /api/v1/scenes', requests: 1, same: 0, differs: 1, statuses: { '200 200': 1 }, differences: [difference], accepted: [] }
const tail = {
  requests: { target: 1, emulator: 1 }, operations: [operation], shared: [], unusedAccept: [],
  summary: { operations: 1, same: 0, differs: 1, accepted: 0 }
}
const head = { tool: 'drawing-api-emulator', version: '0.1.0', target: 'https://api.example.test/api/v1', startedAt: '2026-12-01T03:00:00.000Z', durationMs: 900 }
const parityReport = {
  ...head, mode: 'live', key: { kind: 'workspace', permission: 'full', role: 'admin', refused: [] }, skipped: [], ...tail
}
const shadowReport = {
  ...head,
  mode: 'shadow',
  keys: [{ label: 'key 1', kind: 'workspace', permission: 'full', role: 'admin' }],
  ...tail,
  operations: [{ ...operation, differences: [{ ...difference, lastSeen: '2026-12-01T03:00:01.000Z' }] }],
  shadow: { state: 'ready', reason: null, forwarded: 1, compared: 1, importRequests: 4, failures: [] }
}
const listedOf = (report: typeof parityReport | typeof shadowReport) =>
  report.operations.flatMap((op) => op.differences.map((d) => ({ operation: op.operation, difference: d })))
const refusal = (file: string) => { try { readReport(file, '0.1.0'); return undefined } catch (error) { return [(error as Error).constructor.name, (error as Error).message] } }

t.test('the hand-made reports are reports: the schema takes them, --compare lists their differences', async (t) => {
  t.equal(formatProblem({ name: 'report', schema: ParityReportSchema }, parityReport, 'parity'), undefined)
  t.equal(formatProblem({ name: 'report', schema: ShadowReportSchema }, shadowReport, 'shadow'), undefined)
  t.same(readReport(fileOf(parityReport), '0.1.0'), listedOf(parityReport))
  t.same(readReport(fileOf(shadowReport), '0.1.0'), listedOf(shadowReport))
})

t.test('a file that is not a report at all is the old line; missing, unreadable or not JSON theirs', async (t) => {
  const { operations: _o, ...noOperations } = parityReport
  const { summary: _s, ...noSummary } = parityReport
  for (const value of [[], 'report', { operations: 3 }, noOperations, noSummary, { ...parityReport, summary: [] }]) {
    const file = fileOf(value)
    t.same(refusal(file), ['RunError', `${file} is not a parity report (no operations with differences and summary; write one with --report)`], JSON.stringify(value).slice(0, 40))
  }
  const notJson = join(work, 'not-json.json')
  writeFileSync(notJson, '{"operations": [')
  t.same(refusal(notJson), ['RunError', `${notJson} is not a parity report (not JSON)`])
  t.same(refusal(join(work, 'absent.json')), ['RunError', `${join(work, 'absent.json')} is not a parity report (missing or unreadable)`])
})

t.test('a report with one field off says that field in the schema\'s words, parity\'s or the shadow\'s', async (t) => {
  const wrongKind = { ...parityReport, operations: [{ ...operation, differences: [{ ...difference, kind: 5 }] }] }
  let file = fileOf(wrongKind)
  t.same(refusal(file), ['RunError', `${file}: report/operations/0/differences/0/kind must be string`])
  file = fileOf({ ...parityReport, summary: { ...parityReport.summary, differs: -1 } })
  t.same(refusal(file), ['RunError', `${file}: report/summary/differs must be >= 0`])
  file = fileOf({ ...shadowReport, operations: [{ ...shadowReport.operations[0], differences: 'none' }] })
  t.same(refusal(file), ['RunError', `${file}: report/operations/0/differences must be array`])
  file = fileOf({ ...shadowReport, shadow: { ...shadowReport.shadow, state: 'asleep' } })
  t.same(refusal(file), ['RunError', `${file}: report/shadow/state must be equal to constant`])
})

t.test('a field --compare does not know is let through, at any depth; a newer tool\'s report is refused with its version', async (t) => {
  const added = {
    ...parityReport,
    newTopLevel: { any: 'thing' },
    key: { ...parityReport.key, scopes: ['read'] },
    operations: [{ ...operation, latencyMs: 12, differences: [{ ...difference, severity: 'low', requests: [{ ...difference.requests[0], durationMs: 3 }] }] }],
    summary: { ...parityReport.summary, skipped: 0 }
  }
  t.same(readReport(fileOf(added), '0.1.0'), listedOf(added as typeof parityReport))
  t.same(readReport(fileOf({ ...shadowReport, shadow: { ...shadowReport.shadow, paused: false } }), '0.1.0'), listedOf(shadowReport))
  t.same(readReport(fileOf({ ...parityReport, version: '0.0.9' }), '0.1.0'), listedOf(parityReport), 'an older tool\'s report')
  const newer = fileOf({ ...added, version: '0.2.0' })
  t.same(refusal(newer), ['RunError', `${newer} is a report of version "0.2.0"; this parity (0.1.0) compares reports of 0.1.0 and before: compare with the version that wrote it`])
})
