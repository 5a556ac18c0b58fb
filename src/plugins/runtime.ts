// Decorates the run-time seams every scope shares: the validated config, the clock and the id factory.
import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import type { Clock } from '../lib/clock.js'
import type { IdFactory } from '../lib/ids.js'

declare module 'fastify' {
  interface FastifyInstance {
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
