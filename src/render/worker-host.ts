// The render worker's lifecycle: started lazily, one job at a time, killed on timeout, restarted on next use.
import { Worker } from 'node:worker_threads'

/** What the worker is asked (see worker.mjs). */
export interface RenderJob { content: unknown, frameId?: string, padding: number, charWidthEm: number }
/** What it answers: an SVG, or why the scene could not be drawn. */
export type RenderAnswer = { svg: string } | { error: string }

/** The worker did not answer in time, died, or the host was closed: not the scene's fault (never cached). */
export class RenderHostError extends Error {
  constructor (message: string, readonly reason: 'timeout' | 'crash' | 'closed') {
    super(message)
    this.name = 'RenderHostError'
  }
}

export interface WorkerHost {
  run: (job: RenderJob, timeoutMs: number) => Promise<RenderAnswer>
  close: () => Promise<void>
  readonly running: boolean
  readonly starts: number
}

/** INFER: importing the 20 MB utils bundle takes ~1 s; a busy machine gets plenty more before we give up. */
const STARTUP_TIMEOUT_MS = 60_000
/** A pathological scene kills the worker (ERR_WORKER_OUT_OF_MEMORY), not the emulator. */
const WORKER_HEAP_MB = 1024

interface Current { id: number, resolve: (answer: RenderAnswer) => void, reject: (err: Error) => void }

type WorkerMessage = { type?: string, id?: number, svg?: unknown, error?: unknown }

class RenderWorkerHost implements WorkerHost {
  private worker: Worker | undefined
  private ready: Promise<Worker> | undefined
  private current: Current | undefined
  private queue: Promise<unknown> = Promise.resolve()
  private nextId = 1
  private startCount = 0
  private closed = false

  constructor (private readonly workerUrl: URL) {}

  get running (): boolean { return this.worker !== undefined }
  get starts (): number { return this.startCount }

  run (job: RenderJob, timeoutMs: number): Promise<RenderAnswer> {
    const result = this.queue.then(() => this.runOne(job, timeoutMs))
    this.queue = result.catch(() => undefined)
    return result
  }

  async close (): Promise<void> {
    this.closed = true
    const w = this.worker
    if (w === undefined) return
    this.discard(w, new RenderHostError('renderer is closed', 'closed'))
    await w.terminate()
  }

  /** Forgets a worker (if it is still the live one), fails the job in flight, and kills it. */
  private discard (w: Worker, err: RenderHostError): void {
    if (this.worker !== w) return
    this.worker = undefined
    this.ready = undefined
    this.current?.reject(err)
    this.current = undefined
    void w.terminate()
  }

  private spawn (): Promise<Worker> {
    // execArgv [] keeps the parent's loaders (tsx, test instrumentation) out: the worker is plain JS, and tsx
    // hooks alone add ~0.5–1 s to loading the 20 MB utils bundle.
    const w = new Worker(this.workerUrl, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } })
    this.worker = w
    this.startCount += 1
    return new Promise<Worker>((resolve, reject) => {
      const fail = (err: RenderHostError) => { clearTimeout(timer); reject(err); this.discard(w, err) }
      const timer = setTimeout(() => fail(new RenderHostError('render worker did not start in time', 'timeout')), STARTUP_TIMEOUT_MS)
      w.on('message', (msg: WorkerMessage) => {
        if (msg.type === 'ready') { clearTimeout(timer); resolve(w) } else this.answer(msg)
      })
      w.on('error', (err) => fail(new RenderHostError(`render worker failed: ${err.message}`, 'crash')))
      w.on('exit', (code) => fail(new RenderHostError(`render worker exited (code ${code})`, 'crash')))
    })
  }

  private answer (msg: WorkerMessage): void {
    const done = this.current
    if (done === undefined || msg.id !== done.id) return
    this.current = undefined
    done.resolve(typeof msg.svg === 'string' ? { svg: msg.svg } : { error: String(msg.error) })
  }

  /** One job on a ready worker; the clock starts when the job is posted, not while the worker boots. */
  private async runOne (job: RenderJob, timeoutMs: number): Promise<RenderAnswer> {
    if (this.closed) throw new RenderHostError('renderer is closed', 'closed')
    this.ready ??= this.spawn()
    const w = await this.ready
    w.ref()
    try {
      return await this.send(w, job, timeoutMs)
    } finally {
      if (this.worker === w) w.unref()
    }
  }

  private send (w: Worker, job: RenderJob, timeoutMs: number): Promise<RenderAnswer> {
    return new Promise<RenderAnswer>((resolve, reject) => {
      const id = this.nextId++
      const timer = setTimeout(() => this.discard(w, new RenderHostError(`render took longer than ${timeoutMs} ms`, 'timeout')), timeoutMs)
      const settle = <T>(fn: (v: T) => void) => (v: T) => { clearTimeout(timer); fn(v) }
      this.current = { id, resolve: settle(resolve), reject: settle(reject) }
      try {
        w.postMessage({ id, ...job })
      } catch (err) {
        this.current = undefined
        settle(resolve)({ error: `scene content cannot be sent to the renderer: ${(err as Error).message}` })
      }
    })
  }
}

/** The worker is not started here: the first run() starts it. */
export function createWorkerHost (workerUrl: URL): WorkerHost {
  return new RenderWorkerHost(workerUrl)
}
