// The tools the endpoint serves: the declarations of the configured toolset (src/mcp/), each with its run
// function (REST-backed or MCP-only); a declaration without one fails start-up, never a call.
import type { FastifyInstance } from 'fastify'
import { pickToolset } from '../../../mcp/tool-schemas.js'
import { CONTENT_TOOL_RUNS } from './content-tools.js'
import { REST_TOOL_RUNS } from './rest-tools.js'
import type { ScreenshotRenderer, ToolEntry } from './registry.js'

export function toolEntries (toolset: FastifyInstance['config']['mcpToolset']): ToolEntry[] {
  return pickToolset(toolset).map((declaration) => {
    const run = REST_TOOL_RUNS[declaration.name] ?? CONTENT_TOOL_RUNS[declaration.name]
    if (run === undefined) throw new Error(`MCP tool ${declaration.name} has no implementation`)
    return { declaration, run }
  })
}

/** take_screenshot draws with the demo page's renderer, cached by the same scene version. */
export function screenshotRenderer (app: FastifyInstance): ScreenshotRenderer {
  return {
    png: async ({ sceneId, sceneVersion, contentEpoch, content, frameId, padding, maxWidth }) =>
      await app.renderer.renderPng(content as never, {
        frameId,
        padding,
        maxWidth,
        cacheKey: `mcp:${sceneId}:${sceneVersion}:${contentEpoch}:${frameId ?? ''}:${padding ?? ''}:${maxWidth ?? ''}`
      })
  }
}
