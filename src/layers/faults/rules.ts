// Pure fault vocabulary: kinds, phases, stored rules and the X-Emulator-Fault/-Latency headers. No state and no
// Fastify: state.ts decides with these, plugin.ts carries the result out (route patterns: ../route-patterns.ts).
import type { FaultKind, FaultPhase } from '../../schemas/faults.js'
import type { PatternRule } from '../route-patterns.js'

export const FAULT_HEADER = 'x-emulator-fault'
export const LATENCY_HEADER = 'x-emulator-latency'
/** INFER: gap between the chunks of a slow body when a rule or header gives none. */
export const DEFAULT_SLOW_DELAY_MS = 250
/** Same ceiling as the latency settings (config/settings.ts). */
export const MAX_DELAY_MS = 600_000

/** A rule as stored: a compiled pattern plus its remaining firings. */
export interface FaultRule extends PatternRule {
  path: string
  fault: FaultKind
  probability: number
  phase: FaultPhase
  delayMs: number | null
  fired: number
}

/** The phase a kind runs in: latency always before the handler, a slow body always after it. */
export function phaseOf (kind: FaultKind, asked: FaultPhase | undefined): FaultPhase {
  if (kind === 'latency' || kind === 'slow') {
    if (asked !== undefined) throw new RangeError(`phase does not apply to "${kind}" faults`)
    return kind === 'latency' ? 'before' : 'after'
  }
  return asked ?? 'before'
}

export interface HeaderFault { kind: FaultKind, phase: FaultPhase, delayMs: number | null }

const HEADER_KINDS = new Set(['500', '502', '503', 'html', 'drop', 'slow'])

/**
 * `X-Emulator-Fault: 503`, `html; phase=after`, `slow; delay=100`. Returns null when absent;
 * throws a RangeError with the reason when the value is not understood (the plugin answers 400).
 */
export function parseFaultHeader (value: string | string[] | undefined): HeaderFault | null {
  if (value === undefined) return null
  const [head, ...params] = String(value).split(';').map((part) => part.trim().toLowerCase())
  if (!HEADER_KINDS.has(head)) throw new RangeError(`expected 500, 502, 503, html, drop or slow (got "${head}")`)
  const kind: FaultKind = /^\d+$/.test(head) ? Number(head) as FaultKind : head as FaultKind
  let phase: FaultPhase | undefined
  let delayMs: number | null = null
  for (const param of params) {
    const [name, raw] = param.split('=').map((part) => part.trim())
    if (name === 'phase' && (raw === 'before' || raw === 'after')) phase = raw
    else if (name === 'delay' && kind === 'slow') delayMs = delayValue(raw)
    else throw new RangeError(`unknown parameter "${param}"`)
  }
  return { kind, phase: phaseOf(kind, phase), delayMs }
}

/** `X-Emulator-Latency: 250` → 250; null when absent; a RangeError when not an integer 0..600000. */
export function parseLatencyHeader (value: string | string[] | undefined): number | null {
  return value === undefined ? null : delayValue(String(value).trim())
}

function delayValue (raw: string | undefined): number {
  const ms = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : NaN
  if (!(ms <= MAX_DELAY_MS)) throw new RangeError(`delay must be an integer number of milliseconds 0..${MAX_DELAY_MS} (got "${raw}")`)
  return ms
}

/** Splits a body into `count` near-equal chunks (fewer when it is shorter), for the slow-body fault. */
export function chunksOf (body: Buffer, count: number): Buffer[] {
  if (body.length === 0) return []
  const size = Math.ceil(body.length / Math.min(count, body.length))
  const chunks: Buffer[] = []
  for (let at = 0; at < body.length; at += size) chunks.push(body.subarray(at, at + size))
  return chunks
}
