// The coverage report at stop (EMULATOR_COVERAGE_REPORT): the JSON GET /_emulator/coverage answers, and a Markdown
// table beside it (`<file>.md`) a CI job can append to its summary.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { compareOutcomes, type Coverage } from '../../schemas/coverage.js'

/** A cell's text: Markdown table syntax in an operation name (a `|`) would break the row. */
function cell (text: string): string {
  return text.replace(/\|/g, '\\|')
}

/** Operations down, every outcome seen across, counts in the cells (`·` for none). */
export function coverageMarkdown (coverage: Coverage): string {
  const outcomes = [...new Set(coverage.operations.flatMap((entry) => Object.keys(entry.outcomes)))].sort(compareOutcomes)
  const lines = ['## Failure coverage', '']
  if (coverage.operations.length === 0) return [...lines, 'No answer was counted.', ''].join('\n')
  lines.push(`| operation | calls | ${outcomes.map((o) => `\`${o}\``).join(' | ')} |`)
  lines.push(`|---|---:|${outcomes.map(() => '---:').join('|')}|`)
  for (const entry of coverage.operations) {
    const counts = outcomes.map((outcome) => String(entry.outcomes[outcome] ?? '·'))
    lines.push(`| \`${cell(entry.operation)}\` | ${entry.calls} | ${counts.join(' | ')} |`)
  }
  return [...lines, ''].join('\n')
}

/** Writes `<file>` (JSON) and `<file>.md`, making the folder when it is missing. */
export function writeCoverageReport (file: string, coverage: Coverage): void {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify(coverage, null, 2) + '\n')
  writeFileSync(`${file}.md`, coverageMarkdown(coverage))
}
