// The failure coverage: per workspace and operation, how many answers and of which outcome (operation.ts names them).
// Written by plugin.ts once per answer (two Map lookups and increments), read by routes.ts, the demo page and the
// report at stop; cleared by DELETE /_emulator/coverage and by reset.
import { compareOutcomes, type Coverage, type CoverageCheck, type CoverageCheckBody, type OperationCoverage } from '../../schemas/coverage.js'
import type { ControlPart } from '../control-part.js'

/** One operation's answers in one workspace. */
interface Tally { calls: number, outcomes: Map<string, number> }

/** The answers no key was attributed to (a 401, a fault answered before auth) count under this workspace. */
const NO_WORKSPACE = ''

export interface CoverageControl extends ControlPart {
  /** Counts one answer. */
  count (workspaceId: string | null, operation: string, outcomes: readonly string[]): void
  /** Every operation answered, sorted; for one workspace when given. */
  view (workspaceId?: string): Coverage
  /** The gaps of a check (routes.ts validates the body). */
  check (body: CoverageCheckBody): CoverageCheck
  /** Forgets every count; returns how many answers were counted. */
  clear (): number
}

export function createCoverageControl (): CoverageControl {
  let byWorkspace = new Map<string, Map<string, Tally>>()
  let answers = 0
  const clear = (): number => {
    const was = answers
    byWorkspace = new Map()
    answers = 0
    return was
  }
  const view = (workspaceId?: string): Coverage => viewOf(workspaceId === undefined ? [...byWorkspace.values()] : [byWorkspace.get(workspaceId) ?? new Map()])
  return {
    count (workspaceId, operation, outcomes) {
      const workspace = workspaceId ?? NO_WORKSPACE
      let tallies = byWorkspace.get(workspace)
      if (tallies === undefined) byWorkspace.set(workspace, tallies = new Map())
      let tally = tallies.get(operation)
      if (tally === undefined) tallies.set(operation, tally = { calls: 0, outcomes: new Map() })
      tally.calls++
      for (const outcome of outcomes) tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1)
      answers++
    },
    view,
    check: (body) => gapsOf(view(body.workspaceId), body),
    clear,
    reset () { clear() }
  }
}

/** The workspaces' tallies summed per operation, sorted by operation. */
function viewOf (workspaces: ReadonlyArray<Map<string, Tally>>): Coverage {
  const merged = new Map<string, OperationCoverage>()
  for (const tallies of workspaces) {
    for (const [operation, tally] of tallies) {
      let entry = merged.get(operation)
      if (entry === undefined) merged.set(operation, entry = { operation, calls: 0, outcomes: {} })
      entry.calls += tally.calls
      for (const [outcome, count] of tally.outcomes) entry.outcomes[outcome] = (entry.outcomes[outcome] ?? 0) + count
    }
  }
  const operations = [...merged.values()].sort((a, b) => (a.operation < b.operation ? -1 : a.operation > b.operation ? 1 : 0))
  for (const entry of operations) entry.outcomes = sortedOutcomes(entry.outcomes)
  return { operations }
}

function sortedOutcomes (outcomes: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(outcomes).sort(([a], [b]) => compareOutcomes(a, b)))
}

/** Whether an operation's outcomes hold a required one: `drift` is any `drift:<kind>`. */
export function received (outcomes: Record<string, number>, required: string): boolean {
  if (required === 'drift') return Object.keys(outcomes).some((outcome) => outcome.startsWith('drift:'))
  return (outcomes[required] ?? 0) > 0
}

/** Every listed (or every called) operation and required outcome it never received. */
export function gapsOf (coverage: Coverage, body: Pick<CoverageCheckBody, 'operations' | 'outcomes'>): CoverageCheck {
  const seen = new Map(coverage.operations.map((entry) => [entry.operation, entry.outcomes]))
  const operations = body.operations === 'called' ? [...seen.keys()] : [...new Set(body.operations)].sort()
  const required = [...new Set(body.outcomes)]
  const gaps = operations.flatMap((operation) => required
    .filter((outcome) => !received(seen.get(operation) ?? {}, outcome))
    .map((outcome) => ({ operation, outcome })))
  return { ok: gaps.length === 0, gaps }
}
