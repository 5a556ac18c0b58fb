// The direct path for the common exchange (one tools/call or tools/list request): the message goes straight to a
// pooled SDK server over the SDK's public Transport interface, which does all the JSON-RPC and MCP work, and the
// answer is written in the Streamable HTTP wire format (an SSE `message` event, or the JSON response), without the
// web Request, ReadableStream and Response the SDK's transport builds (docs/performance.md). Anything else goes
// through that transport (exchange.ts); test/mcp/direct-path.test.ts proves both answer alike.
import type { IncomingHttpHeaders } from 'node:http'
import {
  isJSONRPCRequest, isJsonContentType, SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage, type JSONRPCRequest, type MessageExtraInfo, type Transport, type TransportSendOptions
} from '@modelcontextprotocol/server'
import type { Answer, ExchangeInput } from './exchange-types.js'
import { answerOf, framed } from './framing.js'

/** The methods worth a fast path; each is answered by a handler of ours and needs no state across requests. */
const DIRECT_METHODS = new Set(['tools/call', 'tools/list'])

// What the transport sends with a 200, in the order its Headers object lists them (sorted by name).
const SSE_HEADERS = [
  ['cache-control', 'no-cache, no-transform'], ['connection', 'keep-alive'], ['content-type', 'text/event-stream'], ['x-accel-buffering', 'no']
] as const
const JSON_HEADERS = [['content-type', 'application/json']] as const

/** A header as the transport's `Headers.get` reads it from the request built in exchange.ts. */
function header (headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name]
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
}

/**
 * The request when the transport would hand it to the server unchanged and answer 200 (each check below is one of
 * its refusals: 406, 415, batches, 400 on the protocol version); undefined sends the exchange through it.
 */
export function directRequest ({ headers, parsedBody }: ExchangeInput): JSONRPCRequest | undefined {
  if (parsedBody === undefined || Array.isArray(parsedBody)) return undefined
  const accept = header(headers, 'accept')
  if (accept === null || !accept.includes('application/json') || !accept.includes('text/event-stream')) return undefined
  if (!isJsonContentType(header(headers, 'content-type'))) return undefined
  const version = header(headers, 'mcp-protocol-version')
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined
  if (!isPlainRequest(parsedBody) && !isJSONRPCRequest(parsedBody)) return undefined
  return DIRECT_METHODS.has(parsedBody.method) ? parsedBody : undefined
}

const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params'])

/**
 * The common request the SDK's JSONRPCRequestSchema (a strict object: `jsonrpc` "2.0", `id` a string or a safe
 * integer, `method` a string, `params` an object whose only checked key is `_meta`) certainly takes, checked without
 * running zod on every call; anything else (a `_meta`, an unusual id) is left to isJSONRPCRequest, so nothing the
 * SDK refuses passes and nothing it takes is refused.
 */
function isPlainRequest (body: unknown): body is JSONRPCRequest {
  if (typeof body !== 'object' || body === null) return false
  const message = body as Record<string, unknown>
  if (Object.keys(message).some((key) => !REQUEST_KEYS.has(key))) return false
  const { jsonrpc, id, method, params } = message
  if (jsonrpc !== '2.0' || typeof method !== 'string') return false
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return false
  if (params === undefined) return true
  return typeof params === 'object' && params !== null && !Array.isArray(params) && !('_meta' in params)
}

/** A response, rather than a request or a notification the server sends while it works. */
const isResponse = (message: JSONRPCMessage): boolean => 'result' in message || 'error' in message

/** One request in flight on a DirectTransport: what the transport would write to that request's stream. */
class Pending {
  text = ''
  response: JSONRPCMessage | undefined
  readonly id: JSONRPCRequest['id']
  readonly sse: boolean
  readonly done: () => void
  constructor (id: JSONRPCRequest['id'], sse: boolean, done: () => void) {
    this.id = id
    this.sse = sse
    this.done = done
  }

  /** The transport's send(): SSE writes every message before the response as an event; the response is kept. */
  take (message: JSONRPCMessage, options: TransportSendOptions | undefined): void {
    // Once the response is written the transport closes the request's stream: nothing more goes to it.
    if (this.response !== undefined) return
    const response = isResponse(message)
    const requestId = response && 'id' in message ? message.id : options?.relatedRequestId
    // Without a request it would go to the standalone GET stream, which a stateless server never has.
    if (requestId !== this.id) return
    if (!response) {
      if (this.sse) this.text += framed(message, true)
      return
    }
    this.response = message
    this.done()
  }
}

/** The transport a pooled server stays connected to: one request in at a time, everything it sends collected. */
export class DirectTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void
  private pending: Pending | undefined

  async start (): Promise<void> {}

  async close (): Promise<void> {
    this.onclose?.()
  }

  async send (message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.pending?.take(message, options)
  }

  /** Hands `request` to the server and answers as the web-standard transport would once the server has responded. */
  async exchange (request: JSONRPCRequest, extra: MessageExtraInfo, sse: boolean): Promise<Answer> {
    const pending = await new Promise<Pending>((resolve) => {
      const pending: Pending = new Pending(request.id, sse, () => { resolve(pending) })
      this.pending = pending
      this.onmessage?.(request, extra)
    })
    this.pending = undefined
    const headers = sse ? SSE_HEADERS : JSON_HEADERS
    // The usual answer is the response alone, written from the value (drift may change it first); after progress
    // events it is the stream as written.
    if (pending.text === '') return answerOf(200, headers, pending.response, sse)
    return { status: 200, headers, text: pending.text + framed(pending.response, true) }
  }
}
