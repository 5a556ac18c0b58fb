// The renderer of an install without (some of) the renderer's packages, e.g. the package alone: the pictures drawn
// at build (prerendered.ts) for content unchanged since, SVG and PNG, and for anything else a picture that names the
// missing packages and the command installing them. Nothing here needs jsdom, @excalidraw/utils or resvg; a PNG
// the build did not draw (another size, another padding) needs resvg and the hand-drawn fonts (which
// @excalidraw/utils ships), else it is the pre-generated "packages needed" one.
import { createLru } from './lru.js'
import { packagesNeededSvg } from './pictures.js'
import { pngWidth } from './png-pack.js'
import { loadPrerendered, PRERENDERED_FILE } from './prerendered.js'
import { DEFAULT_CACHE_BYTES, DEFAULT_CACHE_ENTRIES, paddingOf, pictureKey, type PngOptions, type RenderableScene, type RendererStats, type SceneRenderer, type SvgOptions } from './contract.js'

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

export function createPrebuiltOnlyRenderer (options: PrebuiltOnlyOptions): SceneRenderer {
  const built = loadPrerendered(options.prerendered === false ? undefined : options.prerendered ?? PRERENDERED_FILE)
  const needed = packagesNeededSvg(options.missing, options.install)
  const canConvert = !options.missing.includes('@resvg/resvg-js') && !options.missing.includes('@excalidraw/utils')
  const pngs = createLru<Buffer>(options.cacheEntries ?? DEFAULT_CACHE_ENTRIES, options.cacheBytes ?? DEFAULT_CACHE_BYTES, (png) => png.length)
  let prerenderedHits = 0
  let closed = false
  const open = () => { if (closed) throw new Error('renderer is closed') }

  /** The build's drawing of exactly this content, if there is one. */
  const prebuilt = (content: RenderableScene, opts: SvgOptions): string | undefined => {
    const svg = built.lookup(content, opts.frameId ?? undefined, paddingOf(opts.padding))
    if (svg !== undefined) prerenderedHits += 1
    return svg
  }

  /**
   * The build's PNG of exactly this content when it is the one asked for (no maxWidth, or one it fits), or when
   * nothing here can draw another. FIDELITY: without resvg a maxWidth below the build's picture is not applied: the
   * drawing at its build size (at most 1920 × 1080) beats a card saying what to install.
   */
  const prebuiltPng = async (content: RenderableScene, opts: PngOptions): Promise<Buffer | undefined> => {
    const png = await built.lookupPng(content, opts.frameId ?? undefined, paddingOf(opts.padding))
    if (png === undefined || (canConvert && !fitsWidth(png, opts.maxWidth))) return undefined
    prerenderedHits += 1
    return png
  }

  async function renderPng (content: RenderableScene, opts: PngOptions = {}): Promise<Buffer> {
    open()
    const key = pictureKey('png', opts)
    const hit = key === undefined ? undefined : pngs.get(key)
    if (hit !== undefined) return Buffer.from(hit)
    let png = await prebuiltPng(content, opts)
    if (png === undefined && !canConvert) return Buffer.from(options.neededPng)
    // Drawn by resvg here: the build's SVG of this content in another box, or the card naming the packages.
    png ??= await (await import('./png.js')).svgToPng(prebuilt(content, opts) ?? needed, { maxWidth: opts.maxWidth })
    if (key !== undefined) pngs.set(key, png)
    return Buffer.from(png)
  }

  return {
    renderSvg: async (content, opts = {}) => { open(); return prebuilt(content, opts) ?? needed },
    renderPng,
    clearCache: () => pngs.clear(),
    close: async () => { closed = true; pngs.clear() },
    stats: () => ({ ...options.baseStats, prerenderedHits, cacheEntries: pngs.size, cacheBytes: pngs.bytes })
  }
}
