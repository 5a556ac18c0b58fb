// A @fastify/rate-limit store whose windows follow app.clock, so tests move time instead of waiting.
// Fixed windows per key, like the plugin's LocalStore: a window opens on a key's first request and lasts timeWindow.
// Ended windows are swept as new ones open, so a server that meets many addresses or keys over days keeps only the
// windows still running (at most about twice as many).
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Clock } from '../../lib/clock.js'

interface Window { count: number, startedAt: number, length: number }

export interface ClockStore {
  /** The class to pass as the plugin's `store` option. */
  Store: FastifyRateLimitStoreCtor
  /** When the key's current window ends (epoch ms); undefined when it has none. */
  resetAt (key: string): number | undefined
  /** Forgets every window: each key starts afresh on its next request. */
  clear (): void
  /** How many windows are held (ended ones not yet swept included). */
  held (): number
}

/** Windows held before the first sweep; after each sweep, twice what is still running (so sweeps cost O(1) per window). */
const FIRST_SWEEP_AT = 1024

export function createClockStore (clock: Clock): ClockStore {
  const windows = new Map<string, Window>()
  let sweepAt = FIRST_SWEEP_AT
  const sweep = (now: number): void => {
    for (const [key, window] of windows) if (window.startedAt + window.length <= now) windows.delete(key)
    sweepAt = Math.max(FIRST_SWEEP_AT, windows.size * 2)
  }

  class Store implements FastifyRateLimitStore {
    incr (key: string, callback: (error: Error | null, result?: { current: number, ttl: number }) => void, timeWindow = 60_000): void {
      const now = clock.now()
      let window = windows.get(key)
      if (window === undefined || window.startedAt + window.length <= now) {
        if (windows.size >= sweepAt) sweep(now)
        window = { count: 0, startedAt: now, length: timeWindow }
        windows.set(key, window)
      }
      window.count++
      callback(null, { current: window.count, ttl: window.startedAt + window.length - now })
    }

    // INFER: the service documents one limit per caller, not per route, so per-route stores share the windows.
    child (): FastifyRateLimitStore {
      return this
    }
  }

  return {
    Store,
    resetAt (key) {
      const window = windows.get(key)
      return window === undefined ? undefined : window.startedAt + window.length
    },
    clear: () => {
      windows.clear()
      sweepAt = FIRST_SWEEP_AT
    },
    held: () => windows.size
  }
}
