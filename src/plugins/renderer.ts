// Decorates `renderer`: scene pictures for the demo page and MCP take_screenshot (src/render/). The worker starts
// on the first picture, never at boot; it is terminated when the app closes, and reset empties its cache.
import fp from 'fastify-plugin'
import { createRenderer, type SceneRenderer } from '../render/renderer.js'

declare module 'fastify' {
  interface FastifyInstance {
    renderer: SceneRenderer
  }
}

export default fp(async (app) => {
  const renderer = createRenderer({ enabled: app.config.renderer, timeoutMs: app.config.renderTimeoutMs })
  app.decorate('renderer', renderer)
  app.control.register('renderer', { reset: () => renderer.clearCache() })
  app.addHook('onClose', async () => { await renderer.close() })
}, { name: 'renderer', dependencies: ['runtime', 'control'] })
