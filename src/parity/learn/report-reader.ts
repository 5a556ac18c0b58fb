// Reads the parity and shadow reports `learn` takes: only what it needs (operations[].operation, their
// differences[].{path, kind, emulator, target} and, when given, {requests, pattern, count, followsFrom, status,
// notFound}, their operation's `differs` and `statuses`, and the
// run's `shared` differences), whether it compared anything (`shadow.state`, `shadow.compared`,
// `requests.emulator`) and whether a signal cut it short (`interrupted`); any other field, present or added later,
// is ignored.
import { readFileSync } from 'node:fs'
import { RunError } from '../types.js'

export interface ReportDifference {
  path: string
  kind: string
  emulator: unknown
  target: unknown
  /** The requests that produced it, when the report names them. */
  requests?: unknown[]
  /** A grouped difference: its path with list items as `*`, and how often it was seen (every item, every request). */
  pattern?: string
  count?: number
  /** Set when it follows from an earlier write that failed on the target: a consequence, not a shape. */
  followsFrom?: unknown
  /** The status of the target's answers that showed it (reports written before it was kept have none). */
  status?: number
  /** A missing route: the target's not-found text, `<method>` and `<path>` standing for the request's. */
  notFound?: string
}

/** An operation of a report: `differs`, when given, is how many of its answers differed; `statuses`, its answers per pair of statuses. */
export interface ReportOperation { operation: string, differs?: number, statuses?: Record<string, number>, differences: ReportDifference[] }

export interface ReadReport {
  file: string
  target?: string
  startedAt?: string
  /**
   * The signal that stopped the run early: its differences are real and are learned, but the operations after it
   * were not compared, so the profile has no change of theirs (learn says so).
   */
  interrupted?: string
  operations: ReportOperation[]
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isStatusCounts = (value: unknown): value is Record<string, number> =>
  isObject(value) && Object.entries(value).every(([pair, n]) => /^\d+ \d+$/.test(pair) && Number.isInteger(n))

function difference (value: unknown, where: string): ReportDifference {
  if (!isObject(value) || typeof value.path !== 'string' || typeof value.kind !== 'string') {
    throw new RunError(`${where} is not a difference {"path", "kind", "emulator", "target"}`)
  }
  const { path, kind, emulator, target, requests, pattern, count, followsFrom, status, notFound } = value
  return {
    path, kind, emulator, target,
    ...(Number.isInteger(status) ? { status: status as number } : {}),
    ...(typeof notFound === 'string' ? { notFound } : {}),
    ...(Array.isArray(requests) ? { requests } : {}),
    ...(typeof pattern === 'string' ? { pattern } : {}),
    ...(Number.isInteger(count) ? { count: count as number } : {}),
    ...(followsFrom === undefined || followsFrom === null ? {} : { followsFrom })
  }
}

function operation (value: unknown, where: string): ReportOperation {
  if (!isObject(value) || typeof value.operation !== 'string') throw new RunError(`${where} has no "operation"`)
  const differences = value.differences ?? []
  if (!Array.isArray(differences)) throw new RunError(`${where} (${value.operation}): "differences" is not a list`)
  return {
    operation: value.operation,
    ...(Number.isInteger(value.differs) ? { differs: value.differs as number } : {}),
    ...(isStatusCounts(value.statuses) ? { statuses: value.statuses } : {}),
    differences: differences.map((d, i) => difference(d, `${where} (${value.operation as string}) difference ${i + 1}`))
  }
}

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/

/** Whether a report written by `version` of the tool is one this version reads: none (the first reports), or not newer. */
export function knownVersion (version: unknown, own: string): boolean {
  if (version === undefined) return true
  const theirs = typeof version === 'string' ? SEMVER.exec(version) : null
  const ours = SEMVER.exec(own)
  if (theirs === null || ours === null) return false
  for (let i = 1; i <= 3; i++) if (Number(theirs[i]) !== Number(ours[i])) return Number(theirs[i]) < Number(ours[i])
  return true
}

/**
 * Why a report has nothing to learn from, or undefined: a shadow whose side never got ready (the import failed), or
 * a run that compared no answer (every call a 5xx, or none came). Learned, it would write an empty profile over
 * the committed one and drop every change learned before: an outage is not the service changing shape.
 */
export function comparedNothing (value: Record<string, unknown>, file: string): string | undefined {
  const shadow = isObject(value.shadow) ? value.shadow : undefined
  if (shadow !== undefined && shadow.state !== 'ready') {
    const reason = typeof shadow.reason === 'string' ? `: ${shadow.reason}` : ''
    return `${file}: the shadow side was not ready (state ${JSON.stringify(shadow.state)}${reason}), so nothing was compared; nothing written`
  }
  const requests = isObject(value.requests) ? value.requests : {}
  if (shadow?.compared === 0 || requests.emulator === 0) {
    return `${file} compared no answer (every call failed at the target, or none came): nothing to learn from; nothing written`
  }
  return undefined
}

/** One report file, checked: not readable, not JSON, not a report or of an unknown version is one line (exit 2). */
export function readReport (file: string, own: string): ReadReport {
  let value: unknown
  try {
    value = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    throw new RunError(`${file} cannot be read as JSON (${reason})`)
  }
  if (!isObject(value) || !Array.isArray(value.operations)) {
    throw new RunError(`${file} is not a parity or shadow report (it has no "operations" list)`)
  }
  if (!knownVersion(value.version, own)) {
    throw new RunError(`${file} is a report of version ${JSON.stringify(value.version)}; this learn (${own}) reads reports of ${own} and before: learn with the version that wrote it`)
  }
  const nothing = comparedNothing(value, file)
  if (nothing !== undefined) throw new RunError(nothing)
  return {
    file,
    ...(typeof value.target === 'string' ? { target: value.target } : {}),
    ...(typeof value.startedAt === 'string' ? { startedAt: value.startedAt } : {}),
    ...(typeof value.interrupted === 'string' ? { interrupted: value.interrupted } : {}),
    // A difference every operation shared is in each operation's list too (report.ts sharedDifferences; the table
    // shows it once): `shared` is not read again.
    operations: value.operations.map((op, i) => operation(op, `${file}: operations[${i}]`))
  }
}
