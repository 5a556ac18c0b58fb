// Pure fault vocabulary and matching: kinds, the request marks, route patterns and the X-Emulator-* headers.
// No state and no Fastify: control/faults.ts decides with these, layers/faults/plugin.ts carries the result out.
import { FAULT_KINDS, type FaultKind, type FaultPhase } from '../../schemas/faults.js'
import { withoutApiPrefix } from '../../lib/routes.js'

export { FAULT_KINDS, type FaultKind, type FaultPhase }

/** Set on the request when the response body comes from a fault: drift must leave that body alone (DESIGN §3.5). */
export const kFaultInjected: unique symbol = Symbol('emulator.faultInjected')
/** Set on the request when the layer did anything (delay or fault): the journal reports it. */
export const kFaultApplied: unique symbol = Symbol('emulator.faultApplied')
/** Carried by a slow-body stream: the bytes it trickles out, so the journal can record them without reading it. */
export const kStreamedBody: unique symbol = Symbol('emulator.streamedBody')

export const FAULT_HEADER = 'x-emulator-fault'
export const LATENCY_HEADER = 'x-emulator-latency'
/** INFER: gap between the chunks of a slow body when a rule or header gives none. */
export const DEFAULT_SLOW_DELAY_MS = 250
/** Same ceiling as the latency settings in config.ts. */
export const MAX_DELAY_MS = 600_000

/** One fault that fired, as the journal reports it. */
export interface FaultFired {
  kind: FaultKind
  /** 'before': answered instead of the handler; 'after': the handler ran and committed, then the response was replaced. */
  phase: FaultPhase
  /** What asked for it: the X-Emulator-Fault header, a rule, or the global fault rate. */
  source: 'header' | 'rule' | 'rate'
  /** Index of the rule in the current rule list; null for other sources. */
  rule: number | null
  /** Delay of a latency rule, or the gap between chunks of a slow body; null otherwise. */
  delayMs: number | null
}

/** What the fault layer did to one request. */
export interface FaultOutcome {
  /** Total delay before the request went on: ambient latency (or X-Emulator-Latency) plus a latency rule. */
  latencyMs: number
  fault: FaultFired | null
}

/** A rule as stored: a compiled pattern plus its remaining firings. */
export interface FaultRule {
  method: string
  path: string
  fault: FaultKind
  probability: number
  phase: FaultPhase
  delayMs: number | null
  /** Firings left; null = unlimited. */
  remaining: number | null
  fired: number
  matcher: RegExp
}

const METHOD = /^(\*|[A-Z]+)$/

/** `/api/v1/scenes/abc?x=1` → `/scenes/abc`: the form rules and patterns are written in. */
export function routePath (url: string): string {
  const at = url.indexOf('?')
  const path = at < 0 ? url : url.slice(0, at)
  const bare = withoutApiPrefix(path)
  return trimSlash(bare === '' ? '/' : bare)
}

function trimSlash (path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}

/**
 * Compiles a route pattern, matched segment by segment against the request path without `/api/v1`:
 * `{name}` or `*` alone = exactly one segment, `*` inside a segment = any characters but `/`,
 * a final `**` = zero or more further segments. Everything else is literal. Throws a RangeError when invalid.
 */
export function compilePattern (pattern: string): RegExp {
  const path = routePath(pattern)
  if (!path.startsWith('/')) throw new RangeError(`path "${pattern}" must start with /`)
  const segments = path === '/' ? [] : path.slice(1).split('/')
  let source = ''
  segments.forEach((segment, i) => {
    if (segment === '**') {
      if (i !== segments.length - 1) throw new RangeError(`path "${pattern}": ** is only allowed as the last segment`)
      source += '(?:/[^/]+)*'
    } else if (segment === '*' || /^\{[^{}/]+\}$/.test(segment)) {
      source += '/[^/]+'
    } else {
      source += '/' + segment.split('*').map(escapeRegExp).join('[^/]*')
    }
  })
  return new RegExp(`^${source === '' ? '/?' : source}$`)
}

function escapeRegExp (text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Whether a rule with `remaining` firings left applies to this method and path. */
export function ruleMatches (rule: Pick<FaultRule, 'method' | 'matcher' | 'remaining'>, method: string, path: string): boolean {
  if (rule.remaining !== null && rule.remaining <= 0) return false
  return (rule.method === '*' || rule.method === method.toUpperCase()) && rule.matcher.test(routePath(path))
}

/** Checks a method name; returns it upper-cased. */
export function normalizeMethod (method: string | undefined): string {
  const upper = (method ?? '*').trim().toUpperCase()
  if (!METHOD.test(upper)) throw new RangeError(`method "${method}" must be an HTTP method or *`)
  return upper
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
