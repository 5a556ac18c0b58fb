// Reads the parity and shadow reports `learn` takes: only what it needs (operations[].operation and
// differences[].{path, kind, emulator, target, requests}); any other field, present or added later, is ignored.
import { readFileSync } from 'node:fs'
import { RunError } from '../types.js'

/** The report versions this reader knows; a report without a `version` is the first one. */
export const KNOWN_REPORT_VERSIONS: readonly unknown[] = [1]

export interface ReportDifference {
  path: string
  kind: string
  emulator: unknown
  target: unknown
  /** The requests that produced it, when the report names them. */
  requests?: unknown[]
}

export interface ReadReport {
  file: string
  target?: string
  startedAt?: string
  operations: Array<{ operation: string, differences: ReportDifference[] }>
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function difference (value: unknown, where: string): ReportDifference {
  if (!isObject(value) || typeof value.path !== 'string' || typeof value.kind !== 'string') {
    throw new RunError(`${where} is not a difference {"path", "kind", "emulator", "target"}`)
  }
  const { path, kind, emulator, target, requests } = value
  return { path, kind, emulator, target, ...(Array.isArray(requests) ? { requests } : {}) }
}

function operation (value: unknown, where: string): ReadReport['operations'][number] {
  if (!isObject(value) || typeof value.operation !== 'string') throw new RunError(`${where} has no "operation"`)
  const differences = value.differences ?? []
  if (!Array.isArray(differences)) throw new RunError(`${where} (${value.operation}): "differences" is not a list`)
  return { operation: value.operation, differences: differences.map((d, i) => difference(d, `${where} (${value.operation as string}) difference ${i + 1}`)) }
}

/** One report file, checked: not readable, not JSON, not a report or of an unknown version is one line (exit 2). */
export function readReport (file: string): ReadReport {
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
  const version = value.version ?? 1
  if (!KNOWN_REPORT_VERSIONS.includes(version)) {
    throw new RunError(`${file} is a report of version ${JSON.stringify(version)}; this learn reads version ${KNOWN_REPORT_VERSIONS.join(', ')}: learn with the version that wrote it, or upgrade`)
  }
  return {
    file,
    ...(typeof value.target === 'string' ? { target: value.target } : {}),
    ...(typeof value.startedAt === 'string' ? { startedAt: value.startedAt } : {}),
    operations: value.operations.map((op, i) => operation(op, `${file}: operations[${i}]`))
  }
}
