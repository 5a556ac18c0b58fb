// Pacing under the service's documented 600 requests a minute: a sliding window of send times, so a short run
// is never slowed, a long one never sends more than `limit` in any `windowMs`; a 429's Retry-After pauses it all.
import { setTimeout as delay } from 'node:timers/promises'

/** 540 a minute: a tenth below the documented 600, for the clock skew between us and the service's window. */
export const DEFAULT_LIMIT = 540
export const WINDOW_MS = 60_000
/** The longest Retry-After we honour before giving up on a request. */
export const MAX_RETRY_AFTER_MS = 120_000

export interface PacerClock {
  now (): number
  sleep (ms: number, signal?: AbortSignal): Promise<void>
}

export const realClock: PacerClock = {
  now: () => Date.now(),
  sleep: async (ms, signal) => { await delay(ms, undefined, { signal }) }
}

export interface Pacer {
  /** Resolves when one more request may go out, and counts it as sent. */
  take (signal?: AbortSignal): Promise<void>
  /** Sends nothing before `untilMs` (a 429's Retry-After). */
  pauseUntil (untilMs: number): void
  /** Requests counted so far. */
  sent (): number
}

export function createPacer (limit = DEFAULT_LIMIT, windowMs = WINDOW_MS, clock: PacerClock = realClock): Pacer {
  const times: number[] = []
  let pausedUntil = 0
  let total = 0
  /** How long to wait before the next request may go; 0 when it may go now. */
  const waitFor = (now: number): number => {
    while (times.length > 0 && times[0] <= now - windowMs) times.shift()
    const windowWait = times.length < limit ? 0 : times[0] + windowMs - now
    return Math.max(windowWait, pausedUntil - now, 0)
  }
  return {
    async take (signal) {
      for (let wait = waitFor(clock.now()); wait > 0; wait = waitFor(clock.now())) await clock.sleep(wait, signal)
      times.push(clock.now())
      total++
    },
    pauseUntil (untilMs) { pausedUntil = Math.max(pausedUntil, untilMs) },
    sent: () => total
  }
}

/** Retry-After in ms: delta seconds or an HTTP date; 1 s when absent or unreadable (a 429 always waits a little). */
export function retryAfterMs (header: string | undefined, now: number): number {
  if (header === undefined || header.trim() === '') return 1000
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(header)
  return Number.isFinite(date) ? Math.max(0, date - now) : 1000
}
