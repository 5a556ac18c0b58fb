// The failure coverage: per workspace and operation, how many answers and of which outcome (operation.ts names them).
// Written by plugin.ts once per answer (two Map lookups and increments), read by routes.ts, the demo page and the
// report at stop; cleared by DELETE /_emulator/coverage and by reset.
import { NONE_CALLED, compareOutcomes, type Coverage, type CoverageCheck, type CoverageCheckBody, type OperationCoverage } from '../../schemas/coverage.js'
import type { ControlPart } from '../control-part.js'

/** One operation's answers in one workspace, and the swept drifts none of its answers could take. */
interface Tally { calls: number, outcomes: Map<string, number>, notApplicable: Set<string> }

/** The answers no key was attributed to (a 401, a fault answered before auth) count under this workspace. */
const NO_WORKSPACE = ''

export interface CoverageControl extends ControlPart {
  /** Every operation the emulator can answer, as the coverage names them (plugin.ts adds each route's). */
  readonly known: Set<string>
  /** Counts one answer under one operation (plugin.ts: once per message of an MCP batch). */
  count (workspaceId: string | null, operation: string, outcomes: readonly string[]): void
  /** The sweep's drift (`drift`, `drift:<kind>`) could change nothing in a success of this operation: no gap for it. */
  notApplicable (workspaceId: string, operation: string, outcome: string): void
  /** Every operation answered, sorted; for one workspace when given. */
  view (workspaceId?: string): Coverage
  /** The gaps of a check (routes.ts validates the body). */
  check (body: CoverageCheckBody): CoverageCheck
  /** Forgets every count; returns how many calls were counted (an MCP batch's messages each one). */
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
  const tallyOf = (workspace: string, operation: string): Tally => {
    let tallies = byWorkspace.get(workspace)
    if (tallies === undefined) byWorkspace.set(workspace, tallies = new Map())
    let tally = tallies.get(operation)
    if (tally === undefined) tallies.set(operation, tally = { calls: 0, outcomes: new Map(), notApplicable: new Set() })
    return tally
  }
  return {
    known: new Set(),
    count (workspaceId, operation, outcomes) {
      const tally = tallyOf(workspaceId ?? NO_WORKSPACE, operation)
      tally.calls++
      for (const outcome of outcomes) tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1)
      answers++
    },
    notApplicable (workspaceId, operation, outcome) {
      tallyOf(workspaceId, operation).notApplicable.add(outcome)
    },
    view,
    check: (body) => gapsOf(view(body.workspaceId), body, calledOf(byWorkspace, body.workspaceId)),
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
      if (tally.notApplicable.size > 0) entry.notApplicable = [...new Set([...(entry.notApplicable ?? []), ...tally.notApplicable])]
    }
  }
  const operations = [...merged.values()].sort((a, b) => (a.operation < b.operation ? -1 : a.operation > b.operation ? 1 : 0))
  for (const entry of operations) {
    entry.outcomes = sortedOutcomes(entry.outcomes)
    entry.notApplicable?.sort()
  }
  return { operations }
}

/**
 * What `operations: 'called'` checks: the operations answered to a valid key (of this workspace, when given), on a
 * route the emulator has. Keyless calls and unknown URLs are counted but never swept, so they could never pass a gate.
 */
function calledOf (byWorkspace: Map<string, Map<string, Tally>>, workspaceId: string | undefined): string[] {
  const workspaces = workspaceId === undefined ? [...byWorkspace.keys()].filter((id) => id !== NO_WORKSPACE) : [workspaceId]
  const called = new Set<string>()
  for (const id of workspaces) {
    for (const operation of byWorkspace.get(id)?.keys() ?? []) if (!operation.endsWith(' /api/v1/*')) called.add(operation)
  }
  return [...called]
}

function sortedOutcomes (outcomes: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(outcomes).sort(([a], [b]) => compareOutcomes(a, b)))
}

/** Whether an operation's outcomes hold a required one: `drift` is any `drift:<kind>`. */
export function received (outcomes: Record<string, number>, required: string): boolean {
  if (required === 'drift') return Object.keys(outcomes).some((outcome) => outcome.startsWith('drift:'))
  return (outcomes[required] ?? 0) > 0
}

/** Whether the sweep found a required drift could change none of the operation's answers (`drift` covers every kind). */
function inapplicable (notApplicable: readonly string[], required: string): boolean {
  if (!required.startsWith('drift')) return false
  return notApplicable.includes(required) || notApplicable.includes('drift') || (required === 'drift' && notApplicable.length > 0)
}

/** Every listed (or every called) operation and required outcome it never received and the sweep could serve. */
export function gapsOf (coverage: Coverage, body: Pick<CoverageCheckBody, 'operations' | 'outcomes'>, called: readonly string[]): CoverageCheck {
  const seen = new Map(coverage.operations.map((entry) => [entry.operation, entry]))
  const required = [...new Set(body.outcomes)]
  if (body.operations === 'called' && called.length === 0) return { ok: false, gaps: required.map((outcome) => ({ operation: NONE_CALLED, outcome })) }
  const operations = body.operations === 'called' ? [...called].sort() : [...new Set(body.operations)].sort()
  const gaps = operations.flatMap((operation) => {
    const entry = seen.get(operation)
    return required
      .filter((outcome) => !received(entry?.outcomes ?? {}, outcome) && !inapplicable(entry?.notApplicable ?? [], outcome))
      .map((outcome) => ({ operation, outcome }))
  })
  return { ok: gaps.length === 0, gaps }
}
