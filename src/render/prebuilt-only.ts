// The renderer of an install without (some of) the renderer's packages, e.g. the package alone: the pictures drawn
// at build (prerendered.ts) for content unchanged since, and for anything else a picture that names the missing
// packages and the command installing them. Nothing here needs jsdom or @excalidraw/utils; PNG needs resvg and the
// hand-drawn fonts (which @excalidraw/utils ships), else every PNG is the pre-generated "packages needed" one.
import { createLru } from './lru.js'
import { packagesNeededSvg } from './pictures.js'
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

  async function renderPng (content: RenderableScene, opts: PngOptions = {}): Promise<Buffer> {
    open()
    if (!canConvert) return Buffer.from(options.neededPng)
    const key = pictureKey('png', opts)
    const hit = key === undefined ? undefined : pngs.get(key)
    if (hit !== undefined) return hit
    const { svgToPng } = await import('./png.js')
    const png = await svgToPng(prebuilt(content, opts) ?? needed, { maxWidth: opts.maxWidth })
    if (key !== undefined) pngs.set(key, png)
    return png
  }

  return {
    renderSvg: async (content, opts = {}) => { open(); return prebuilt(content, opts) ?? needed },
    renderPng,
    clearCache: () => pngs.clear(),
    close: async () => { closed = true; pngs.clear() },
    stats: () => ({ ...options.baseStats, prerenderedHits, cacheEntries: pngs.size, cacheBytes: pngs.bytes })
  }
}
