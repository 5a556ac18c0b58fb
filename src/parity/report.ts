// What a run found, per operation, and the --report JSON: {tool, version, target, startedAt, durationMs, mode,
// key, requests, skipped, operations: [{operation, requests, same, differs, differences, accepted}], shared,
// unusedAccept, interrupted?, summary}. Differences are grouped by path pattern and carry the requests that produced them.
import type { KeyReport, ParityReport, ReportOperation, ReportRequestRef, ReportSummary, SharedDifference, SkippedStep } from '../formats/report.js'
import { createAcceptance, type AcceptedDifference, type Acceptance } from './accept.js'
import type { Difference, RequestRef } from './types.js'

// The report's shapes are its schema's (formats/report.ts): what this writes is what every reader reads.
export type { KeyReport, ParityReport, SharedDifference, SkippedStep }

/** An operation's row: each distinct difference once (by path pattern, kind and status), in the order first seen; accepted ones apart. */
export type OperationResult = ReportOperation

/** The two statuses of one compared pair of answers. */
export interface AnswerStatuses { emulator: number, target: number }

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

function sameRequest (a: ReportRequestRef, b: ReportRequestRef): boolean {
  return a.step === b.step && a.method === b.method && a.path === b.path
}

/** The identity of a grouped difference: its pattern, kind and the target status it was seen with. */
const groupKey = (pattern: string, difference: Difference): string => `${pattern}\n${difference.kind}\n${difference.status ?? ''}`

/** A difference as the tally keeps it: grouped, with the requests that showed it and how often it was seen. */
type Grouped<T extends Difference> = T & { requests: RequestRef[], count: number }

/**
 * Adds one occurrence to a grouped list (keyed by pattern, kind and status); the first occurrence gives path and
 * values. `unexplained` holds the groups seen at least once without `followsFrom`: a difference seen before the
 * failed write it would follow from (or without one) is not its echo, so the group keeps no `followsFrom`.
 */
function group<T extends Difference> (
  list: Array<Grouped<T>>, index: Map<string, Grouped<T>>, unexplained: Set<object>, difference: T, request: RequestRef | undefined
): void {
  const pattern = pathPattern(difference.path)
  const key = groupKey(pattern, difference)
  let grouped = index.get(key)
  if (grouped === undefined) {
    const { requests: _r, count: _c, pattern: _p, followsFrom: _f, ...rest } = difference
    grouped = { ...rest, ...(pattern === difference.path ? {} : { pattern }), requests: [], count: 0 } as unknown as Grouped<T>
    index.set(key, grouped)
    list.push(grouped)
    if (difference.followsFrom === undefined) unexplained.add(grouped)
    else grouped.followsFrom = difference.followsFrom
  }
  grouped.count++
  const { requests } = grouped
  if (request !== undefined && requests.length < MAX_REQUESTS && !requests.some((r) => sameRequest(r, request))) requests.push(request)
  if (difference.followsFrom === undefined) {
    unexplained.add(grouped)
    delete grouped.followsFrom
  }
  if (grouped.document === undefined && difference.document !== undefined) grouped.document = difference.document
}

interface Row {
  operation: string
  requests: number
  same: number
  differs: number
  statuses?: Record<string, number>
  differences: Array<Grouped<Difference>>
  accepted: Array<Grouped<AcceptedDifference>>
  index: Map<string, Grouped<Difference>>
  acceptedIndex: Map<string, Grouped<AcceptedDifference>>
  unexplained: Set<object>
}

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
      for (const difference of accepted) group(row.accepted, row.acceptedIndex, row.unexplained, difference, request)
    },
    results: () => [...byOperation.values()].map(({ index: _i, acceptedIndex: _a, unexplained: _u, ...row }): OperationResult => row)
  }
}

const sharedKey = (d: SharedDifference): string => `${d.path}\n${d.kind}\n${JSON.stringify(d.emulator)}\n${JSON.stringify(d.target)}`

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
export function summaryOf (operations: ReadonlyArray<{ differs: number, accepted: readonly unknown[] }>): ReportSummary {
  const differing = operations.filter((op) => op.differs > 0).length
  const accepted = operations.filter((op) => op.accepted.length > 0).length
  return { operations: operations.length, same: operations.length - differing, differs: differing, accepted }
}

export function buildReport (input: ReportInput): ParityReport {
  return { ...input, shared: sharedDifferences(input.operations), summary: summaryOf(input.operations) }
}
