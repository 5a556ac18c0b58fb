// The rate-limit windows (layers/rate-limit/clock-store.ts): counts per key, and ended windows swept as new keys
// arrive, so a server meeting a new address or key every few seconds for days holds only the running windows.
import t from 'tap'
import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import { createClock } from '../../../src/lib/clock.js'
import { createClockStore } from '../../../src/layers/rate-limit/clock-store.js'

/** One request of `key` (the plugin's default window, a minute). */
function incr (store: FastifyRateLimitStore, key: string): Promise<{ current: number, ttl: number }> {
  return new Promise((resolve, reject) => store.incr(key, (error, result) => error === null ? resolve(result!) : reject(error)))
}

t.test('a window counts the requests of its key until it ends', async (t) => {
  const clock = createClock(Date.UTC(2026, 0, 1))
  const windows = createClockStore(clock)
  const store = new windows.Store({} as never)
  t.same(await incr(store, 'a'), { current: 1, ttl: 60_000 })
  clock.advance(59_000)
  t.same(await incr(store, 'a'), { current: 2, ttl: 1000 })
  clock.advance(1000)
  t.same(await incr(store, 'a'), { current: 1, ttl: 60_000 }, 'a new window')
})

t.test('ended windows are swept: new keys every minute for a week hold only the running windows', async (t) => {
  const clock = createClock(Date.UTC(2026, 0, 1))
  const windows = createClockStore(clock)
  const store = new windows.Store({} as never)
  let most = 0
  // 100 new addresses a minute for a week: 1,008,000 keys, about 100 running at any time.
  for (let minute = 0; minute < 7 * 24 * 60; minute++) {
    for (let i = 0; i < 100; i++) await incr(store, `10.${minute}.${i}`)
    most = Math.max(most, windows.held())
    clock.advance(60_000)
  }
  t.ok(most <= 1024 + 100, `at most ${most} windows held`)
  t.ok(windows.held() <= 1024 + 100)
  const running = `10.${7 * 24 * 60 - 1}.0`
  clock.advance(-60_000 + 1)
  t.equal((await incr(store, running)).current, 2, 'a running window survives the sweeps')
})
