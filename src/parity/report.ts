// What a run found, per operation: the table printed at the end and the --report JSON
// ({target, startedAt, operations: [{operation, requests, same, differs, differences}], summary}).
import type { Difference } from './types.js'

export interface OperationResult {
  operation: string
  requests: number
  same: number
  differs: number
  /** Each distinct difference once (by path and kind), in the order first seen. */
  differences: Difference[]
}

export interface ParityReport {
  target: string
  startedAt: string
  operations: OperationResult[]
  /** Operations compared, operations where every request was the same, operations where one differed. */
  summary: { operations: number, same: number, differs: number }
}

export interface Tally {
  add (operation: string, differences: readonly Difference[]): void
  results (): OperationResult[]
}

export function createTally (): Tally {
  const byOperation = new Map<string, OperationResult & { seen: Set<string> }>()
  return {
    add (operation, differences) {
      const row = byOperation.get(operation) ?? { operation, requests: 0, same: 0, differs: 0, differences: [], seen: new Set<string>() }
      byOperation.set(operation, row)
      row.requests++
      if (differences.length === 0) row.same++
      else row.differs++
      for (const difference of differences) {
        const key = `${difference.path}\n${difference.kind}`
        if (row.seen.has(key)) continue
        row.seen.add(key)
        row.differences.push(difference)
      }
    },
    results: () => [...byOperation.values()].map(({ seen: _seen, ...row }) => row)
  }
}

export function buildReport (target: string, startedAt: string, operations: OperationResult[]): ParityReport {
  const differing = operations.filter((op) => op.differs > 0).length
  return { target, startedAt, operations, summary: { operations: operations.length, same: operations.length - differing, differs: differing } }
}

const FIELDS_SHOWN = 3

/** `body/data/0/metadata/total_elements (extra), status (200 → 201)`: the first differing fields of a row. */
function firstFields (row: OperationResult): string {
  const shown = row.differences.slice(0, FIELDS_SHOWN).map((d) =>
    d.kind === 'status' ? `status (${String(d.emulator)} → ${String(d.target)})` : `${d.path} (${d.kind})`)
  const more = row.differences.length - FIELDS_SHOWN
  return more > 0 ? `${shown.join(', ')}, +${more} more` : shown.join(', ')
}

/** A plain-text table, one row per operation, columns padded; the summary line below it. */
export function formatTable (report: ParityReport): string {
  const header = ['operation', 'requests', 'same', 'differs', 'first differing fields']
  const rows = report.operations.map((row) => [row.operation, String(row.requests), String(row.same), String(row.differs), row.differs === 0 ? '' : firstFields(row)])
  const widths = header.slice(0, 4).map((title, i) => Math.max(title.length, ...rows.map((r) => r[i].length)))
  const line = (cells: string[]): string => cells.map((cell, i) => i === 0 ? cell.padEnd(widths[0]) : i < 4 ? cell.padStart(widths[i]) : cell).join('  ').trimEnd()
  const { operations, same, differs } = report.summary
  return [line(header), ...rows.map(line), '', `${operations} operations: ${same} the same, ${differs} differ`].join('\n')
}
