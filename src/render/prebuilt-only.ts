// The renderer of an install without (some of) the renderer's packages, e.g. the package alone: the pictures drawn
// at build (prerendered.ts) for content unchanged since, SVG and PNG, and for anything else a picture that names the
// missing packages and the command installing them. Nothing here needs jsdom, @excalidraw/utils or resvg; a PNG
// in a smaller box needs resvg and the hand-drawn fonts (which @excalidraw/utils ships): drawn from the build's SVG,
// or the build's PNG shrunk where only that was stored; without them it is the build's PNG at its size, and a PNG
// the build did not draw at all (another padding, other content) is the pre-generated "packages needed" one.
import { createLru, type LruCache } from './lru.js'
import { packagesNeededSvg } from './pictures.js'
import { pngWidth } from './png-pack.js'
import { loadPrerendered, PRERENDERED_FILE, type PrerenderedPictures } from './prerendered.js'
import {
  contentOf, DEFAULT_CACHE_BYTES, DEFAULT_CACHE_ENTRIES, paddingOf, pictureKey,
  type PngOptions, type RenderableScene, type SceneSource, type RendererStats, type SceneRenderer, type SvgOptions
} from './contract.js'

export interface PrebuiltOnlyOptions {
  /** The renderer's packages that do not resolve. */
  missing: readonly string[]
  /** The command that installs them all. */
  install: string
  /** The PNG of the "packages needed" picture, drawn at generation (this install may not be able to draw it). */
  neededPng: Buffer
  /** What stats() answers besides the hits (nothing is drawn live). */
  baseStats: RendererStats
  /** The build's record (default: the file `npm run build` writes into dist/); false: none. */
  prerendered?: string | false
  /** The PNG cache's bounds (RendererOptions'). */
  cacheEntries?: number
  cacheBytes?: number
}

/** A PNG in the default box is the one asked for when the width asked leaves it as it is (png.ts never enlarges). */
function fitsWidth (png: Buffer, maxWidth: number | undefined): boolean {
  return maxWidth === undefined || !Number.isFinite(maxWidth) || maxWidth < 1 || Math.floor(maxWidth) >= pngWidth(png)
}

/** What the renderer holds between pictures: the build's record, what this install can draw, its PNG cache. */
interface PrebuiltState {
  options: PrebuiltOnlyOptions
  built: PrerenderedPictures
  /** The "packages needed" picture as SVG (drawn to PNG here only where resvg is installed). */
  needed: string
  /** resvg and the fonts (@excalidraw/utils ships them) are installed: a PNG in another box can be drawn here. */
  canConvert: boolean
  pngs: LruCache<Buffer>
  prerenderedHits: number
  closed: boolean
}

function assertOpen (state: PrebuiltState): void {
  if (state.closed) throw new Error('renderer is closed')
}

/** The build's drawing of exactly this content, if there is one. */
function prebuiltSvg (state: PrebuiltState, content: RenderableScene, opts: SvgOptions): string | undefined {
  const svg = state.built.lookup(content, opts.frameId ?? undefined, paddingOf(opts.padding))
  if (svg !== undefined) state.prerenderedHits += 1
  return svg
}

/**
 * A PNG in a box the build did not store, drawn here by resvg: from the build's SVG of this content and padding,
 * else from the build's PNG shrunk (take_screenshot's padding is stored as PNG only), else the card.
 */
async function drawnPng (state: PrebuiltState, content: RenderableScene, opts: PngOptions, stored: Buffer | undefined): Promise<Buffer> {
  const { svgToPng, scalePng } = await import('./png.js')
  const svg = prebuiltSvg(state, content, opts)
  if (svg !== undefined) return await svgToPng(svg, { maxWidth: opts.maxWidth })
  if (stored === undefined) return await svgToPng(state.needed, { maxWidth: opts.maxWidth })
  state.prerenderedHits += 1
  return await scalePng(stored, { maxWidth: opts.maxWidth })
}

/**
 * The build's PNG of exactly this content when it is the one asked for (no maxWidth, or one it fits), or when
 * nothing here can draw another; else drawn here (drawnPng). FIDELITY: without resvg a maxWidth below the build's
 * picture is not applied: the drawing at its build size (at most 1920 × 1080) beats a card saying what to install.
 */
async function renderPng (state: PrebuiltState, source: SceneSource, opts: PngOptions): Promise<Buffer> {
  assertOpen(state)
  const key = pictureKey('png', opts)
  const hit = key === undefined ? undefined : state.pngs.get(key)
  if (hit !== undefined) return Buffer.from(hit)
  // Read before anything is awaited (contract.ts SceneSource).
  const content = contentOf(source)
  const stored = await state.built.lookupPng(content, opts.frameId ?? undefined, paddingOf(opts.padding))
  const asked = stored !== undefined && (!state.canConvert || fitsWidth(stored, opts.maxWidth))
  if (!asked && !state.canConvert) return Buffer.from(state.options.neededPng)
  if (asked) state.prerenderedHits += 1
  const png = asked ? stored : await drawnPng(state, content, opts, stored)
  if (key !== undefined) state.pngs.set(key, png)
  return Buffer.from(png)
}

export function createPrebuiltOnlyRenderer (options: PrebuiltOnlyOptions): SceneRenderer {
  const state: PrebuiltState = {
    options,
    built: loadPrerendered(options.prerendered === false ? undefined : options.prerendered ?? PRERENDERED_FILE),
    needed: packagesNeededSvg(options.missing, options.install),
    canConvert: !options.missing.includes('@resvg/resvg-js') && !options.missing.includes('@excalidraw/utils'),
    pngs: createLru<Buffer>(options.cacheEntries ?? DEFAULT_CACHE_ENTRIES, options.cacheBytes ?? DEFAULT_CACHE_BYTES, (png) => png.length),
    prerenderedHits: 0,
    closed: false
  }
  const { pngs } = state
  return {
    renderSvg: async (source, opts = {}) => { assertOpen(state); return prebuiltSvg(state, contentOf(source), opts) ?? state.needed },
    renderPng: async (content, opts = {}) => await renderPng(state, content, opts),
    clearCache: () => pngs.clear(),
    close: async () => { state.closed = true; pngs.clear() },
    stats: () => ({ ...options.baseStats, prerenderedHits: state.prerenderedHits, cacheEntries: pngs.size, cacheBytes: pngs.bytes })
  }
}
