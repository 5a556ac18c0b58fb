// The soak's verdicts (scripts/bench/soak.ts, soak-report.ts): the second-half slope, when the audit bound was
// reached, and the rows that say whether RSS stayed flat; the load itself runs only under `npm run bench`.
import t from 'tap'
import { boundReachedAt, slopePerMinute, type SoakResult, type SoakSample } from '../../scripts/bench/soak.js'
import { soakRows } from '../../scripts/bench/soak-report.js'

const samples = (points: Array<[number, number, number]>): SoakSample[] => points.map(([atS, rssMb, auditEntries]) => ({ atS, rssMb, auditEntries }))

t.test('the slope is least squares over the samples, in MB per minute', async (t) => {
  t.equal(slopePerMinute(samples([[0, 100, 0], [30, 105, 0], [60, 110, 0]])), 10)
  t.equal(slopePerMinute(samples([[0, 100, 0], [30, 90, 0], [60, 110, 0]])), 10, 'noise in the middle does not move it')
  t.equal(slopePerMinute(samples([[5, 100, 0]])), 0, 'one sample has no slope')
})

t.test('the bound is reached at the first sample holding what the log settled at (within a trim batch)', async (t) => {
  t.equal(boundReachedAt(samples([[5, 0, 900], [10, 0, 2003], [15, 0, 2015], [20, 0, 2001], [25, 0, 2010]])), 10)
  t.equal(boundReachedAt(samples([[5, 0, 1000], [10, 0, 2000], [15, 0, 3000], [20, 0, 4000]])), null, 'still growing: never reached')
  t.equal(boundReachedAt(samples([[5, 0, 50_000], [10, 0, 50_400]])), null, 'too few samples to tell')
})

function result (overrides: Partial<SoakResult>): SoakResult {
  const kind = { requests: 1000, non2xx: 0, errors: 0 }
  return {
    seconds: 120, settings: {}, samples: [], startMb: 100, peakMb: 320, slopeMbPerMin: 1, secondHalfRangeMb: 5,
    boundReachedAtS: 20, requests: { reads: kind, patches: kind, mcp: kind }, ...overrides
  }
}

t.test('the table: flat only when the bound came before the second half and RSS spread at most 30 MB', async (t) => {
  const verdicts = (soak: SoakResult) => soakRows(soak).map((row) => row[3])
  t.same(verdicts(result({})), [true, true, true])
  t.same(verdicts(result({ secondHalfRangeMb: 31 })), [false, true, true])
  t.same(verdicts(result({ boundReachedAtS: 70 })), [null, true, true], 'the bound came in the second half: no verdict')
  t.same(verdicts(result({ boundReachedAtS: null })), [null, true, true])
  t.same(verdicts(result({ seconds: 60, boundReachedAtS: 5 })), [null, true, true], 'a second half under a minute: no verdict')
  t.match(soakRows(result({ seconds: 20 }))[0][0], /^soak, 20 s mixed load/)
  t.match(soakRows(result({}))[0][0], /^soak, 2 min mixed load/)
  t.same(verdicts(result({ peakMb: 401 })), [true, false, true], 'more than start + 300 MB')
  const oneReadFailed = {
    reads: { requests: 9, non2xx: 1, errors: 0 }, patches: { requests: 9, non2xx: 0, errors: 0 }, mcp: { requests: 9, non2xx: 0, errors: 0 }
  }
  t.same(verdicts(result({ requests: oneReadFailed })), [true, true, false])
  t.match(soakRows(result({ boundReachedAtS: null }))[0][0], /audit bound not reached: set EMULATOR_AUDIT_LOG_MAX lower/)
})
