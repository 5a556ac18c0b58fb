// What the MCP endpoint knows of a tool: its declaration (name, schema, the REST operation behind it; src/mcp/)
// and how it runs here (on services, with the caller of the request).
import type { OpContext } from '../../../services/context.js'
import type { ToolDeclaration } from '../../../mcp/tool-schemas.js'

export type { ToolDeclaration }

/** A tool answers JSON (sent as text: the REST body for REST-backed tools), plain text (the guides) or a PNG. */
export type ToolOutput = { json: unknown } | { text: string } | { image: Buffer }

/** Renders scene content for take_screenshot; the demo page's renderer (src/render/). */
export interface ScreenshotRenderer {
  png (input: { sceneId: string, sceneVersion: string, contentEpoch: number, content: unknown, frameId?: string, padding?: number, maxWidth?: number }): Promise<Buffer>
}

export interface ToolContext {
  op: OpContext
  renderer: ScreenshotRenderer
  /** Logs an unexpected failure before it becomes a JSON-RPC internal error. */
  log (error: unknown): void
}

export type ToolRun = (context: ToolContext, args: Record<string, unknown>) => ToolOutput | Promise<ToolOutput>

export interface ToolEntry { declaration: ToolDeclaration, run: ToolRun }

export const json = (value: unknown): ToolOutput => ({ json: value })
