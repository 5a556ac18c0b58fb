// Per-key rate limit on /api/v1 (catalogue §1.5), built on @fastify/rate-limit with windows on the virtual clock.
// Its per-route onRequest hook runs after the scope's auth hook (DESIGN §2), so the key is known and 401/403s don't count.
import rateLimit from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { emulatorError } from '../../errors.js'
import {
  RATE_LIMIT_PART, type PutRateLimitBody, type RateLimitControl, type RateLimitSettings, type ResetHeaderMode
} from '../../schemas/faults.js'
import { createClockStore, type ClockStore } from './rate-limit-store.js'

/** The limit is "per minute" (catalogue §1.5). */
export const RATE_LIMIT_WINDOW_MS = 60_000
/**
 * INFER: whether the real X-RateLimit-Reset is "seconds until reset" or a Unix timestamp is unknown (catalogue §1.5;
 * some clients assume the timestamp). The service's other framework answers (the 413 body) are Fastify's defaults,
 * and @fastify/rate-limit's default is seconds until reset, so that is the default here; PUT /_emulator/rate-limit
 * `{"resetHeader": "epoch"}` switches to the timestamp so a client can be tested against both.
 */
export const DEFAULT_RESET_HEADER: ResetHeaderMode = 'seconds'
const RESET_HEADER = 'x-ratelimit-reset'

function createRateLimitControl (startLimit: number, store: ClockStore): RateLimitControl {
  const initial = (): RateLimitSettings => ({ limit: startLimit, windowMs: RATE_LIMIT_WINDOW_MS, resetHeader: DEFAULT_RESET_HEADER })
  let settings = initial()
  return {
    settings: () => ({ ...settings }),
    set (body: PutRateLimitBody) {
      const start = initial()
      settings = { ...start, limit: body.limit ?? start.limit, resetHeader: body.resetHeader ?? start.resetHeader }
      store.clear()
      return { ...settings }
    },
    reset () {
      settings = initial()
      store.clear()
    }
  }
}

const keyOf = (request: FastifyRequest): string => request.auth.key.id

export default fp(async (app) => {
  const store = createClockStore(app.clock)
  const control = app.control.register(RATE_LIMIT_PART, createRateLimitControl(app.config.rateLimit, store))
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    timeWindow: RATE_LIMIT_WINDOW_MS,
    max: () => control.settings().limit,
    // A limit of 0 means off: every key is then on the allow list, and no X-RateLimit-* headers are sent.
    allowList: () => control.settings().limit === 0,
    keyGenerator: keyOf,
    store: store.Store,
    // Thrown, so the error handler writes the service's envelope; Retry-After is set by the plugin beforehand.
    errorResponseBuilder: (_request, context) => emulatorError('EMU_RATE_LIMITED', Math.ceil(context.ttl / 1000))
  })
  app.addHook('onSend', async (request, reply, payload) => {
    if (control.settings().resetHeader === 'epoch' && reply.hasHeader(RESET_HEADER)) {
      const resetAt = store.resetAt(keyOf(request))
      if (resetAt !== undefined) reply.header(RESET_HEADER, Math.ceil(resetAt / 1000))
    }
    return payload
  })
}, { name: 'rate-limit', dependencies: ['auth', 'runtime'] })
