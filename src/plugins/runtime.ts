// Decorates the run-time seams every scope shares: the validated config, the clock and the id factory.
import fp from 'fastify-plugin'
import type { Config } from '../config/index.js'
import type { Clock } from '../lib/clock.js'
import type { IdFactory } from '../lib/ids.js'
import type { FixtureSet } from '../harness/fixtures.js'
import type { ShadowSource } from '../schemas/shadow-report.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The package version (decorated by app.ts). Declared here, not in app.ts, so the package's public types
     * (index.d.ts → app.d.ts) never reach the store's types and their better-sqlite3 import. */
    emulatorVersion: string
    /** The loaded fixture set (decorated by app.ts). */
    fixtures: FixtureSet
    /** The report of the shadow proxy running this emulator as its shadow side (decorated by app.ts); else undefined. */
    shadowSource: ShadowSource | undefined
    config: Config
    clock: Clock
    ids: IdFactory
  }
}

export interface RuntimeOptions { config: Config, clock: Clock, ids: IdFactory }

export default fp<RuntimeOptions>(async (app, { config, clock, ids }) => {
  app.decorate('config', config)
  app.decorate('clock', clock)
  app.decorate('ids', ids)
}, { name: 'runtime' })
