// The report of a run: differences grouped by path pattern with a count and their requests, accepted ones apart,
// a difference every operation shares listed once, and the printed table (a status arrow reads emulator → target).
import t from 'tap'
import { formatProblem } from '../../src/formats/read.js'
import { ParityReportSchema } from '../../src/formats/report.js'
import { createAcceptance } from '../../src/parity/accept.js'
import { buildReport, createTally, pathPattern, type ReportInput } from '../../src/parity/report.js'
import { formatTable } from '../../src/parity/table.js'
import type { Difference, RequestRef } from '../../src/parity/types.js'

const request = (step: number, path = '/logs?limit=5'): RequestRef => ({ method: 'GET', path, step })
const sourceId = (i: number): Difference => ({ path: `body/logs/${i}/source_id`, kind: 'format', emulator: 'prefixed id', target: 'token id' })
const header: Difference = { path: 'header/x-ratelimit-limit', kind: 'header', emulator: '600', target: '100' }

function input (operations: ReturnType<ReturnType<typeof createTally>['results']>): ReportInput {
  return {
    tool: 'drawing-api-emulator', version: '0.1.0', mode: 'live', target: 'https://api.example.com/api/v1', startedAt: '2026-11-27T00:00:00.000Z', durationMs: 1500,
    key: { kind: 'workspace', permission: 'full', role: 'admin', refused: [] }, requests: { target: 4, emulator: 4 },
    skipped: [{ operation: 'GET /api/v1/workspaces/invites/{inviteId}', reason: 'no firstInvite from an earlier answer' }], operations, unusedAccept: []
  }
}

t.test('pathPattern: list indices become *', async (t) => {
  t.equal(pathPattern('body/logs/12/source_id'), 'body/logs/*/source_id')
  t.equal(pathPattern('body/data/0/readOnlyLinks/3/id'), 'body/data/*/readOnlyLinks/*/id')
  t.equal(pathPattern('header/x-ratelimit-limit'), 'header/x-ratelimit-limit')
})

t.test('a tally: one grouped difference per pattern and kind, with its count and the requests that showed it', async (t) => {
  const tally = createTally()
  tally.add('GET /api/v1/logs', [sourceId(0), sourceId(1), sourceId(2), header], request(7))
  tally.add('GET /api/v1/logs', [sourceId(0), header], request(9, '/logs?page=1&limit=5'))
  tally.add('GET /api/v1/logs', [], request(11))
  t.same(tally.results(), [{
    operation: 'GET /api/v1/logs', requests: 3, same: 1, differs: 2,
    differences: [
      { ...sourceId(0), pattern: 'body/logs/*/source_id', requests: [request(7), request(9, '/logs?page=1&limit=5')], count: 4 },
      { ...header, requests: [request(7), request(9, '/logs?page=1&limit=5')], count: 2 }
    ],
    accepted: []
  }])
})

t.test('accepted differences: apart, with the reason; a request whose differences are all accepted counts as the same', async (t) => {
  const acceptance = createAcceptance([{ path: 'body/logs/*/source_id', reason: 'keys differ by design' }])
  const tally = createTally(acceptance)
  tally.add('GET /api/v1/logs', [sourceId(0), sourceId(1)], request(3))
  tally.add('GET /api/v1/scenes', [header], request(4, '/scenes'))
  const [logs, scenes] = tally.results()
  t.same(logs, { operation: 'GET /api/v1/logs', requests: 1, same: 1, differs: 0, differences: [], accepted: [{ ...sourceId(0), reason: 'keys differ by design', rule: 1, pattern: 'body/logs/*/source_id', requests: [request(3)], count: 2 }] })
  t.equal(scenes.differs, 1)
  const report = buildReport(input(tally.results()))
  t.same(report.summary, { operations: 2, same: 1, differs: 1, accepted: 1 })
  t.equal(formatProblem({ name: 'report', schema: ParityReportSchema }, report, 'report'), undefined, 'a report its schema reads')
})

t.test('the table: first fields with their first request, × counts, one line for what every operation shares, the notes', async (t) => {
  const acceptance = createAcceptance([
    { path: 'body/logs/1/source_id', reason: 'the second entry is a fixture' },
    { operation: 'DELETE /api/v1/collections/{collectionId}', path: 'status', reason: 'answered 204 once' }
  ])
  const tally = createTally(acceptance)
  tally.add('GET /api/v1/logs', [sourceId(0), sourceId(1), sourceId(2), header], request(7))
  tally.add('DELETE /api/v1/scenes/{sceneId}', [{ path: 'status', kind: 'status', emulator: 404, target: 200 }, header], { method: 'DELETE', path: '/scenes/abc', step: 12 })
  tally.add('GET /api/v1/scenes', [header], request(2, '/scenes'))
  const report = buildReport({ ...input(tally.results()), unusedAccept: acceptance.unused() })
  t.same(report.shared, [header], 'the header every operation differs on')
  t.equal(formatTable(report), [
    'operation                        requests  same  differs  first differing fields',
    'GET /api/v1/logs                        1     0        1  body/logs/*/source_id (format) ×2 [step 7 GET /logs?limit=5]',
    'DELETE /api/v1/scenes/{sceneId}         1     0        1  status (404 → 200) [step 12 DELETE /scenes/abc]',
    'GET /api/v1/scenes                      1     0        1  only the differences every operation shares (below)',
    '',
    '3 operations: 0 the same (1 with accepted differences), 3 differ',
    'every operation: header/x-ratelimit-limit (header): emulator "600", target "100"',
    'accepted: GET /api/v1/logs body/logs/*/source_id (format): the second entry is a fixture (accept rule 1)',
    'unused accept rule 2: DELETE /api/v1/collections/{collectionId} status matched nothing: the difference is gone, remove the rule',
    'skipped: GET /api/v1/workspaces/invites/{inviteId}: no firstInvite from an earlier answer'
  ].join('\n'))
})

t.test('followsFrom: kept only when every sighting follows from the failed write, never from one seen before it', async (t) => {
  const patch = { method: 'PATCH' as const, path: '/scenes/abc', step: 44, status: 404 }
  const code: Difference = { path: 'body/code', kind: 'extra', emulator: null, target: 'not_found', status: 404 }
  const tally = createTally()
  // Seen at step 4, long before the PATCH at step 44 failed; seen again after it.
  tally.add('GET /api/v1/scenes/{sceneId}', [code], request(4, '/scenes/abc'))
  tally.add('GET /api/v1/scenes/{sceneId}', [{ ...code, followsFrom: patch }], request(45, '/scenes/abc'))
  t.same(tally.results()[0].differences, [{ ...code, requests: [request(4, '/scenes/abc'), request(45, '/scenes/abc')], count: 2 }], 'no followsFrom: a real change')
  const after = createTally()
  after.add('GET /api/v1/scenes/{sceneId}', [{ ...code, followsFrom: patch }], request(45, '/scenes/abc'))
  after.add('GET /api/v1/scenes/{sceneId}', [{ ...code, followsFrom: patch }], request(46, '/scenes/abc'))
  t.same(after.results()[0].differences, [{ ...code, followsFrom: patch, requests: [request(45, '/scenes/abc'), request(46, '/scenes/abc')], count: 2 }], 'every sighting after the write: its echo')
  const then = createTally()
  then.add('GET /api/v1/scenes/{sceneId}', [{ ...code, followsFrom: patch }], request(45, '/scenes/abc'))
  then.add('GET /api/v1/scenes/{sceneId}', [code], request(50, '/scenes/xyz'))
  t.notOk('followsFrom' in then.results()[0].differences[0], 'seen later without the write: not its echo either')
})

t.test('differences are grouped per target status, and each operation counts its answers per pair of statuses', async (t) => {
  const tally = createTally()
  const extra = (status: number): Difference => ({ path: 'body/code', kind: 'extra', emulator: null, target: 'x', status })
  tally.add('GET /api/v1/scenes/{sceneId}', [extra(404)], request(1, '/scenes/a'), { emulator: 404, target: 404 })
  tally.add('GET /api/v1/scenes/{sceneId}', [extra(200)], request(2, '/scenes/b'), { emulator: 200, target: 200 })
  tally.add('GET /api/v1/scenes/{sceneId}', [extra(404)], request(3, '/scenes/c'), { emulator: 404, target: 404 })
  tally.add('GET /api/v1/scenes/{sceneId}', [{ path: 'status', kind: 'status', emulator: 200, target: 502, status: 502 }], request(4, '/scenes/d'), { emulator: 200, target: 502 })
  const [row] = tally.results()
  t.same(row.differences.map((d) => [d.status, d.path, d.count]), [[404, 'body/code', 2], [200, 'body/code', 1], [502, 'status', 1]])
  t.same(row.statuses, { '404 404': 2, '200 200': 1, '200 502': 1 })
})
