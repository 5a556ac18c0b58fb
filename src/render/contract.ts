// What every scene renderer takes and answers: the worker-backed one (renderer.ts) and the one of an install
// without the renderer's packages (prebuilt-only.ts) implement the same SceneRenderer, and the app, the demo page
// and the MCP tools see only this, and the one way a picture's cache key is made: a scene's identity plus the bounds.
import { identityOfText, type SceneIdentity } from '../lib/scene-identity.js'
import type { FileRecord, StoredAppState } from '../schemas/scene-content.js'

export interface RendererOptions {
  /** false: every picture is a neutral "rendering is off" placeholder and no worker is ever started. */
  enabled: boolean
  /**
   * Longest one render may take once its worker is up; then the worker is killed (a new one starts on next use)
   * and the picture answers its error picture until the scene changes.
   */
  timeoutMs: number
  /** Most pictures kept (default 200); 0 turns the cache off. */
  cacheEntries?: number
  /** Most bytes kept across cached pictures (default 64 MiB). */
  cacheBytes?: number
  /** Workers drawing at once (default: one per two cores, at most four; a second only starts when the first is busy). */
  workers?: number
  /** A worker whose heap holds more than this after a job is ended (default 192 MiB). */
  recycleHeapBytes?: number
  /** The build's pre-rendered pictures (default: the file `npm run build` writes into dist/); false: none. */
  prerendered?: string | false
}

/** A scene-content document (GET /scenes/{id}/content or a fixture file); only these fields are read. */
export interface RenderableScene {
  type?: string
  version?: number
  elements: readonly unknown[]
  appState?: Partial<StoredAppState>
  files?: Record<string, FileRecord>
}

export type { SceneIdentity } from '../lib/scene-identity.js'

/**
 * A scene's content, or what reads it: a renderer calls it only when the picture is not in its cache, at most once,
 * and before it awaits anything, so content read in the caller's synchronous run is what the identity it passes
 * with it, made in the same run, names (no write can fall between them). A cached picture then costs no read.
 */
export type SceneSource = RenderableScene | (() => RenderableScene)

/** The content of a source, read now. */
export function contentOf (source: SceneSource): RenderableScene {
  return typeof source === 'function' ? source() : source
}

/**
 * The identity of this content's drawing (lib/scene-identity.ts): for content held as objects; a stored scene's is
 * made from its stored text by the content service (services/scene-content.ts `identity`), the same for the same
 * drawing, so the page, take_screenshot and a caller holding objects share one picture.
 */
export function sceneIdentity (content: RenderableScene): SceneIdentity {
  return identityOfText({
    elementsJson: JSON.stringify(content.elements), background: content.appState?.viewBackgroundColor ?? null, files: content.files ?? null
  })
}

/** What a picture shows of its scene besides the drawing: the frame and the padding (PngOptions: and the width). */
export interface SvgOptions {
  /** Draw only this frame (clipped to it, as the editor's frame export); an unknown id gives an error picture. */
  frameId?: string | null
  /** Space around the drawing in scene units (default 10, the editor's export padding; clamped to 0–500). */
  padding?: number
  /** The drawing's identity (`sceneIdentity` of the content passed); no identity, no caching. */
  scene?: SceneIdentity
  /** Overrides the renderer's timeoutMs for this call. */
  timeoutMs?: number
}

export interface PngOptions extends SvgOptions {
  /** Width limit in pixels, itself capped at 1920; the height limit is 1080. Pictures are never enlarged. */
  maxWidth?: number
}

export interface RendererStats {
  enabled: boolean
  workerRunning: boolean
  workersRunning: number
  workerStarts: number
  /** Workers ended after a job because their heap had grown past the cap. */
  workerRecycles: number
  /** Pictures drawn by a worker. */
  renders: number
  /** Pictures served from the build's pre-rendered ones. */
  prerenderedHits: number
  /** Callers that waited for a render (or PNG conversion) another caller had started. */
  sharedRenders: number
  /** Answers that were a remembered error picture (a render of this scene version timed out or crashed). */
  rememberedFailures: number
  failures: number
  timeouts: number
  cacheHits: number
  cacheEntries: number
  cacheBytes: number
  lastError?: string
}

export interface SceneRenderer {
  /** Always resolves with an SVG document (the drawing, a placeholder or an error picture); rejects only after close(). */
  renderSvg: (content: SceneSource, options?: SvgOptions) => Promise<string>
  /** The same picture as PNG bytes, fitted into min(maxWidth ?? 1920, 1920) × 1080. */
  renderPng: (content: SceneSource, options?: PngOptions) => Promise<Buffer>
  clearCache: () => void
  /** Terminates the worker; later renders reject. */
  close: () => Promise<void>
  stats: () => RendererStats
}

/** The picture caches' bounds when the options give none (RendererOptions cacheEntries, cacheBytes). */
export const DEFAULT_CACHE_ENTRIES = 200
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024

/** A picture's cache key, the only one: its format, the drawing's identity, the frame, the padding and (PNG) the width. */
export function pictureKey (kind: 'svg' | 'png', opts: PngOptions): string | undefined {
  if (opts.scene === undefined) return undefined
  const key = `${kind}|${opts.scene.drawn}|${opts.frameId ?? ''}|${paddingOf(opts.padding)}`
  return kind === 'png' ? `${key}|${opts.maxWidth ?? ''}` : key
}

/** The editor's DEFAULT_EXPORT_PADDING. */
const DEFAULT_PADDING = 10
const MAX_PADDING = 500

/** The padding a picture is drawn with: the default when none or not a number, else clamped to 0–500. */
export function paddingOf (padding: number | undefined): number {
  return padding !== undefined && Number.isFinite(padding) ? Math.min(Math.max(padding, 0), MAX_PADDING) : DEFAULT_PADDING
}
