// The shadow report as it grows: per operation the client called, requests that answered the same and that
// differed, each distinct difference once (parity's report shape) with how many requests showed it and when last;
// failures of either side; and the shadow's own state. Key strings are masked wherever an answer echoed one.
import type { ShadowDifference, ShadowFailure, ShadowOperation, ShadowReport, ShadowState } from '../../index.js'
import type { Difference } from '../types.js'

const MAX_FAILURES = 100

export interface ShadowTally {
  add (operation: string, differences: readonly Difference[], time: string): void
  fail (failure: ShadowFailure): void
  forwarded (): void
  state (update: Partial<Pick<ShadowState, 'state' | 'reason' | 'importRequests'>>): void
  /** Forgets the operations and failures (not the state and its counters). */
  clear (): void
  report (): ShadowReport
}

type Row = ShadowOperation & { byKey: Map<string, ShadowDifference> }

export function createShadowTally (target: string, startedAt: string, mask: (value: unknown) => unknown): ShadowTally {
  let rows = new Map<string, Row>()
  let failures: ShadowFailure[] = []
  const state: ShadowState = { state: 'waiting', reason: null, forwarded: 0, compared: 0, importRequests: 0, failures: [] }
  const record = (row: Row, difference: Difference, time: string) => {
    const key = `${difference.path}\n${difference.kind}`
    const known = row.byKey.get(key)
    if (known !== undefined) {
      known.requests++
      known.lastSeen = time
      return
    }
    const added = { path: difference.path, kind: difference.kind, emulator: mask(difference.emulator), target: mask(difference.target), requests: 1, lastSeen: time }
    row.byKey.set(key, added)
    row.differences.push(added)
  }
  return {
    add (operation, differences, time) {
      const row = rows.get(operation) ?? { operation, requests: 0, same: 0, differs: 0, differences: [], byKey: new Map() }
      rows.set(operation, row)
      row.requests++
      state.compared++
      if (differences.length === 0) row.same++
      else row.differs++
      for (const difference of differences) record(row, difference, time)
    },
    fail (failure) { failures = [{ ...failure, reason: String(mask(failure.reason)) }, ...failures].slice(0, MAX_FAILURES) },
    forwarded () { state.forwarded++ },
    state (update) { Object.assign(state, update) },
    clear () {
      rows = new Map()
      failures = []
    },
    report () {
      const operations = [...rows.values()].map(({ byKey: _byKey, ...row }) => ({ ...row, differences: row.differences.map((d) => ({ ...d })) }))
      const differing = operations.filter((op) => op.differs > 0).length
      return {
        target,
        startedAt,
        operations,
        summary: { operations: operations.length, same: operations.length - differing, differs: differing },
        shadow: { ...state, failures: [...failures] }
      }
    }
  }
}
