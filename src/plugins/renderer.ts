// Decorates `renderer`: scene pictures for the demo page and MCP take_screenshot (src/render/). The worker starts
// on the first picture, never at boot; it is terminated when the app closes, and reset empties its cache. The
// renderer's module (and its native PNG addon) loads on the first picture too, not at start. Its packages are
// optional peer dependencies (README, Install): the first picture looks for them, and without them the pictures drawn
// at build still serve, any other picture names what to install, and one warning line says it too.
import fp from 'fastify-plugin'
import type { FastifyBaseLogger } from 'fastify'
import type { RendererOptions, RendererStats, SceneRenderer } from '../render/contract.js'

declare module 'fastify' {
  interface FastifyInstance {
    renderer: SceneRenderer
  }
}

/** What draws pictures; installed by the repo's `npm ci` and the image, by users only when they want pictures. */
export const RENDERER_PACKAGES = ['@excalidraw/utils', 'jsdom', '@resvg/resvg-js'] as const
/** The versions package.json's peerDependencies accept (test/plugins/renderer-packages.test.ts keeps them equal). */
export const RENDERER_INSTALL = 'npm install @excalidraw/utils@0.1.5 jsdom@^26.1.0 @resvg/resvg-js@^2.6.2'

/** The renderer's packages that do not resolve from here (the emulator's own node_modules, or any above it). */
export function missingRendererPackages (): string[] {
  return RENDERER_PACKAGES.filter((name) => {
    try {
      import.meta.resolve(name)
      return false
    } catch {
      return true
    }
  })
}

const unusedStats = (enabled: boolean): RendererStats => ({
  enabled, workerRunning: false, workersRunning: 0, workerStarts: 0, workerRecycles: 0, renders: 0, prerenderedHits: 0,
  sharedRenders: 0, rememberedFailures: 0, failures: 0, timeouts: 0, cacheHits: 0, cacheEntries: 0, cacheBytes: 0
})

/**
 * The renderer turned off (EMULATOR_RENDERER=off) in an install without the renderer's packages: the placeholder
 * picture, as SVG and as the PNG drawn at build time (nothing here can draw one), at any size asked. INFER: a maxWidth
 * below its 480 px is not applied.
 */
async function placeholderRenderer (): Promise<SceneRenderer> {
  const [{ placeholderSvg }, { PLACEHOLDER_PNG_BASE64 }] = await Promise.all([import('../render/pictures.js'), import('../render/placeholder-png.js')])
  const png = Buffer.from(PLACEHOLDER_PNG_BASE64, 'base64')
  let closed = false
  const open = () => { if (closed) throw new Error('renderer is closed') }
  return {
    renderSvg: async () => { open(); return placeholderSvg() },
    renderPng: async () => { open(); return Buffer.from(png) },
    clearCache: () => {},
    close: async () => { closed = true },
    stats: () => unusedStats(false)
  }
}

/** Without some of the packages: the pictures drawn at build, and for other content a picture naming what to install. */
async function prebuiltOnlyRenderer (missing: string[], options: RendererOptions): Promise<SceneRenderer> {
  const [{ createPrebuiltOnlyRenderer }, { PACKAGES_NEEDED_PNG_BASE64 }] =
    await Promise.all([import('../render/prebuilt-only.js'), import('../render/placeholder-png.js')])
  return createPrebuiltOnlyRenderer({
    missing, install: RENDERER_INSTALL, neededPng: Buffer.from(PACKAGES_NEEDED_PNG_BASE64, 'base64'), baseStats: unusedStats(false),
    prerendered: options.prerendered,
    cacheEntries: options.cacheEntries, cacheBytes: options.cacheBytes
  })
}

/**
 * The real renderer; without a package it needs, the pictures drawn at build and one warning line saying what to
 * install; with pictures turned off (EMULATOR_RENDERER=off) and a package missing, the placeholder.
 */
export async function createSceneRenderer (options: RendererOptions, log: Pick<FastifyBaseLogger, 'warn'>): Promise<SceneRenderer> {
  const missing = missingRendererPackages()
  if (missing.length === 0) return (await import('../render/renderer.js')).createRenderer(options)
  if (!options.enabled) return await placeholderRenderer()
  log.warn(`scene pictures: only those drawn at build are shown (scenes unchanged since); ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not installed; to draw the others: ${RENDERER_INSTALL}`)
  return await prebuiltOnlyRenderer(missing, options)
}

/** A SceneRenderer that creates the real one on its first picture; until then nothing is cached or running. */
function onFirstPicture (options: RendererOptions, log: FastifyBaseLogger): SceneRenderer {
  let created: SceneRenderer | undefined
  let closed = false
  let loading: Promise<SceneRenderer> | undefined
  const real = () => (loading ??= createSceneRenderer(options, log).then(async (renderer) => {
    created = renderer
    // Closed before its first picture: it answers as a closed renderer does.
    if (closed) await created.close()
    return created
  }))
  return {
    renderSvg: async (content, svgOptions) => await (await real()).renderSvg(content, svgOptions),
    renderPng: async (content, pngOptions) => await (await real()).renderPng(content, pngOptions),
    clearCache: () => created?.clearCache(),
    close: async () => {
      closed = true
      // A renderer that failed to load has nothing to close; its pictures already answered with the error.
      if (loading !== undefined) await (await loading.catch(() => undefined))?.close()
    },
    stats: () => created?.stats() ?? unusedStats(options.enabled)
  }
}

export default fp(async (app) => {
  const renderer = onFirstPicture({ enabled: app.config.renderer, timeoutMs: app.config.renderTimeoutMs }, app.log)
  app.decorate('renderer', renderer)
  app.control.register('renderer', { reset: () => renderer.clearCache() })
  app.addHook('onClose', async () => { await renderer.close() })
}, { name: 'renderer', dependencies: ['runtime', 'control'] })
