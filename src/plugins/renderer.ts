// Decorates `renderer`: scene pictures for the demo page and MCP take_screenshot (src/render/). The worker starts
// on the first picture, never at boot; it is terminated when the app closes, and reset empties its cache. The
// renderer's module (and its native PNG addon) loads on the first picture too, not at start.
import fp from 'fastify-plugin'
import type { RendererOptions, RendererStats, SceneRenderer } from '../render/renderer.js'

declare module 'fastify' {
  interface FastifyInstance {
    renderer: SceneRenderer
  }
}

/** A SceneRenderer that creates the real one on its first picture; until then nothing is cached or running. */
function onFirstPicture (options: RendererOptions): SceneRenderer {
  let created: SceneRenderer | undefined
  let closed = false
  let loading: Promise<SceneRenderer> | undefined
  const real = () => (loading ??= import('../render/renderer.js').then(async ({ createRenderer }) => {
    created = createRenderer(options)
    // Closed before its first picture: it answers as a closed renderer does.
    if (closed) await created.close()
    return created
  }))
  const unused: RendererStats = {
    enabled: options.enabled, workerRunning: false, workersRunning: 0, workerStarts: 0, workerRecycles: 0, renders: 0, prerenderedHits: 0,
    sharedRenders: 0, rememberedFailures: 0, failures: 0, timeouts: 0, cacheHits: 0, cacheEntries: 0, cacheBytes: 0
  }
  return {
    renderSvg: async (content, svgOptions) => await (await real()).renderSvg(content, svgOptions),
    renderPng: async (content, pngOptions) => await (await real()).renderPng(content, pngOptions),
    clearCache: () => created?.clearCache(),
    close: async () => {
      closed = true
      if (loading !== undefined) await (await loading).close()
    },
    stats: () => created?.stats() ?? { ...unused }
  }
}

export default fp(async (app) => {
  const renderer = onFirstPicture({ enabled: app.config.renderer, timeoutMs: app.config.renderTimeoutMs })
  app.decorate('renderer', renderer)
  app.control.register('renderer', { reset: () => renderer.clearCache() })
  app.addHook('onClose', async () => { await renderer.close() })
}, { name: 'renderer', dependencies: ['runtime', 'control'] })
