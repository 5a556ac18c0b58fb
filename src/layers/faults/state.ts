// Fault-injection state: ambient latency, the global fault rate, the rule list and the seeded draws.
// Written by routes.ts (and reset), read by plugin.ts once per public request.
import type { Config } from '../../config/index.js'
import { createRng, hashString, type Rng } from '../../lib/rng.js'
import type { FaultSettings, PutFaultsBody } from '../../schemas/faults.js'
import { phaseOf, type FaultRule, type HeaderFault } from './rules.js'
import type { FaultFired, FaultOutcome } from '../request-record.js'
import { compilePattern, normalizeMethod, ruleMatches } from '../route-patterns.js'
import type { ControlPart } from '../control-part.js'

export interface FaultsControl extends ControlPart {
  view (): FaultSettings
  /** Replaces every setting (absent → start-up value) and restarts the seeded sequence. Throws RangeError on a bad rule. */
  set (body: PutFaultsBody): FaultSettings
  /**
   * Changes only the settings given: the others keep their value, and the rules (with their counts) stay unless
   * `rules` is given. The seeded sequence restarts only with a new seed or new rules. Throws RangeError on a bad rule.
   */
  update (body: PutFaultsBody): FaultSettings
  /** Removes the rule at `index` (the others keep their counts and move up one); undefined when there is none. */
  removeRule (index: number): FaultSettings | undefined
  /** Decides what happens to the next public request; draws and rule counts advance here only. */
  decide (method: string, path: string, header: HeaderFault | null, headerLatency: number | null): FaultOutcome
  /** Delay seam: real timers by default; tests swap in a recorder so nothing waits and no timing is asserted. */
  sleep: (ms: number) => Promise<void>
}

interface State {
  seed: number
  latencyMs: number
  latencyJitterMs: number
  faultRate: number
  faultStatus: 500 | 502 | 503
  rules: FaultRule[]
  /** Public requests decided since the last set/reset: the n of the n-th request's draws. */
  sequence: number
}

export const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export function createFaultsControl (config: Config): FaultsControl {
  // INFER: with no fault seed, the global seed keeps one EMULATOR_SEED enough for a reproducible run.
  const startSeed = config.faultSeed ?? config.seed ?? Math.floor(Math.random() * 2 ** 31)
  const initial = (): State => ({
    seed: startSeed,
    latencyMs: config.latencyMs,
    latencyJitterMs: config.latencyJitterMs,
    faultRate: config.faultRate,
    faultStatus: config.faultStatus,
    rules: [],
    sequence: 0
  })
  let state = initial()
  const part: FaultsControl = {
    view: () => viewOf(state),
    set (body) {
      const rules = (body.rules ?? []).map(buildRule)
      const start = initial()
      state = {
        ...start,
        seed: body.seed ?? start.seed,
        latencyMs: body.latencyMs ?? start.latencyMs,
        latencyJitterMs: body.latencyJitterMs ?? start.latencyJitterMs,
        faultRate: body.faultRate ?? start.faultRate,
        faultStatus: body.faultStatus ?? start.faultStatus,
        rules
      }
      return viewOf(state)
    },
    update (body) {
      const rules = body.rules?.map(buildRule)
      const restart = rules !== undefined || (body.seed !== undefined && body.seed !== state.seed)
      state = {
        seed: body.seed ?? state.seed,
        latencyMs: body.latencyMs ?? state.latencyMs,
        latencyJitterMs: body.latencyJitterMs ?? state.latencyJitterMs,
        faultRate: body.faultRate ?? state.faultRate,
        faultStatus: body.faultStatus ?? state.faultStatus,
        rules: rules ?? state.rules,
        sequence: restart ? 0 : state.sequence
      }
      return viewOf(state)
    },
    removeRule (index) {
      if (!Number.isInteger(index) || index < 0 || index >= state.rules.length) return undefined
      state = { ...state, rules: state.rules.filter((_, i) => i !== index) }
      return viewOf(state)
    },
    reset () { state = initial() },
    decide: (method, path, header, headerLatency) => decide(state, method, path, header, headerLatency),
    sleep: realSleep
  }
  return part
}

function buildRule (body: NonNullable<PutFaultsBody['rules']>[number], index: number): FaultRule {
  try {
    return {
      method: normalizeMethod(body.method),
      path: body.path,
      fault: body.fault,
      probability: body.probability ?? 1,
      phase: phaseOf(body.fault, body.phase),
      delayMs: body.delayMs ?? null,
      remaining: body.count ?? null,
      fired: 0,
      matcher: compilePattern(body.path)
    }
  } catch (error) {
    throw new RangeError(`rules/${index}: ${(error as Error).message}`)
  }
}

function viewOf (state: State): FaultSettings {
  const { seed, latencyMs, latencyJitterMs, faultRate, faultStatus } = state
  const rules = state.rules.map((rule, index) => ({
    index,
    method: rule.method,
    path: rule.path,
    fault: rule.fault,
    probability: rule.probability,
    phase: rule.phase,
    delayMs: rule.delayMs,
    remaining: rule.remaining,
    fired: rule.fired
  }))
  return { seed, latencyMs, latencyJitterMs, faultRate, faultStatus, rules }
}

/**
 * Each request n gets its own generators, derived from (seed, n): what one request draws never shifts the
 * next one's, so the same seed and the same request sequence give the same faults and delays.
 * Precedence: X-Emulator-Fault header, then the first matching rule that wins its draw, then the global rate.
 */
function decide (state: State, method: string, path: string, header: HeaderFault | null, headerLatency: number | null): FaultOutcome {
  const n = state.sequence++
  // Nothing asked and nothing configured (the usual case): no draw would be made, so no generator is needed.
  if (header === null && headerLatency === null && isQuiet(state)) return NOTHING
  const faultRng = createRng(hashString(`fault:${n}`, state.seed))
  const latencyRng = createRng(hashString(`latency:${n}`, state.seed))
  const fault = header === null
    ? fromRules(state, method, path, faultRng) ?? fromRate(state, faultRng)
    : { ...header, source: 'header' as const, rule: null }
  let latencyMs = headerLatency ?? ambientLatency(state, latencyRng)
  if (fault?.kind === 'latency') latencyMs += fault.delayMs ?? 0
  return { latencyMs, fault }
}

/** The usual outcome, shared (frozen): no object per request. */
const NOTHING: FaultOutcome = Object.freeze({ latencyMs: 0, fault: null })

function isQuiet (state: State): boolean {
  return state.rules.length === 0 && state.faultRate <= 0 && state.latencyMs === 0 && state.latencyJitterMs === 0
}

function fromRules (state: State, method: string, path: string, rng: Rng): FaultFired | null {
  for (const [index, rule] of state.rules.entries()) {
    if (!ruleMatches(rule, method, path)) continue
    // One draw per matching rule, even at probability 1, so adding a rule shifts only the draws after it.
    if (rng.next() >= rule.probability) continue
    if (rule.remaining !== null) rule.remaining--
    rule.fired++
    return { kind: rule.fault, phase: rule.phase, source: 'rule', rule: index, delayMs: rule.delayMs }
  }
  return null
}

function fromRate (state: State, rng: Rng): FaultFired | null {
  if (state.faultRate <= 0 || rng.next() >= state.faultRate) return null
  return { kind: state.faultStatus, phase: 'before', source: 'rate', rule: null, delayMs: null }
}

/** INFER: jitter only adds (uniform 0..jitter ms), so EMULATOR_LATENCY_MS is a floor, as a network's is. */
function ambientLatency (state: State, rng: Rng): number {
  return state.latencyMs + (state.latencyJitterMs > 0 ? rng.int(state.latencyJitterMs + 1) : 0)
}
