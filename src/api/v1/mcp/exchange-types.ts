// What the route hands the SDK side for one MCP exchange, and what it gets back to send (exchange.ts, direct.ts).
import type { IncomingHttpHeaders } from 'node:http'
import type { ToolContext } from './tools/unit.js'

/** What goes back to the client: the status, the headers in the order the transport's `Headers` lists them, the body. */
export interface Answer {
  status: number
  headers: ReadonlyArray<readonly [string, string]>
  readonly text: string
  /**
   * The one JSON-RPC message `text` carries, when the answer was written from it (framing.ts `answerOf`, the direct
   * path), and whether as an SSE event: drift changes this value instead of parsing the text back.
   */
  message?: unknown
  sse?: boolean
  /** `text` already UTF-8 encoded (a kept answer, kept-answers.ts): sent instead of it, with nothing to encode. */
  bytes?: Buffer
}

/** One POST as the route received it. */
export interface ExchangeInput {
  context: ToolContext
  /** As Node parsed them (lower-case names). */
  headers: IncomingHttpHeaders
  /** The absolute URL the client asked for. */
  url: string
  /** The body as parsed JSON; undefined when it is not JSON (the transport then reads `text` and answers -32700). */
  parsedBody: unknown
  text: string
  /** Answer application/json instead of an SSE stream (config mcpResponse). */
  jsonResponse: boolean
}
