// The chaos sweep's state (EMULATOR_CHAOS=sweep): per workspace and operation, the failures of EMULATOR_CHAOS_OUTCOMES
// in a seeded order, each served once, a normal answer between two. Read and advanced by sweep-plugin.ts; reset starts
// every operation's sweep again.
import type { Config } from '../../config/index.js'
import { createRng, hashString } from '../../lib/rng.js'
import type { ControlPart } from '../control-part.js'

/** One operation's sweep in one workspace. */
interface Progress {
  /** The failures in the order they are served (a drift put back moves to the end). */
  readonly order: string[]
  /** How many of `order` were handed out. */
  next: number
  /** The last answer was a failure: the next one is normal. */
  lastFailed: boolean
}

export interface SweepControl extends ControlPart {
  readonly enabled: boolean
  /** The failures each operation is served, as configured. */
  readonly outcomes: readonly string[]
  /** The failure this call of the operation gets, or null for a normal answer; advances the operation's sweep. */
  take (workspaceId: string, operation: string): string | null
  /**
   * The drift just handed out applied to nothing in its answer: that answer was normal, so the next call may fail, and
   * the drift goes back, after the failures still to serve, for a later answer it can change.
   */
  putBack (workspaceId: string, operation: string): void
  /** The drift just handed out can change none of this operation's answers: it is not tried again. */
  dropDrift (workspaceId: string, operation: string): void
}

/** `outcomes` shuffled (Fisher-Yates) by a generator of its own per workspace and operation: the same seed, the same order. */
export function sweepOrder (outcomes: readonly string[], seed: number, workspaceId: string, operation: string): string[] {
  const rng = createRng(hashString(`sweep\n${workspaceId}\n${operation}`, seed))
  const order = [...outcomes]
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(i + 1)
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  return order
}

export function createSweepControl (config: Pick<Config, 'chaos' | 'chaosOutcomes' | 'seed'>): SweepControl {
  // INFER: the emulator's one seed (EMULATOR_SEED, else 0) orders the sweep, so a run repeats as drift's does.
  const seed = config.seed ?? 0
  const outcomes = Object.freeze([...new Set(config.chaosOutcomes)])
  let progress = new Map<string, Progress>()
  const progressOf = (workspaceId: string, operation: string): Progress => {
    const key = `${workspaceId}\n${operation}`
    let found = progress.get(key)
    if (found === undefined) progress.set(key, found = { order: sweepOrder(outcomes, seed, workspaceId, operation), next: 0, lastFailed: false })
    return found
  }
  return {
    enabled: config.chaos === 'sweep',
    outcomes,
    take (workspaceId, operation) {
      const sweep = progressOf(workspaceId, operation)
      if (sweep.lastFailed || sweep.next >= sweep.order.length) {
        sweep.lastFailed = false
        return null
      }
      sweep.lastFailed = true
      return sweep.order[sweep.next++]
    },
    putBack (workspaceId, operation) {
      const sweep = progressOf(workspaceId, operation)
      sweep.lastFailed = false
      if (sweep.next === 0) return
      const [drift] = sweep.order.splice(--sweep.next, 1)
      sweep.order.push(drift)
    },
    dropDrift (workspaceId, operation) {
      progressOf(workspaceId, operation).lastFailed = false
    },
    reset () { progress = new Map() }
  }
}
