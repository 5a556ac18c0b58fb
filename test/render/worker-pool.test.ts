// The render workers' pool with stand-in workers (fake-render-worker.mjs) and a hand-fired clock: a second worker
// only when the first is busy, a worker recycled when its heap grew past the cap, time limits, crashes, close.
// No assertion rests on how long anything takes.
import { runInNewContext } from 'node:vm'
import { Worker } from 'node:worker_threads'
import t, { type Test } from 'tap'
import { createWorkerHost, defaultWorkerCount, RenderHostError, RETIRE_TIMEOUT_MS, type Timers, type WorkerHost } from '../../src/render/worker-host.js'
import { until } from '../until.js'

const FAKE = new URL('./fake-render-worker.mjs', import.meta.url)
const NEVER_READY = new URL('./never-ready-worker.mjs', import.meta.url)
const MB = 1024 * 1024

/** Timers that fire only when the test says so; `armed` lists the delays of the ones waiting. */
function handTimers (): Timers & { armed: () => number[], fire: (ms: number) => void } {
  const waiting = new Map<number, { fn: () => void, ms: number }>()
  let next = 1
  return {
    setTimeout: (fn, ms) => { waiting.set(next, { fn, ms }); return next++ },
    clearTimeout: (handle) => { waiting.delete(handle as number) },
    armed: () => [...waiting.values()].map((timer) => timer.ms),
    fire (ms) {
      for (const [id, timer] of waiting) if (timer.ms === ms) { waiting.delete(id); timer.fn() }
    }
  }
}

const threadOf = (answer: unknown): string => /data-thread="(\d+)"/.exec((answer as { svg: string }).svg)?.[1] ?? 'none'
const job = (content: Record<string, unknown>) => ({ content, padding: 10, charWidthEm: 0.55 })

function pool (t: Test, options: Parameters<typeof createWorkerHost>[1]): WorkerHost {
  const host = createWorkerHost(FAKE, options)
  t.teardown(() => host.close())
  return host
}

t.test('a second worker starts only while the first is busy, and idle workers are reused', async (t) => {
  const host = pool(t, { workers: 2 })
  t.equal(host.running, 0, 'nothing starts before the first job')
  const [a, b] = await Promise.all([host.run(job({}), 30_000), host.run(job({}), 30_000)])
  t.not(threadOf(a), threadOf(b), 'two jobs at once ran on two workers')
  t.same({ running: host.running, starts: host.starts }, { running: 2, starts: 2 })
  const c = await host.run(job({}), 30_000)
  t.ok([threadOf(a), threadOf(b)].includes(threadOf(c)), 'a later job goes to a worker already running')
  t.equal(host.starts, 2)
})

t.test('with one worker, jobs wait their turn on it', async (t) => {
  const host = pool(t, { workers: 1 })
  const answers = await Promise.all([1, 2, 3].map(() => host.run(job({}), 30_000)))
  t.same(new Set(answers.map(threadOf)).size, 1, 'all on one thread')
  t.same({ running: host.running, starts: host.starts }, { running: 1, starts: 1 })
})

t.test('a worker whose heap grew past the cap is retired after its job; the next job starts a fresh one', async (t) => {
  const timers = handTimers()
  const host = pool(t, { workers: 1, recycleHeapBytes: 100 * MB, timers })
  const small = await host.run(job({ heapBytes: 60 * MB }), 30_000)
  t.same({ running: host.running, recycles: host.recycles }, { running: 1, recycles: 0 }, 'below the cap: kept')
  const big = await host.run(job({ heapBytes: 400 * MB }), 30_000)
  t.equal(threadOf(big), threadOf(small), 'the big job ran on the same worker and got its answer')
  t.same({ running: host.running, recycles: host.recycles }, { running: 0, recycles: 1 }, 'then that worker was ended')
  t.ok(timers.armed().includes(RETIRE_TIMEOUT_MS), 'with a limit on how long it may take to go')
  await until(() => host.retiring === 0, 'the retired worker to exit by itself')
  t.same(timers.armed(), [], 'it exited on its own: the limit is cleared')
  const after = await host.run(job({}), 30_000)
  t.not(threadOf(after), threadOf(big), 'a new worker draws the next picture')
  t.equal(host.starts, 2)
})

t.test('a retired worker that does not exit is killed at the limit; close ends one still retiring', async (t) => {
  const timers = handTimers()
  const host = pool(t, { workers: 1, recycleHeapBytes: 100 * MB, timers })
  await host.run(job({ heapBytes: 400 * MB, deaf: true }), 30_000)
  t.same({ running: host.running, retiring: host.retiring }, { running: 0, retiring: 1 }, 'retiring, not running')
  const next = await host.run(job({}), 30_000)
  t.ok('svg' in next, 'a new worker serves meanwhile')
  timers.fire(RETIRE_TIMEOUT_MS)
  await until(() => host.retiring === 0, 'the deaf worker to be killed')

  const closing = createWorkerHost(FAKE, { workers: 1, recycleHeapBytes: 100 * MB, timers: handTimers() })
  await closing.run(job({ heapBytes: 400 * MB, deaf: true }), 30_000)
  t.equal(closing.retiring, 1)
  await closing.close()
  t.equal(closing.retiring, 0, 'close waited for it to end')
})

t.test('a job past its time limit fails as a timeout and its worker is replaced', async (t) => {
  const timers = handTimers()
  const host = pool(t, { workers: 1, timers })
  const first = await host.run(job({}), 5_000)
  const stuck = host.run(job({ hang: true }), 5_000)
  await until(() => timers.armed().includes(5_000), 'the 5 s timer')
  timers.fire(5_000)
  const err = await stuck.catch((e: unknown) => e)
  t.ok(err instanceof RenderHostError && err.reason === 'timeout', 'reason timeout')
  t.match((err as Error).message, 'render took longer than 5000 ms')
  t.equal(host.running, 0, 'the stuck worker was killed')
  const next = await host.run(job({}), 5_000)
  t.not(threadOf(next), threadOf(first), 'the next job runs on a new worker')
  t.same(timers.armed(), [], 'no limit left armed after answers')
})

t.test('a worker that dies during a job fails it as a crash; one that never starts fails as start', async (t) => {
  const host = pool(t, { workers: 1 })
  const err = await host.run(job({ exit: true }), 30_000).catch((e: unknown) => e)
  t.ok(err instanceof RenderHostError && err.reason === 'crash', 'crash')
  t.match((err as Error).message, 'render worker exited (code 3)')
  t.ok('svg' in await host.run(job({}), 30_000), 'the next job gets a new worker')

  const timers = handTimers()
  const stalled = createWorkerHost(NEVER_READY, { workers: 1, timers })
  t.teardown(() => stalled.close())
  const waiting = stalled.run(job({}), 30_000)
  await until(() => timers.armed().length > 0, 'a timer')
  timers.fire(timers.armed()[0])
  const startErr = await waiting.catch((e: unknown) => e)
  t.ok(startErr instanceof RenderHostError && startErr.reason === 'start', 'start')
  t.match((startErr as Error).message, 'render worker did not start in time')
  t.equal(stalled.running, 0)
})

t.test('close ends the workers and fails jobs in flight and waiting', async (t) => {
  const timers = handTimers()
  const host = createWorkerHost(FAKE, { workers: 1, timers })
  await host.run(job({}), 30_000)
  // Caught at once: both fail during close(), before the loop below reads them.
  const inFlight = host.run(job({ hang: true }), 30_000).catch((e: unknown) => e)
  const queued = host.run(job({}), 30_000).catch((e: unknown) => e)
  await until(() => timers.armed().includes(30_000), 'the 30 s timer')
  await host.close()
  for (const [label, promise] of [['in flight', inFlight], ['waiting', queued]] as const) {
    const err = await promise
    t.ok(err instanceof RenderHostError && err.reason === 'closed', `${label}: closed`)
  }
  t.equal(host.running, 0)
  await t.rejects(host.run(job({}), 30_000), /renderer is closed/)
})

t.test('the default pool: one worker on two cores, more on larger machines, never more than four', async (t) => {
  t.same([1, 2, 3, 4, 8, 64].map((cores) => defaultWorkerCount(cores)), [1, 1, 1, 2, 4, 4])
})

t.test('the real worker, retired, exits 0 by itself and leaves gc unexposed to every other context', async (t) => {
  const worker = new Worker(new URL('../../src/render/worker.mjs', import.meta.url), { execArgv: [] })
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve))
  await new Promise((resolve) => worker.once('message', resolve))
  worker.postMessage({ type: 'retire' })
  t.equal(await exited, 0, 'it ended itself, cleanly')
  t.equal(runInNewContext('typeof gc'), 'undefined', 'the flag it turned on to reach the collector is off again')
})
