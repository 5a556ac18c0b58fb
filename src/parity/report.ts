// What a run found, per operation, and the --report JSON: {tool, version, target, startedAt, durationMs, mode,
// key, requests, skipped, operations: [{operation, requests, same, differs, differences, accepted}], shared,
// unusedAccept, summary}. Differences are grouped by path pattern and carry the requests that produced them.
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
}

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
  /** Operations compared, those where every request was the same (accepted differences aside), those where one differed, those with an accepted difference. */
  summary: { operations: number, same: number, differs: number, accepted: number }
}

export interface Tally {
  /** One request's differences; `request` is the target's request that got them. */
  add (operation: string, differences: readonly Difference[], request?: RequestRef): void
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

/** Adds one occurrence to a grouped list (keyed by pattern and kind); the first occurrence gives path and values. */
function group<T extends Difference> (list: T[], index: Map<string, T>, difference: T, request: RequestRef | undefined): void {
  const pattern = pathPattern(difference.path)
  const key = `${pattern}\n${difference.kind}`
  let grouped = index.get(key)
  if (grouped === undefined) {
    const { requests: _r, count: _c, pattern: _p, ...rest } = difference
    grouped = { ...rest, ...(pattern === difference.path ? {} : { pattern }), requests: [], count: 0 } as unknown as T
    index.set(key, grouped)
    list.push(grouped)
  }
  grouped.count = (grouped.count ?? 0) + 1
  const requests = grouped.requests as RequestRef[]
  if (request !== undefined && requests.length < MAX_REQUESTS && !requests.some((r) => sameRequest(r, request))) requests.push(request)
  if (grouped.followsFrom === undefined && difference.followsFrom !== undefined) grouped.followsFrom = difference.followsFrom
  if (grouped.document === undefined && difference.document !== undefined) grouped.document = difference.document
}

interface Row extends OperationResult { index: Map<string, Difference>, acceptedIndex: Map<string, AcceptedDifference> }

export function createTally (acceptance: Acceptance = createAcceptance([])): Tally {
  const byOperation = new Map<string, Row>()
  return {
    add (operation, differences, request) {
      const row = byOperation.get(operation) ??
        { operation, requests: 0, same: 0, differs: 0, differences: [], accepted: [], index: new Map(), acceptedIndex: new Map() }
      byOperation.set(operation, row)
      const { kept, accepted } = acceptance.split(operation, differences)
      row.requests++
      if (kept.length === 0) row.same++
      else row.differs++
      for (const difference of kept) group(row.differences, row.index, difference, request)
      for (const difference of accepted) group(row.accepted, row.acceptedIndex, difference, request)
    },
    results: () => [...byOperation.values()].map(({ index: _i, acceptedIndex: _a, ...row }) => row)
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
