// The two ways an MCP tool call fails: a tool error the agent reads, or a JSON-RPC -32603.
import { EmulatorError } from '../errors.js'

/**
 * A failure the agent should read and fix: the server answers `isError: true` with the text
 * `JSON.stringify({error: message})`, the shape of the one observed tool failure (`{"error":"Collection not found"}`).
 */
export class McpToolError extends Error {
  readonly kind = 'tool' as const
  constructor (message: string) {
    super(message)
    this.name = 'McpToolError'
  }

  /** The text of the `isError` result's only content item. */
  toText (): string {
    return JSON.stringify({ error: this.message })
  }
}

/**
 * A failure the real service answers as JSON-RPC `-32603 "Internal error"`: unparsable `add`/`update` strings
 * are reported that way. `detail` is for logs and the journal, never for the client.
 */
export class McpInternalError extends Error {
  readonly kind = 'internal' as const
  static readonly CODE = -32603
  static readonly MESSAGE = 'Internal error'
  readonly detail: string
  constructor (detail: string) {
    super(McpInternalError.MESSAGE)
    this.detail = detail
    this.name = 'McpInternalError'
  }
}

/** Throws a tool error; typed `never` so checks read as guards. */
export function toolError (message: string): never {
  throw new McpToolError(message)
}

/**
 * Runs `fn`, turning the content engine's 400s into tool errors whose text names what the agent sent
 * (`rename` maps minted ids back to tempIds or `add[i]`). Other errors pass through unchanged.
 */
export function asToolErrors<T> (fn: () => T, rename: (message: string) => string = (m) => m): T {
  try {
    return fn()
  } catch (err) {
    if (err instanceof EmulatorError && err.statusCode === 400) throw new McpToolError(rename(err.message))
    throw err
  }
}
