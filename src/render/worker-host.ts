// The render workers: a small pool started lazily (a second worker only when the first is busy), one job per worker
// at a time, a worker killed on timeout, and one whose heap grew past a cap ended after its job (recycled: it gives
// its memory back and exits), so a huge scene's memory goes back to the system instead of staying with an idle worker.
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'

/** What a worker is asked (see worker.mjs). */
export interface RenderJob { content: unknown, frameId?: string, padding: number, charWidthEm: number }
/** What it answers: an SVG, or why the scene could not be drawn. */
export type RenderAnswer = { svg: string } | { error: string }

/**
 * No answer: the job took too long (`timeout`) or its worker died while drawing it (`crash`, e.g. out of memory),
 * both caused by the scene; a worker could not start (`start`) or the host was closed (`closed`).
 */
export class RenderHostError extends Error {
  readonly reason: 'timeout' | 'crash' | 'start' | 'closed'
  constructor (message: string, reason: 'timeout' | 'crash' | 'start' | 'closed') {
    super(message)
    this.reason = reason
    this.name = 'RenderHostError'
  }
}

/** The clock the host's time limits run on; tests give their own to fire a limit without waiting for it. */
export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

export interface HostOptions {
  /** Most workers at once (default: defaultWorkerCount()). */
  workers?: number
  /** A worker whose V8 heap holds more than this after a job is ended; the next job starts a fresh one. */
  recycleHeapBytes?: number
  timers?: Timers
}

export interface WorkerHost {
  run: (job: RenderJob, timeoutMs: number) => Promise<RenderAnswer>
  close: () => Promise<void>
  /** Workers alive now. */
  readonly running: number
  readonly starts: number
  /** Workers ended after a job because their heap had grown past the cap. */
  readonly recycles: number
  /** Recycled workers still giving their memory back before they exit. */
  readonly retiring: number
}

/** INFER: importing the 20 MB utils bundle takes ~1 s; a busy machine gets plenty more before we give up. */
const STARTUP_TIMEOUT_MS = 60_000
/** A pathological scene kills the worker (ERR_WORKER_OUT_OF_MEMORY), not the emulator. */
const WORKER_HEAP_MB = 1024
/** A warm worker's heap is 60-90 MB after any fixture scene; a 10,000-element scene leaves it near 400 MB. */
export const DEFAULT_RECYCLE_HEAP_BYTES = 192 * 1024 * 1024
/** A recycled worker's last collection takes well under a second even for that heap; past this it is killed. */
export const RETIRE_TIMEOUT_MS = 10_000
const NODE_TIMERS: Timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) }

/**
 * One worker per two cores beyond the first two, at most four: a second worker on a 2-core machine competes with
 * the event loop and the first worker for the same cores (measured with `npm run bench`, docs/performance.md).
 */
export function defaultWorkerCount (cores = availableParallelism()): number {
  return Math.min(4, Math.max(1, Math.floor(cores / 2)))
}

interface Pending { id: number, resolve: (answer: RenderAnswer) => void, reject: (err: Error) => void }
type WorkerMessage = { type?: string, id?: number, svg?: unknown, error?: unknown, heapBytes?: unknown }

/** A place for one worker: empty until a job needs it, emptied again on timeout, crash or recycling. */
interface Slot { worker?: Worker, ready?: Promise<Worker>, pending?: Pending, heapBytes: number, busy: boolean }

class RenderWorkerPool implements WorkerHost {
  private readonly slots: Slot[]
  private readonly waiting: Array<(slot: Slot | undefined) => void> = []
  private readonly retiringWorkers = new Set<Worker>()
  private readonly timers: Timers
  private readonly recycleHeapBytes: number
  private nextId = 1
  private startCount = 0
  private recycleCount = 0
  private closed = false
  private readonly workerUrl: URL

  constructor (workerUrl: URL, options: HostOptions) {
    this.workerUrl = workerUrl
    const size = Math.max(1, Math.floor(options.workers ?? defaultWorkerCount()))
    this.slots = Array.from({ length: size }, () => ({ heapBytes: 0, busy: false }))
    this.timers = options.timers ?? NODE_TIMERS
    this.recycleHeapBytes = options.recycleHeapBytes ?? DEFAULT_RECYCLE_HEAP_BYTES
  }

  get running (): number { return this.slots.filter((slot) => slot.worker !== undefined).length }
  get starts (): number { return this.startCount }
  get recycles (): number { return this.recycleCount }
  get retiring (): number { return this.retiringWorkers.size }

  async run (job: RenderJob, timeoutMs: number): Promise<RenderAnswer> {
    const slot = await this.acquire()
    try {
      return await this.runOn(slot, job, timeoutMs)
    } finally {
      this.release(slot)
    }
  }

  async close (): Promise<void> {
    this.closed = true
    this.waiting.splice(0).forEach((wake) => wake(undefined))
    await Promise.all(this.slots.map(async (slot) => {
      const w = slot.worker
      if (w === undefined) return
      this.discard(slot, w, new RenderHostError('renderer is closed', 'closed'))
      await w.terminate()
    }))
    await Promise.all([...this.retiringWorkers].map(async (w) => {
      await w.terminate()
      this.retiringWorkers.delete(w)
    }))
  }

  /** An idle live worker first, then an empty place (a new worker), else the first one to come free. */
  private async acquire (): Promise<Slot> {
    if (this.closed) throw new RenderHostError('renderer is closed', 'closed')
    const free = this.slots.find((slot) => !slot.busy && slot.worker !== undefined) ?? this.slots.find((slot) => !slot.busy)
    const slot = free ?? await new Promise<Slot | undefined>((resolve) => this.waiting.push(resolve))
    if (slot === undefined) throw new RenderHostError('renderer is closed', 'closed')
    slot.busy = true
    return slot
  }

  /** Hands the place straight to the next job waiting (it stays busy, so no newcomer slips in between). */
  private release (slot: Slot): void {
    const next = this.waiting.shift()
    if (next !== undefined) next(slot)
    else slot.busy = false
  }

  /** One job on the slot's worker, started if needed; the clock starts when the job is posted, not during boot. */
  private async runOn (slot: Slot, job: RenderJob, timeoutMs: number): Promise<RenderAnswer> {
    if (this.closed) throw new RenderHostError('renderer is closed', 'closed')
    slot.ready ??= this.spawn(slot)
    const w = await slot.ready
    if (this.closed) throw new RenderHostError('renderer is closed', 'closed')
    w.ref()
    try {
      const answer = await this.send(slot, w, job, timeoutMs)
      if (slot.heapBytes > this.recycleHeapBytes) this.recycle(slot, w)
      return answer
    } finally {
      if (slot.worker === w) w.unref()
    }
  }

  private spawn (slot: Slot): Promise<Worker> {
    // execArgv [] keeps the parent's loaders (tsx in npm run dev, the test runner's hooks) out: the worker is plain
    // JS, and tsx's hooks alone added ~0.5–1 s to loading the 20 MB utils bundle.
    const w = new Worker(this.workerUrl, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } })
    slot.worker = w
    slot.heapBytes = 0
    this.startCount += 1
    let started = false
    return new Promise<Worker>((resolve, reject) => {
      const fail = (message: string) => {
        const err = new RenderHostError(message, started ? 'crash' : 'start')
        this.timers.clearTimeout(timer)
        reject(err)
        this.discard(slot, w, err)
      }
      const timer = this.timers.setTimeout(() => fail('render worker did not start in time'), STARTUP_TIMEOUT_MS)
      w.on('message', (msg: WorkerMessage) => {
        if (msg.type !== 'ready') return this.answer(slot, msg)
        started = true
        this.timers.clearTimeout(timer)
        resolve(w)
      })
      w.on('error', (err) => fail(`render worker failed: ${err.message}`))
      w.on('exit', (code) => fail(`render worker exited (code ${code})`))
    })
  }

  private answer (slot: Slot, msg: WorkerMessage): void {
    const done = slot.pending
    if (done === undefined || msg.id !== done.id) return
    slot.pending = undefined
    if (typeof msg.heapBytes === 'number') slot.heapBytes = msg.heapBytes
    done.resolve(typeof msg.svg === 'string' ? { svg: msg.svg } : { error: String(msg.error) })
  }

  private send (slot: Slot, w: Worker, job: RenderJob, timeoutMs: number): Promise<RenderAnswer> {
    return new Promise<RenderAnswer>((resolve, reject) => {
      const id = this.nextId++
      const timer = this.timers.setTimeout(() => this.discard(slot, w, new RenderHostError(`render took longer than ${timeoutMs} ms`, 'timeout')), timeoutMs)
      const settle = <T>(fn: (v: T) => void) => (v: T) => { this.timers.clearTimeout(timer); fn(v) }
      slot.pending = { id, resolve: settle(resolve), reject: settle(reject) }
      try {
        w.postMessage({ id, ...job })
      } catch (err) {
        slot.pending = undefined
        settle(resolve)({ error: `scene content cannot be sent to the renderer: ${(err as Error).message}` })
      }
    })
  }

  /**
   * Ends a worker whose job is done: it is asked to give its memory back and exit (terminate() alone would leave its
   * freed pages pooled, worker.mjs retire()), and killed if it has not within RETIRE_TIMEOUT_MS. The slot starts a
   * new worker when next needed; the one retiring keeps no job and not the process alive.
   */
  private recycle (slot: Slot, w: Worker): void {
    this.recycleCount += 1
    this.forget(slot, w)
    this.retiringWorkers.add(w)
    w.unref()
    const timer = this.timers.setTimeout(() => void w.terminate(), RETIRE_TIMEOUT_MS)
    ;(timer as { unref?: () => void }).unref?.()
    w.once('exit', () => {
      this.timers.clearTimeout(timer)
      this.retiringWorkers.delete(w)
    })
    w.postMessage({ type: 'retire' })
  }

  /** Forgets a worker (if it is still the slot's), fails the job in flight, and kills it. */
  private discard (slot: Slot, w: Worker, err: RenderHostError): void {
    if (slot.worker !== w) return
    const pending = slot.pending
    this.forget(slot, w)
    pending?.reject(err)
    void w.terminate()
  }

  private forget (slot: Slot, w: Worker): void {
    if (slot.worker !== w) return
    slot.worker = undefined
    slot.ready = undefined
    slot.pending = undefined
    slot.heapBytes = 0
  }
}

/** No worker is started here: the first run() starts one, a second only when a job finds the first busy. */
export function createWorkerHost (workerUrl: URL, options: HostOptions = {}): WorkerHost {
  return new RenderWorkerPool(workerUrl, options)
}
