// Decorates the run-time seams every scope shares: the validated config, the clock, the id factory and control state.
import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import type { Clock } from '../lib/clock.js'
import type { IdFactory } from '../lib/ids.js'
import type { FixtureSet } from '../services/fixtures.js'
import { createControlRegistry, type ControlRegistry } from '../control/state.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The package version (decorated by app.ts). Declared here, not in app.ts, so the package's public types
     * (index.d.ts → app.d.ts) never reach the store's types and their better-sqlite3 import (issue 16.4). */
    emulatorVersion: string
    /** The loaded fixture set (decorated by app.ts). */
    fixtures: FixtureSet
    config: Config
    clock: Clock
    ids: IdFactory
    /** In-memory control state of drift, faults, journal...; see control/state.ts. */
    control: ControlRegistry
  }
}

export interface RuntimeOptions { config: Config, clock: Clock, ids: IdFactory }

export default fp<RuntimeOptions>(async (app, { config, clock, ids }) => {
  app.decorate('config', config)
  app.decorate('clock', clock)
  app.decorate('ids', ids)
  const control = createControlRegistry()
  // The seeded id stream restarts on POST /_emulator/reset, so ids after a reset match a fresh start.
  control.register('ids', ids)
  app.decorate('control', control)
}, { name: 'runtime' })
