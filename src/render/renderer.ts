// Scene renderer: SVG from lazily started jsdom workers running @excalidraw/utils (or drawn at build, for the bundled
// fixtures), PNG via resvg; LRU-cached, one render shared by every concurrent caller of a picture, and a picture
// whose render timed out or crashed its worker remembered as its error picture until the scene changes.
import { CHAR_WIDTH_EM } from '../content/text-metrics.js'
import {
  contentOf, DEFAULT_CACHE_BYTES, DEFAULT_CACHE_ENTRIES, paddingOf, pictureKey, type PngOptions, type RenderableScene,
  type SceneSource, type RendererOptions, type RendererStats, type SceneRenderer, type SvgOptions
} from './contract.js'
import { createLru, type LruCache } from './lru.js'
import { errorSvg, placeholderSvg } from './pictures.js'
import { svgToPng } from './png.js'
import { loadPrerendered, PRERENDERED_FILE, type PrerenderedPictures } from './prerendered.js'
import { createSharing, type Sharing } from './sharing.js'
import { createWorkerHost, RenderHostError, type RenderAnswer, type Timers, type WorkerHost } from './worker-host.js'

export { isRendererPicture } from './pictures.js'
export { PNG_FONT_FILES, PNG_MAX_HEIGHT, PNG_MAX_WIDTH } from './png.js'
export type { RenderableScene } from './contract.js'

/** What tests replace: the workers (a fake host) and the clock of the workers' time limits. */
export interface RendererSeams { host?: WorkerHost, timers?: Timers }

const DEFAULT_TIMEOUT_MS = 10_000
/** Scene versions whose render timed out or crashed, each answered with its error picture until the scene changes. */
const REMEMBERED_FAILURES = 200
const WORKER_URL = new URL('./worker.mjs', import.meta.url)

type Picture = string | Buffer
interface Drawn { svg: string, ok: boolean }
type Counters = Pick<RendererStats, 'renders' | 'prerenderedHits' | 'rememberedFailures' | 'failures' | 'timeouts' | 'cacheHits' | 'lastError'>

/** A missing, zero or non-finite timeout would kill every render; such values mean the 10 s default. */
function timeoutOf (timeoutMs: number | undefined, fallback: number): number {
  return timeoutMs !== undefined && Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : fallback
}

/** Turns the worker's answer or a host failure into an SVG; `ok` says whether it may be cached. */
function pictureOf (answer: RenderAnswer | RenderHostError): Drawn & { error?: string } {
  if (answer instanceof RenderHostError) return { svg: errorSvg(answer.message), ok: false, error: answer.message }
  if ('error' in answer) return { svg: errorSvg(answer.error), ok: false, error: answer.error }
  return { svg: answer.svg, ok: true }
}

/** A render that timed out or killed its worker would do it again: the scene, not the machine, is the cause. */
const causedByScene = (answer: RenderAnswer | RenderHostError): boolean =>
  answer instanceof RenderHostError && (answer.reason === 'timeout' || answer.reason === 'crash')

class Renderer implements SceneRenderer {
  private readonly cache: LruCache<Picture>
  private readonly failed = createLru<string>(REMEMBERED_FAILURES, Number.MAX_SAFE_INTEGER, () => 1)
  private readonly svgs: Sharing<Drawn> = createSharing()
  private readonly pngs: Sharing<Buffer> = createSharing()
  private readonly host: WorkerHost | undefined
  private prerendered: PrerenderedPictures | undefined
  private readonly counters: Counters = { renders: 0, prerenderedHits: 0, rememberedFailures: 0, failures: 0, timeouts: 0, cacheHits: 0 }
  private closed = false
  private readonly options: RendererOptions

  constructor (options: RendererOptions, seams: RendererSeams) {
    this.options = options
    this.cache = createLru<Picture>(options.cacheEntries ?? DEFAULT_CACHE_ENTRIES, options.cacheBytes ?? DEFAULT_CACHE_BYTES,
      (p) => typeof p === 'string' ? p.length * 2 : p.length)
    this.host = !options.enabled
      ? undefined
      : seams.host ?? createWorkerHost(WORKER_URL, { workers: options.workers, recycleHeapBytes: options.recycleHeapBytes, timers: seams.timers })
  }

  async renderSvg (source: SceneSource, opts: SvgOptions = {}): Promise<string> {
    return (await this.drawSvg(source, opts)).svg
  }

  async renderPng (source: SceneSource, opts: PngOptions = {}): Promise<Buffer> {
    if (this.closed) throw new RenderHostError('renderer is closed', 'closed')
    if (this.host === undefined) return await svgToPng(placeholderSvg(), { maxWidth: opts.maxWidth })
    const key = pictureKey('png', opts)
    const hit = this.cached<Buffer>(key)
    if (hit !== undefined) return hit
    // Read before anything is awaited (contract.ts SceneSource).
    const content = contentOf(source)
    return await this.pngs.run(key, async () => {
      const { svg, ok } = await this.drawSvg(content, opts)
      const png = await this.toPng(svg, opts.maxWidth)
      if (ok && key !== undefined) this.cache.set(key, png)
      return png
    })
  }

  clearCache (): void {
    this.cache.clear()
    this.failed.clear()
  }

  async close (): Promise<void> {
    this.closed = true
    this.clearCache()
    await this.host?.close()
  }

  stats (): RendererStats {
    const running = this.host?.running ?? 0
    return {
      enabled: this.options.enabled,
      workerRunning: running > 0,
      workersRunning: running,
      workerStarts: this.host?.starts ?? 0,
      workerRecycles: this.host?.recycles ?? 0,
      sharedRenders: this.svgs.joined + this.pngs.joined,
      ...this.counters,
      cacheEntries: this.cache.size,
      cacheBytes: this.cache.bytes
    }
  }

  private cached<T extends Picture> (key: string | undefined): T | undefined {
    const hit = key === undefined ? undefined : this.cache.get(key) as T | undefined
    if (hit !== undefined) this.counters.cacheHits += 1
    return hit
  }

  /** The SVG and whether it is the scene's own drawing (only those are cached, here and as PNG). */
  private async drawSvg (source: SceneSource, opts: SvgOptions): Promise<Drawn> {
    if (this.closed) throw new RenderHostError('renderer is closed', 'closed')
    if (this.host === undefined) return { svg: placeholderSvg(), ok: false }
    const key = pictureKey('svg', opts)
    const hit = this.cached<string>(key)
    if (hit !== undefined) return { svg: hit, ok: true }
    const failed = key === undefined ? undefined : this.failed.get(key)
    if (failed !== undefined) {
      this.counters.rememberedFailures += 1
      return { svg: failed, ok: false }
    }
    const host = this.host
    // Read before anything is awaited (contract.ts SceneSource).
    const content = contentOf(source)
    return await this.svgs.run(key, async () => await this.freshSvg(host, content, opts, key))
  }

  /** The build's picture of exactly this content, else a worker's drawing (or the error picture it led to). */
  private async freshSvg (host: WorkerHost, content: RenderableScene, opts: SvgOptions, key: string | undefined): Promise<Drawn> {
    const padding = paddingOf(opts.padding)
    this.prerendered ??= loadPrerendered(this.options.prerendered === false ? undefined : this.options.prerendered ?? PRERENDERED_FILE)
    const built = this.prerendered.lookup(content, opts.frameId ?? undefined, padding)
    if (built !== undefined) {
      this.counters.prerenderedHits += 1
      if (key !== undefined) this.cache.set(key, built)
      return { svg: built, ok: true }
    }
    this.counters.renders += 1
    const job = { content, frameId: opts.frameId ?? undefined, padding, charWidthEm: CHAR_WIDTH_EM }
    const answer = await host.run(job, timeoutOf(opts.timeoutMs, timeoutOf(this.options.timeoutMs, DEFAULT_TIMEOUT_MS))).catch((err: unknown) => {
      if (err instanceof RenderHostError && err.reason !== 'closed') return err
      throw err
    })
    const picture = pictureOf(answer)
    if (picture.error !== undefined) this.noteFailure(picture.error, answer instanceof RenderHostError && answer.reason === 'timeout')
    if (key !== undefined && picture.ok) this.cache.set(key, picture.svg)
    if (key !== undefined && causedByScene(answer)) this.failed.set(key, picture.svg)
    return { svg: picture.svg, ok: picture.ok }
  }

  private noteFailure (message: string, timedOut: boolean): void {
    this.counters.failures += 1
    if (timedOut) this.counters.timeouts += 1
    this.counters.lastError = message
  }

  /** resvg failing on our own sanitised SVG is unexpected; the error picture still goes out as PNG. */
  private async toPng (svg: string, maxWidth: number | undefined): Promise<Buffer> {
    try {
      return await svgToPng(svg, { maxWidth })
    } catch (err) {
      const message = `PNG conversion failed: ${(err as Error).message}`
      this.noteFailure(message, false)
      return await svgToPng(errorSvg(message), { maxWidth })
    }
  }
}

/** Nothing heavy happens here: a worker starts with the first render that needs one (never, when disabled). */
export function createRenderer (options: RendererOptions, seams: RendererSeams = {}): SceneRenderer {
  return new Renderer(options, seams)
}
