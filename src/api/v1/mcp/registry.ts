// What a tool runs with and what it answers: the caller's operation context, the demo page's renderer and a log for
// the unexpected; JSON (sent as text), plain text or a PNG. The tools themselves are units in tools/.
import type { SceneRenderer } from '../../../render/contract.js'
import type { OpContext } from '../../../services/context.js'

/** A tool answers JSON (sent as text: the REST body for REST-backed tools), plain text (the guides) or a PNG. */
export type ToolOutput = { json: unknown } | { text: string } | { image: Buffer }

/** What take_screenshot draws with: the demo page's renderer (src/render/), keyed by the same scene identity. */
export type ScreenshotRenderer = Pick<SceneRenderer, 'renderPng'>

export interface ToolContext {
  op: OpContext
  renderer: ScreenshotRenderer
  /** Logs an unexpected failure before it becomes a JSON-RPC internal error. */
  log (error: unknown): void
}

export const json = (value: unknown): ToolOutput => ({ json: value })
