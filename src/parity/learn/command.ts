// `drawing-api-emulator learn --from report.json [--from more.json] --out profile.json`: a drift profile from the
// differences of parity or shadow reports, which EMULATOR_DRIFT_PROFILE then replays offline.
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { DRIFT_PROFILE_FORMAT, DRIFT_PROFILE_VERSION, type DriftProfile } from '../../formats/drift-profile.js'
import type { Io } from '../types.js'
import { maskRequestPaths } from '../secrets.js'
import { RunError } from '../types.js'
import { learnFrom, type LearnedReport } from './learn.js'
import { readReport, type ReadReport } from './report-reader.js'

export const LEARN_USAGE = `Usage:
  drawing-api-emulator learn --from <report.json> [--from <more.json> ...] --out <profile.json>

Turns the differences of parity or shadow reports into a drift profile: per operation, the shape changes the
target showed (fields added, removed or renamed, JSON types changed, headers added or removed, statuses
changed, routes missing), each for the status it was seen with and with where it was seen. Values, what
parity's rules excuse, the target's failures (5xx, bodies that are not JSON) and statuses not every answer
showed are not learned.
Start an emulator with EMULATOR_DRIFT_PROFILE=<profile.json> (--drift-profile) to answer in that shape.
A report that compared nothing (the shadow side not ready, no answer compared) is refused: nothing written.
An interrupted parity report is learned from (what it compared is real), with a line naming the operations
it did not reach: they have no change in the profile.
Exit code: 0 written, 2 it could not be (a file that is not a report, an unknown report version, a report
that compared nothing).`

interface LearnOptions { from: string[], out: string }

function parseOptions (argv: string[]): LearnOptions | { help: true } {
  let values: { from?: string[], out?: string, help?: boolean }
  try {
    values = parseArgs({
      args: argv,
      options: { from: { type: 'string', multiple: true }, out: { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: false
    }).values
  } catch (error) {
    throw new RunError(`${(error as Error).message} (see drawing-api-emulator learn --help)`)
  }
  if (values.help === true) return { help: true }
  if (values.from === undefined || values.from.length === 0) throw new RunError('--from <report.json> is required')
  if (values.out === undefined || values.out === '') throw new RunError('--out <profile.json> is required')
  return { from: values.from, out: values.out }
}

function summary (learned: LearnedReport, out: string): string {
  const { value, excused } = learned.skipped
  const failures = learned.skipped['target failure']
  const oneOff = learned.skipped['one-off status']
  const others = learned.skipped['list item'] + learned.skipped['not a shape change']
  const changes = `${learned.learned} change${learned.learned === 1 ? '' : 's'} in ${learned.operations.length} operation${learned.operations.length === 1 ? '' : 's'}`
  return `learn: wrote ${out}: ${changes}; not learned: ${value} value-only, ${excused} excused by the rules, ${failures} target failures, ${oneOff} statuses not every answer showed, ${others} not replayable (list items, whole answers retyped, consequences of refused writes, unsent steps)`
}

/**
 * An interrupted run's differences are real, so it is learned from rather than refused; but the operations after
 * its signal were never compared, and a profile written from it alone drops their changes: the line says so.
 */
function interruptedLine (report: ReadReport): string {
  return `learn: ${report.file} was interrupted by ${report.interrupted as string}: learned what it compared before the signal; operations it did not reach have no change in this profile (learn from a whole run to keep theirs)`
}

export async function learnCommand (argv: string[], io: Io): Promise<number> {
  try {
    const options = parseOptions(argv)
    if ('help' in options) {
      io.out(LEARN_USAGE)
      return 0
    }
    const reports = options.from.map((file) => readReport(file, io.version))
    for (const report of reports) if (report.interrupted !== undefined) io.err(interruptedLine(report))
    const learned = learnFrom(reports)
    const profile: DriftProfile = {
      format: DRIFT_PROFILE_FORMAT,
      version: DRIFT_PROFILE_VERSION,
      learnedFrom: reports.map(({ file, target, startedAt }) => ({ report: file, target, startedAt })),
      operations: learned.operations
    }
    // The reports' requests are copied into `seen`: a credential in a query is masked even if the report held it.
    writeFileSync(options.out, `${JSON.stringify(maskRequestPaths(profile), null, 2)}\n`)
    io.out(summary(learned, options.out))
    for (const { operation, changes } of learned.operations) io.out(`  ${operation}: ${changes.map((c) => c.change).join(', ')}`)
    return 0
  } catch (error) {
    io.err(`learn: ${error instanceof RunError ? error.message : (error as Error).message}`)
    return 2
  }
}
