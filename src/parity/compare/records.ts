// Records in lists: what counts as a record, and how the records of two answers are paired (rules.ts names the
// pairing rules: record-order, audit-entries, workspace-contents).
import { isObject } from '../../formats/read.js'
import type { IdMap } from './id-map.js'
import type { Mode } from './rules.js'

export type JsonObject = Record<string, unknown>

/** A record's id: `id`, or `metadata.id` for scene records. */
export function recordId (value: unknown): string | undefined {
  if (!isObject(value)) return undefined
  if (typeof value.id === 'string') return value.id
  return isObject(value.metadata) && typeof value.metadata.id === 'string' ? value.metadata.id : undefined
}

/** Whether a target record and an emulator record are the same thing: an id pair, or one id not paired elsewhere. */
export function samePair (emulatorId: string, targetId: string, ids: IdMap): boolean {
  const mapped = ids.toEmulator(targetId)
  if (mapped !== undefined) return mapped === emulatorId
  const back = ids.toTarget(emulatorId)
  return back === undefined ? emulatorId === targetId : back === targetId
}

/** Strings that are known target ids become their emulator twins, so two sides' `details` can be compared. */
function translated (value: unknown, ids: IdMap | undefined): unknown {
  if (typeof value === 'string') return ids?.toEmulator(value) ?? value
  if (Array.isArray(value)) return value.map((item) => translated(item, ids))
  if (!isObject(value)) return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, translated(v, ids)]))
}

/** An audit entry's signature (rule audit-entries): action, operation and details, ids as the emulator has them. */
export function auditSignature (entry: unknown, ids?: IdMap): string | undefined {
  if (!isObject(entry) || typeof entry.action !== 'string' || typeof entry.operation !== 'string') return undefined
  return `${entry.action}|${entry.operation}|${JSON.stringify(translated(entry.details, ids))}`
}

export interface Pairing {
  /** [emulator index, target index], in target order. */
  pairs: Array<[number, number]>
  leftEmulator: number[]
  leftTarget: number[]
}

type Matcher = (e: unknown, t: unknown) => boolean

/** Pairs each unpaired target record with the first unpaired emulator record the matcher accepts. */
function pairBy (emulator: unknown[], target: unknown[], pairing: Pairing, matches: Matcher): void {
  for (const j of [...pairing.leftTarget]) {
    const i = pairing.leftEmulator.find((index) => matches(emulator[index], target[j]))
    if (i === undefined) continue
    pairing.pairs.push([i, j])
    pairing.leftEmulator.splice(pairing.leftEmulator.indexOf(i), 1)
    pairing.leftTarget.splice(pairing.leftTarget.indexOf(j), 1)
  }
}

/**
 * Pairs the records of two lists: by id (same id or a known pair), then audit entries by signature, then, in
 * value mode only (everything in the list was made by the run), the rest by position.
 */
export function pairRecords (emulator: unknown[], target: unknown[], ids: IdMap, mode: Mode): Pairing {
  const pairing: Pairing = { pairs: [], leftEmulator: emulator.map((_, i) => i), leftTarget: target.map((_, j) => j) }
  pairBy(emulator, target, pairing, (e, t) => {
    const eid = recordId(e)
    const tid = recordId(t)
    return eid !== undefined && tid !== undefined && samePair(eid, tid, ids)
  })
  pairBy(emulator, target, pairing, (e, t) => {
    const signature = auditSignature(t, ids)
    return signature !== undefined && signature === auditSignature(e)
  })
  if (mode === 'value') pairBy(emulator, target, pairing, () => true)
  pairing.pairs.sort((a, b) => a[1] - b[1])
  return pairing
}

/** True when the paired emulator records come in the same order as the target's. */
export function sameOrder (pairs: ReadonlyArray<[number, number]>): boolean {
  return pairs.every(([i], n) => n === 0 || pairs[n - 1][0] < i)
}
