// Reads the parity and shadow reports `learn` takes, through the report's one schema (formats/report-readers.ts:
// learn's view, only what it reads; a field it does not read is let through, one a newer version would write is
// refused with the version), and refuses a report that compared nothing.
import { readFileSync } from 'node:fs'
import { readFormat } from '../../formats/read.js'
import { learnedReport, type LearnedDifference, type LearnedOperation, type LearnedReport } from '../../formats/report-readers.js'
import { RunError } from '../types.js'

export type ReportDifference = LearnedDifference
/** An operation of a report, its `differences` always there (a report without them has none). */
export type ReportOperation = LearnedOperation & { differences: LearnedDifference[] }

export interface ReadReport extends Pick<LearnedReport, 'target' | 'startedAt'> {
  file: string
  /**
   * The signal that stopped the run early: its differences are real and are learned, but the operations after it
   * were not compared, so the profile has no change of theirs (learn says so).
   */
  interrupted?: string
  operations: ReportOperation[]
}

/**
 * Why a report has nothing to learn from, or undefined: a shadow whose side never got ready (the import failed), or
 * a run that compared no answer (every call a 5xx, or none came). Learned, it would write an empty profile over
 * the committed one and drop every change learned before: an outage is not the service changing shape.
 */
export function comparedNothing ({ shadow, requests }: LearnedReport, file: string): string | undefined {
  if (shadow !== undefined && shadow.state !== 'ready') {
    const reason = typeof shadow.reason === 'string' ? `: ${shadow.reason}` : ''
    return `${file}: the shadow side was not ready (state ${JSON.stringify(shadow.state)}${reason}), so nothing was compared; nothing written`
  }
  if (shadow?.compared === 0 || requests?.emulator === 0) {
    return `${file} compared no answer (every call failed at the target, or none came): nothing to learn from; nothing written`
  }
  return undefined
}

/** One report file, checked: not readable, not JSON, not a report or of an unknown version is one line (exit 2). */
export function readReport (file: string, own: string): ReadReport {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new RunError(`${file} cannot be read as JSON (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  const report = readFormat(learnedReport(own), text, file, (line) => new RunError(line))
  const nothing = comparedNothing(report, file)
  if (nothing !== undefined) throw new RunError(nothing)
  const { target, startedAt, interrupted } = report
  return { file, target, startedAt, interrupted, operations: report.operations.map((op) => ({ ...op, differences: op.differences ?? [] })) }
}
