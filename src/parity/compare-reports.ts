// `parity --compare <old.json> <new.json>`: the differences new in the second report and those gone from it, by
// operation, path pattern and kind (list indices do not tell two differences apart), and for a value, the values. Exit 1 when one is new, so a
// CI job fails on what changed, not on a gap the team already knows.
import { readFileSync } from 'node:fs'
import { readFormat } from '../formats/read.js'
import { comparedReport } from '../formats/report-readers.js'
import type { CompareOptions } from './options.js'
import { pathPattern } from './report.js'
import { describeDifference } from './table.js'
import { RunError, type Difference, type Io } from './types.js'

interface Listed { operation: string, difference: Difference }

/**
 * The differences a report lists (accepted ones are not among them), for a parity of version `own`; RunError when
 * the file is not a report, is a newer version's or has a field that is not what the report's schema says.
 */
export function readReport (file: string, own: string): Listed[] {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    throw new RunError(`${file} is not a parity report (missing or unreadable)`)
  }
  const report = readFormat(comparedReport(own), text, file, (line) => new RunError(line))
  return report.operations.flatMap((op) => op.differences.map((difference) => ({ operation: op.operation, difference })))
}

/**
 * Kinds whose values are the difference itself: the same path with another value is a new difference (a default
 * page size that went from 20 to 50 and then to 100). Other kinds' values vary run to run (ids, dates, formats).
 */
const VALUE_KINDS = new Set(['value', 'enum', 'status'])

function identity ({ operation, difference }: Listed): string {
  const where = `${operation}\n${difference.pattern ?? pathPattern(difference.path)}\n${difference.kind}`
  return VALUE_KINDS.has(difference.kind) ? `${where}\n${JSON.stringify(difference.emulator)}\n${JSON.stringify(difference.target)}` : where
}

function line ({ operation, difference }: Listed): string {
  const first = difference.requests?.[0]
  const where = first === undefined ? '' : ` [step ${first.step} ${first.method} ${first.path}]`
  return `  ${operation}  ${describeDifference(difference)}: emulator ${JSON.stringify(difference.emulator)}, target ${JSON.stringify(difference.target)}${where}`
}

export interface ReportChanges { added: Listed[], gone: Listed[], kept: number }

export function compareReports (before: readonly Listed[], after: readonly Listed[]): ReportChanges {
  const old = new Set(before.map(identity))
  const current = new Set(after.map(identity))
  return {
    added: after.filter((item) => !old.has(identity(item))),
    gone: before.filter((item) => !current.has(identity(item))),
    kept: after.filter((item) => old.has(identity(item))).length
  }
}

export function compareCommand (options: CompareOptions, io: Io): number {
  const changes = compareReports(readReport(options.old, io.version), readReport(options.new, io.version))
  if (changes.added.length > 0) io.out([`new in ${options.new}:`, ...changes.added.map(line)].join('\n'))
  if (changes.gone.length > 0) io.out([`gone since ${options.old}:`, ...changes.gone.map(line)].join('\n'))
  io.out(`${changes.added.length} new, ${changes.gone.length} gone, ${changes.kept} unchanged`)
  return changes.added.length > 0 ? 1 : 0
}
