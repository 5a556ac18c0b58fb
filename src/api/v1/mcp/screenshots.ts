// take_screenshot draws with the demo page's renderer (src/render/), cached by the same scene version.
import type { FastifyInstance } from 'fastify'
import type { ScreenshotRenderer } from './registry.js'

export function screenshotRenderer (app: FastifyInstance): ScreenshotRenderer {
  return {
    png: async ({ sceneId, sceneVersion, contentEpoch, content, frameId, padding, maxWidth }) =>
      await app.renderer.renderPng(content, {
        frameId,
        padding,
        maxWidth,
        cacheKey: `mcp:${sceneId}:${sceneVersion}:${contentEpoch}:${frameId ?? ''}:${padding ?? ''}:${maxWidth ?? ''}`
      })
  }
}
