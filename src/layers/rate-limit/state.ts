// Rate-limit state: the settings in force and the windows of every key, on the emulator's clock.
// Written by PUT /_emulator/rate-limit (routes.ts) and reset, read by plugin.ts once per public request.
import type { Clock } from '../../lib/clock.js'
import type { PutRateLimitBody, RateLimitSettings, ResetHeaderMode } from '../../schemas/rate-limit.js'
import type { ControlPart } from '../control-part.js'
import { createClockStore, type ClockStore } from './clock-store.js'

/** The limit is "per minute". */
export const RATE_LIMIT_WINDOW_MS = 60_000
/**
 * INFER: whether the real X-RateLimit-Reset is "seconds until reset" or a Unix timestamp is not published
 * (some clients assume the timestamp). The service's other framework answers (the 413 body) are Fastify's defaults,
 * and @fastify/rate-limit's default is seconds until reset, so that is the default here; PUT /_emulator/rate-limit
 * `{"resetHeader": "epoch"}` switches to the timestamp so a client can be tested against both.
 */
export const DEFAULT_RESET_HEADER: ResetHeaderMode = 'seconds'

export interface RateLimitControl extends ControlPart {
  settings (): RateLimitSettings
  /** Replaces the settings (absent fields → start-up values) and starts every key's window afresh. */
  set (body: PutRateLimitBody): RateLimitSettings
  /** The windows of every key, on the emulator's clock (plugin.ts hands it to @fastify/rate-limit). */
  readonly store: ClockStore
}

export function createRateLimitControl (startLimit: number, clock: Clock): RateLimitControl {
  const store = createClockStore(clock)
  const initial = (): RateLimitSettings => ({ limit: startLimit, windowMs: RATE_LIMIT_WINDOW_MS, resetHeader: DEFAULT_RESET_HEADER })
  let settings = initial()
  return {
    store,
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
