// What a run found, per operation, and the --report JSON: {tool, version, target, startedAt, durationMs, mode,
// key, requests, skipped, operations: [{operation, requests, same, differs, differences, accepted}], shared,
// unusedAccept, interrupted?, summary}. Differences are grouped by path pattern and carry the requests that produced them.
import { createAcceptance, type AcceptedDifference, type Acceptance, type UnusedAcceptRule } from './accept.js'
import type { Difference, RequestRef } from './types.js'

export interface OperationResult {
  operation: string
  requests: number
  same: number
  differs: number
  /** Each distinct difference once (by path pattern and kind), in the order first seen. */
  differences: Difference[]
  /** The differences an accept rule matched (with its reason); they count as the same. */
  accepted: AcceptedDifference[]
  /**
   * How many answers had each pair of statuses, `"200 201"` (the emulator's, then the target's): whether every
   * answer the emulator gave 200 the target gave 201, or only one did. Absent in reports written before it was kept.
   */
  statuses?: Record<string, number>
}

/** The two statuses of one compared pair of answers. */
export interface AnswerStatuses { emulator: number, target: number }

/** A step that was not sent, and why (an id an earlier answer did not give). */
export interface SkippedStep { operation: string, reason: string }

/** The key as the probes showed it, never the key itself. */
export interface KeyReport {
  kind: 'workspace' | 'personal'
  /** `not probed`: a --read-only run sends no write probes, so it cannot tell. */
  permission: 'read' | 'full' | 'not probed'
  role: 'admin' | 'member'
  /** The routes the emulator key was restricted to, when the target key's refusals needed it. */
  restrictedTo?: string[]
  refused: string[]
}

/** A difference every operation shares (a header): listed once for the run. */
export interface SharedDifference { path: string, kind: string, emulator: unknown, target: unknown }

export interface ParityReport {
  tool: string
  version: string
  /** `live` against a target, or `verify` of a recording. */
  mode: 'live' | 'verify'
  target: string
  startedAt: string
  durationMs: number
  key: KeyReport
  /** Requests sent to each side (retries included); in `verify` the target's are the recorded steps. */
  requests: { target: number, emulator: number }
  skipped: SkippedStep[]
  operations: OperationResult[]
  shared: SharedDifference[]
  /** Accept rules that matched nothing (a gap that closed). */
  unusedAccept: UnusedAcceptRule[]
  /**
   * The signal (`SIGINT`, `SIGTERM`) that stopped the run after its probes: the operations are those compared
   * before it, the steps after it were not sent. Absent when the run went to its end.
   */
  interrupted?: string
  /** Operations compared, those where every request was the same (accepted differences aside), those where one differed, those with an accepted difference. */
  summary: { operations: number, same: number, differs: number, accepted: number }
}

export interface Tally {
  /** One request's differences; `request` is the target's request that got them, `statuses` the two answers' statuses. */
  add (operation: string, differences: readonly Difference[], request?: RequestRef, statuses?: AnswerStatuses): void
  results (): OperationResult[]
}

/** `body/logs/3/source_id` → `body/logs/*\/source_id`: list indices are not what tells two differences apart. */
export function pathPattern (path: string): string {
  return path.split('/').map((segment) => /^\d+$/.test(segment) ? '*' : segment).join('/')
}

/** How many requests a grouped difference names at most (its `count` goes on counting). */
export const MAX_REQUESTS = 10

function sameRequest (a: RequestRef, b: RequestRef): boolean {
  return a.step === b.step && a.method === b.method && a.path === b.path
}

/** The identity of a grouped difference: its pattern, kind and the target status it was seen with. */
const groupKey = (pattern: string, difference: Difference): string => `${pattern}\n${difference.kind}\n${difference.status ?? ''}`

/**
 * Adds one occurrence to a grouped list (keyed by pattern, kind and status); the first occurrence gives path and
 * values. `unexplained` holds the groups seen at least once without `followsFrom`: a difference seen before the
 * failed write it would follow from (or without one) is not its echo, so the group keeps no `followsFrom`.
 */
function group<T extends Difference> (list: T[], index: Map<string, T>, unexplained: Set<T>, difference: T, request: RequestRef | undefined): void {
  const pattern = pathPattern(difference.path)
  const key = groupKey(pattern, difference)
  let grouped = index.get(key)
  if (grouped === undefined) {
    const { requests: _r, count: _c, pattern: _p, followsFrom: _f, ...rest } = difference
    grouped = { ...rest, ...(pattern === difference.path ? {} : { pattern }), requests: [], count: 0 } as unknown as T
    index.set(key, grouped)
    list.push(grouped)
    if (difference.followsFrom === undefined) unexplained.add(grouped)
    else grouped.followsFrom = difference.followsFrom
  }
  grouped.count = (grouped.count ?? 0) + 1
  const requests = grouped.requests as RequestRef[]
  if (request !== undefined && requests.length < MAX_REQUESTS && !requests.some((r) => sameRequest(r, request))) requests.push(request)
  if (difference.followsFrom === undefined) {
    unexplained.add(grouped)
    delete grouped.followsFrom
  }
  if (grouped.document === undefined && difference.document !== undefined) grouped.document = difference.document
}

interface Row extends OperationResult { index: Map<string, Difference>, acceptedIndex: Map<string, AcceptedDifference>, unexplained: Set<Difference> }

export function createTally (acceptance: Acceptance = createAcceptance([])): Tally {
  const byOperation = new Map<string, Row>()
  return {
    add (operation, differences, request, statuses) {
      const row: Row = byOperation.get(operation) ??
        { operation, requests: 0, same: 0, differs: 0, differences: [], accepted: [], index: new Map(), acceptedIndex: new Map(), unexplained: new Set() }
      byOperation.set(operation, row)
      if (statuses !== undefined) {
        const pair = `${statuses.emulator} ${statuses.target}`
        row.statuses ??= {}
        row.statuses[pair] = (row.statuses[pair] ?? 0) + 1
      }
      const { kept, accepted } = acceptance.split(operation, differences)
      row.requests++
      if (kept.length === 0) row.same++
      else row.differs++
      for (const difference of kept) group(row.differences, row.index, row.unexplained, difference, request)
      for (const difference of accepted) group(row.accepted, row.acceptedIndex, row.unexplained as Set<AcceptedDifference>, difference, request)
    },
    results: () => [...byOperation.values()].map(({ index: _i, acceptedIndex: _a, unexplained: _u, ...row }) => row)
  }
}

const sharedKey = (d: Difference): string => `${d.path}\n${d.kind}\n${JSON.stringify(d.emulator)}\n${JSON.stringify(d.target)}`

/** Differences every operation (two or more) shows with the same values: a header the whole service sends. */
export function sharedDifferences (operations: readonly OperationResult[]): SharedDifference[] {
  if (operations.length < 2) return []
  const [first, ...rest] = operations
  return first.differences
    .filter((d) => rest.every((op) => op.differences.some((o) => sharedKey(o) === sharedKey(d))))
    .map(({ path, kind, emulator, target }) => ({ path, kind, emulator, target }))
}

export type ReportInput = Omit<ParityReport, 'shared' | 'summary'>

/** The report's summary line: how many operations there were, were the same, differed, had accepted differences. */
export function summaryOf (operations: ReadonlyArray<{ differs: number, accepted: readonly unknown[] }>): ParityReport['summary'] {
  const differing = operations.filter((op) => op.differs > 0).length
  const accepted = operations.filter((op) => op.accepted.length > 0).length
  return { operations: operations.length, same: operations.length - differing, differs: differing, accepted }
}

export function buildReport (input: ReportInput): ParityReport {
  return { ...input, shared: sharedDifferences(input.operations), summary: summaryOf(input.operations) }
}
