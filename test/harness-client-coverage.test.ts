// The coverage helpers: coverage(), clearCoverage(), checkCoverage() and assertCoverage() on a started emulator and,
// through coverageHelpers(url), on one running elsewhere; their types checked both ways against the server's schemas.
import t from 'tap'
import {
  CoverageGapsError, HarnessError, coverageHelpers, startEmulator,
  type CoverageCheck, type CoverageReport, type CoverageRequirements
} from '../src/index.js'
import type { Coverage, CoverageCheck as ServerCheck, CoverageCheckBody } from '../src/schemas/coverage.js'
import { MINIMAL_FIXTURES } from '../src/config/index.js'

export const typeChecks = {
  report: (answer: Coverage): CoverageReport => answer,
  reportBack: (promised: CoverageReport): Coverage => promised,
  check: (answer: ServerCheck): CoverageCheck => answer,
  checkBack: (promised: CoverageCheck): ServerCheck => promised,
  requirements: (input: CoverageRequirements): CoverageCheckBody => input,
  requirementsBack: (body: CoverageCheckBody): CoverageRequirements => body
}

const TOKEN = 'coverage-token'
const emulator = await startEmulator({ fixturesDir: MINIMAL_FIXTURES, rateLimit: 0, adminToken: TOKEN, chaos: 'sweep' })
t.teardown(() => emulator.close())

/** A client that survives what the sweep serves: it retries a 429, a 503 and a dropped connection. */
async function survivingGet (path: string): Promise<Response> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const res = await fetch(`${emulator.apiUrl}${path}`, { headers: { authorization: `Bearer ${emulator.keys.full}` } })
      if (res.status !== 429 && res.status !== 503) return res
      await res.arrayBuffer()
    } catch { /* dropped: try again */ }
  }
  throw new Error(`${path}: no answer after 5 attempts`)
}

const SWEEP: CoverageRequirements = { operations: 'called', outcomes: ['429', '503', 'drop', 'drift'] }

t.test('in process: assertCoverage throws a CoverageGapsError naming each gap, then passes once the sweep served all', async (t) => {
  await emulator.reset()
  t.same(await emulator.coverage(), { operations: [] })
  t.equal((await survivingGet('/collections')).status, 200)
  const partial = await emulator.checkCoverage(SWEEP)
  t.equal(partial.ok, false)
  const error = await emulator.assertCoverage(SWEEP).then(() => null, (e: unknown) => e)
  t.ok(error instanceof CoverageGapsError, 'a CoverageGapsError')
  const gaps = (error as CoverageGapsError).gaps
  t.same(gaps, partial.gaps, 'the gaps attached are the check\'s')
  t.equal((error as Error).message, `the suite never received these outcomes:\n${gaps.map((g) => `  GET /api/v1/collections: ${g.outcome}`).join('\n')}`)
  for (let i = 0; i < 4; i++) t.equal((await survivingGet('/collections')).status, 200)
  t.same(await emulator.assertCoverage(SWEEP), { ok: true, gaps: [] })
  const [entry] = (await emulator.coverage()).operations
  t.equal(entry.operation, 'GET /api/v1/collections')
  t.same([entry.outcomes['429'], entry.outcomes['503'], entry.outcomes.drop], [1, 1, 1], 'each failure once')
  t.same(await emulator.coverage({ workspaceId: 'wsOther0001' }), { operations: [] }, 'per workspace')
  await emulator.clearCoverage()
  t.same(await emulator.coverage(), { operations: [] })
})

t.test('over HTTP: the same helpers by URL, with the admin token; a wrong token is a HarnessError', async (t) => {
  await emulator.reset()
  for (let i = 0; i < 5; i++) await survivingGet('/scenes')
  const remote = coverageHelpers(emulator.apiUrl, TOKEN)
  t.same(await remote.coverage(), await emulator.coverage())
  t.same(await remote.assertCoverage({ operations: ['GET /api/v1/scenes'], outcomes: ['200', 'drift'] }), { ok: true, gaps: [] })
  const missing = await remote.assertCoverage({ operations: ['mcp list_scenes'], outcomes: ['503'] }).then(() => null, (e: unknown) => e)
  t.ok(missing instanceof CoverageGapsError)
  t.equal((missing as Error).message, 'the suite never received this outcome:\n  mcp list_scenes: 503')
  const refused = await coverageHelpers(emulator.url, 'wrong').coverage().then(() => null, (e: unknown) => e)
  t.ok(refused instanceof HarnessError)
  t.equal((refused as HarnessError).statusCode, 401)
  const bad = await remote.checkCoverage({ operations: 'called', outcomes: ['teapot'] }).then(() => null, (e: unknown) => e)
  t.equal((bad as HarnessError).statusCode, 400, 'a bad requirement is the admin API\'s 400')
  await remote.clearCoverage()
  t.same(await emulator.coverage(), { operations: [] })
})
