// The shadow report as it grows: parity's tally and report (per operation the client called, requests the same
// and differing, differences grouped by path pattern with the requests that showed them, accepted ones apart),
// with when each difference was last seen, failures of either side, the keys' profiles and the side's state.
// The whole report is masked as it is read (every credential a client sent, wherever it is: a request's path, an
// unknown route's operation, an answer that echoed one), so the file, /_emulator/shadow and the page never hold one.
// Its shapes are the report's (formats/report-types.ts, held equal to the report's schema in formats/report.ts).
import type { ShadowFailure, ShadowKey, ShadowOperation, ShadowReport, ShadowState } from '../../formats/report-types.js'
import { createAcceptance, type Acceptance } from '../accept.js'
import { createTally, pathPattern, sharedDifferences, summaryOf, type AnswerStatuses, type Tally } from '../report.js'
import type { Difference, RequestRef } from '../types.js'

const MAX_FAILURES = 100

export interface ShadowTally {
  add (operation: string, differences: readonly Difference[], time: string, request: RequestRef, statuses?: AnswerStatuses): void
  fail (failure: ShadowFailure): void
  forwarded (): void
  key (key: ShadowKey): void
  state (update: Partial<Pick<ShadowState, 'state' | 'reason' | 'importRequests'>>): void
  /** Forgets the operations and failures (not the state, its counters and the keys). */
  clear (): void
  report (): ShadowReport
}

export interface TallySettings {
  target: string
  startedAt: string
  version: string
  acceptance?: Acceptance
  mask: <T>(value: T) => T
}

const seenKey = (operation: string, d: Pick<Difference, 'path' | 'kind'>): string => `${operation}\n${pathPattern(d.path)}\n${d.kind}`

/** The tally's rows, each difference with when it was last seen (the session's start for one seen before a clear). */
function withLastSeen (results: ReturnType<Tally['results']>, lastSeen: ReadonlyMap<string, string>, startedAt: string): ShadowOperation[] {
  return results.map((row) => {
    const seen = <T extends Difference>(d: T) => ({ ...d, lastSeen: lastSeen.get(seenKey(row.operation, d)) ?? startedAt })
    return { ...row, differences: row.differences.map(seen), accepted: row.accepted.map(seen) }
  })
}

/** What the session holds at one moment, read into the report. */
interface Holdings {
  tally: Tally
  lastSeen: ReadonlyMap<string, string>
  failures: readonly ShadowFailure[]
  keys: ReadonlyMap<string, ShadowKey>
  state: ShadowState
  acceptance: Acceptance
}

/** The report of what the session holds, masked whole: a key learned later masks what was tallied before it. */
function reportOf (settings: TallySettings, { tally, lastSeen, failures, keys, state, acceptance }: Holdings): ShadowReport {
  const results = tally.results()
  const rows = withLastSeen(results, lastSeen, settings.startedAt)
  return settings.mask({
    tool: 'drawing-api-emulator',
    version: settings.version,
    mode: 'shadow',
    target: settings.target,
    startedAt: settings.startedAt,
    durationMs: Date.now() - Date.parse(settings.startedAt),
    keys: [...keys.values()],
    requests: { target: state.forwarded + state.importRequests, emulator: state.compared },
    operations: rows,
    shared: sharedDifferences(results),
    unusedAccept: acceptance.unused(),
    summary: summaryOf(rows),
    shadow: { ...state, failures: [...failures] }
  })
}

export function createShadowTally (settings: TallySettings): ShadowTally {
  const acceptance = settings.acceptance ?? createAcceptance([])
  let tally: Tally = createTally(acceptance)
  let lastSeen = new Map<string, string>()
  let failures: ShadowFailure[] = []
  const keys = new Map<string, ShadowKey>()
  const state: ShadowState = { state: 'waiting', reason: null, forwarded: 0, compared: 0, importRequests: 0, failures: [] }
  return {
    add (operation, differences, time, request, statuses) {
      state.compared++
      for (const difference of differences) lastSeen.set(seenKey(operation, difference), time)
      tally.add(operation, differences, request, statuses)
    },
    fail (failure) { failures = [failure, ...failures].slice(0, MAX_FAILURES) },
    forwarded () { state.forwarded++ },
    key (key) { keys.set(key.label, key) },
    state (update) { Object.assign(state, update) },
    clear () {
      tally = createTally(acceptance)
      lastSeen = new Map()
      failures = []
    },
    report: () => reportOf(settings, { tally, lastSeen, failures, keys, state, acceptance })
  }
}
