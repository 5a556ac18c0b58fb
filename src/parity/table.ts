// The printed result of a run: one row per operation with its first differing fields (grouped by path pattern,
// with the first request that showed them), then what the whole run shares, accepted, skipped and left unused.
import type { ReportRequestRef } from '../formats/report.js'
import type { OperationResult, ParityReport, SharedDifference } from './report.js'
import type { Difference } from './types.js'

const FIELDS_SHOWN = 3

const requestText = (request: ReportRequestRef): string => `step ${request.step} ${request.method} ${request.path}`

/** `status (404 → 200)` (emulator → target), `body/logs/*\/source_id (format) ×12`, `header/etag (header)`. */
export function describeDifference (d: Pick<Difference, 'path' | 'kind' | 'emulator' | 'target' | 'pattern' | 'count'>): string {
  if (d.kind === 'status') return `status (${String(d.emulator)} → ${String(d.target)})`
  if (d.kind === 'missing-route') return 'operation missing at the target'
  const times = d.count !== undefined && d.count > 1 ? ` ×${d.count}` : ''
  return `${d.pattern ?? d.path} (${d.kind})${times}`
}

function isShared (d: Difference, shared: readonly SharedDifference[]): boolean {
  return shared.some((s) => s.path === d.path && s.kind === d.kind &&
    JSON.stringify(s.emulator) === JSON.stringify(d.emulator) && JSON.stringify(s.target) === JSON.stringify(d.target))
}

/** The first differing fields of a row (the run-wide ones aside), and the first request that showed them. */
function firstFields (row: OperationResult, shared: readonly SharedDifference[]): string {
  const own = row.differences.filter((d) => !isShared(d, shared))
  if (own.length === 0) return 'only the differences every operation shares (below)'
  const shown = own.slice(0, FIELDS_SHOWN).map(describeDifference)
  const more = own.length - FIELDS_SHOWN
  const first = own[0].requests?.[0]
  const follows = own.every((d) => d.followsFrom !== undefined) ? `; follows from ${requestText(own[0].followsFrom as ReportRequestRef)} (answered ${(own[0].followsFrom as { status: number }).status})` : ''
  return `${shown.join(', ')}${more > 0 ? `, +${more} more` : ''}${first === undefined ? '' : ` [${requestText(first)}]`}${follows}`
}

function table (report: ParityReport): string[] {
  const header = ['operation', 'requests', 'same', 'differs', 'first differing fields']
  const rows = report.operations.map((row) =>
    [row.operation, String(row.requests), String(row.same), String(row.differs), row.differs === 0 ? '' : firstFields(row, report.shared)])
  const widths = header.slice(0, 4).map((title, i) => Math.max(title.length, ...rows.map((r) => r[i].length)))
  const line = (cells: string[]): string =>
    cells.map((cell, i) => i === 0 ? cell.padEnd(widths[0]) : i < 4 ? cell.padStart(widths[i]) : cell).join('  ').trimEnd()
  return [line(header), ...rows.map(line)]
}

function notes (report: ParityReport): string[] {
  const lines: string[] = []
  for (const d of report.shared) lines.push(`every operation: ${describeDifference(d)}: emulator ${JSON.stringify(d.emulator)}, target ${JSON.stringify(d.target)}`)
  for (const row of report.operations) {
    for (const d of row.accepted) lines.push(`accepted: ${row.operation} ${describeDifference(d)}: ${d.reason} (accept rule ${d.rule})`)
  }
  for (const rule of report.unusedAccept) lines.push(`unused accept rule ${rule.rule}: ${rule.operation ?? 'any operation'} ${rule.path}${rule.kind === undefined ? '' : ` (${rule.kind})`} matched nothing: the difference is gone, remove the rule`)
  for (const skipped of report.skipped) lines.push(`skipped: ${skipped.operation}: ${skipped.reason}`)
  return lines
}

/** A plain-text table, one row per operation, columns padded; the summary line and the run's notes below it. */
export function formatTable (report: ParityReport): string {
  const { operations, same, differs, accepted } = report.summary
  const acceptedText = accepted > 0 ? ` (${accepted} with accepted differences)` : ''
  return [...table(report), '', `${operations} operations: ${same} the same${acceptedText}, ${differs} differ`, ...notes(report)].join('\n')
}
