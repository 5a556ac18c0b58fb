// app.control: the typed state of every harness feature, built once here from the configuration and the clock.
// Layers read it on each request, their admin routes change it, POST /_emulator/reset returns all of it to its start.
import fp from 'fastify-plugin'
import type { Config } from '../config/index.js'
import type { Clock } from '../lib/clock.js'
import type { IdFactory } from '../lib/ids.js'
import type { ControlPart } from './control-part.js'
import { createCompatControl, type CompatControl } from './compat/state.js'
import { createCoverageControl, type CoverageControl } from './coverage/state.js'
import { createSweepControl, type SweepControl } from './coverage/sweep.js'
import { createDriftControl, unknownKinds, type DriftControl } from './drift/state.js'
import { ConfigError } from '../config/index.js'
import { createFaultsControl, type FaultsControl } from './faults/state.js'
import { createJournalControl, type JournalControl } from './journal/state.js'
import { createRateLimitControl, type RateLimitControl } from './rate-limit/state.js'
import { createStubsControl, type StubsControl } from './stubs/state.js'

export type { ControlPart }

export interface Control {
  readonly journal: JournalControl
  readonly faults: FaultsControl
  readonly stubs: StubsControl
  readonly rateLimit: RateLimitControl
  readonly drift: DriftControl
  /** The compatibility switches: global and per workspace. */
  readonly compat: CompatControl
  /** Per operation, the outcomes of its answers (GET /_emulator/coverage). */
  readonly coverage: CoverageControl
  /** The chaos sweep (EMULATOR_CHAOS=sweep): each operation's failures served so far. */
  readonly sweep: SweepControl
  /** The clock's start: EMULATOR_CLOCK when configured, else real time. */
  readonly clock: ControlPart
  /** The seeded id stream restarts on reset, so ids after a reset match a fresh start. */
  readonly ids: ControlPart
  /** One more part for resetAll (tests use it to watch reset); a name is taken once. */
  register<T extends ControlPart>(name: string, part: T): T
  /** Resets every part; returns their names in a fixed order. */
  resetAll (): string[]
}

declare module 'fastify' {
  interface FastifyInstance {
    control: Control
  }
}

/** A `drift:<kind>` of EMULATOR_CHAOS_OUTCOMES names a drift kind: checked here, where both layers are known. */
function checkChaosOutcomes (outcomes: readonly string[]): void {
  const kinds = outcomes.filter((outcome) => outcome.startsWith('drift:')).map((outcome) => outcome.slice('drift:'.length))
  const unknown = unknownKinds(kinds)
  if (unknown.length > 0) throw new ConfigError(`Invalid configuration: EMULATOR_CHAOS_OUTCOMES (--chaos-outcomes) names an unknown drift kind: ${unknown.join(', ')} (GET /_emulator/drift/kinds lists them)`)
}

/** Unknown EMULATOR_DRIFT_KINDS, EMULATOR_CHAOS_OUTCOMES' drift kinds and bad fault settings fail start-up here, in one place. */
export function createControl (config: Config, clock: Clock, ids: IdFactory): Control {
  checkChaosOutcomes(config.chaosOutcomes)
  const builtIn = {
    ids,
    journal: createJournalControl(config),
    faults: createFaultsControl(config),
    stubs: createStubsControl(),
    rateLimit: createRateLimitControl(config.rateLimit, clock),
    drift: createDriftControl(config),
    compat: createCompatControl(config.compat),
    coverage: createCoverageControl(),
    sweep: createSweepControl(config),
    clock: { reset: () => (config.clockStart === undefined ? clock.useRealTime() : clock.set(config.clockStart)) }
  }
  const parts = new Map<string, ControlPart>(Object.entries(builtIn))
  return {
    ...builtIn,
    register (name, part) {
      if (parts.has(name)) throw new Error(`control part "${name}" is registered twice`)
      parts.set(name, part)
      return part
    },
    resetAll () {
      for (const part of parts.values()) part.reset()
      return [...parts.keys()]
    }
  }
}

export default fp(async (app) => {
  app.decorate('control', createControl(app.config, app.clock, app.ids))
}, { name: 'control', dependencies: ['runtime'] })
