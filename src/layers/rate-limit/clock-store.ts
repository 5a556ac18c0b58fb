// A @fastify/rate-limit store whose windows follow app.clock, so tests move time instead of waiting.
// Fixed windows per key, like the plugin's LocalStore: a window opens on a key's first request and lasts timeWindow.
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
}

export function createClockStore (clock: Clock): ClockStore {
  const windows = new Map<string, Window>()

  class Store implements FastifyRateLimitStore {
    incr (key: string, callback: (error: Error | null, result?: { current: number, ttl: number }) => void, timeWindow = 60_000): void {
      const now = clock.now()
      let window = windows.get(key)
      if (window === undefined || window.startedAt + window.length <= now) {
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
    clear: () => windows.clear()
  }
}
