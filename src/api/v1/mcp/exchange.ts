// One stateless MCP exchange and its whole answer: a tools/call or tools/list on a pooled server (direct.ts), anything
// else on a fresh server behind the SDK's web-standard transport. Imported on the first MCP request (index.ts), so
// the SDK and zod are not loaded at start.
import { parseJSONRPCMessage, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server'
import { directRequest } from './direct.js'
import { keptOrExchanged } from './kept-answers.js'
import { poolOf } from './pool.js'
import { INVALID_REQUEST, jsonRpcError } from './protocol.js'
import { buildMcpServer, callerAuth, connectChecked, visibleTools, type McpServerOptions, type ToolSet } from './server.js'
import type { Answer, ExchangeInput } from './exchange-types.js'

/** The request for the SDK's transport; the body only when unparsed (given `parsedBody`, the SDK never reads it). */
function webRequest ({ headers: incoming, url, parsedBody, text }: ExchangeInput): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  return new Request(url, { method: 'POST', headers, body: parsedBody === undefined ? text : undefined })
}

/**
 * True when each message of a parsed body is one the SDK takes. The route has already refused what it can name
 * (protocol.ts); this catches the rest of what the SDK's stricter schema refuses (an extra top-level key, a
 * fractional progress token), which the SDK itself would answer -32700 as if the text were not JSON.
 */
function sdkTakes (body: unknown): boolean {
  try {
    for (const message of Array.isArray(body) ? body : [body]) parseJSONRPCMessage(message)
    return true
  } catch {
    return false
  }
}

const INVALID: Answer = {
  status: 400,
  headers: [['content-type', 'application/json']],
  text: jsonRpcError(INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message (an unknown top-level key, or a field of the wrong type)')
}

/** The SDK's whole HTTP handling: a fresh server and transport for this request only, closed once it has answered. */
export async function throughTransport (input: ExchangeInput, options: McpServerOptions, visible: ToolSet): Promise<Answer> {
  const { parsedBody, context } = input
  if (parsedBody !== undefined && !sdkTakes(parsedBody)) return INVALID
  const server = buildMcpServer(visible.tools, options)
  // The answer is buffered whole before it goes out, so SSE keep-alive comments would only pad it.
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: input.jsonResponse, keepAliveMs: 0 })
  await connectChecked(server, transport)
  try {
    const authInfo = callerAuth(context)
    const response = await transport.handleRequest(webRequest(input), parsedBody === undefined ? { authInfo } : { parsedBody, authInfo })
    // A stateless exchange ends its stream once every answer is written, so the whole text is here.
    const headers: Array<[string, string]> = []
    response.headers.forEach((value, name) => { headers.push([name, value]) })
    return { status: response.status, headers, text: await response.text() }
  } finally {
    await server.close()
  }
}

/** The last URL asked about and its answer: a client calls the one endpoint URL, so this parses once, not per call. */
let lastUrl: { url: string, works: boolean } | undefined

/** Whether the transport could build its web Request from this URL (it refuses credentials in a URL). */
function requestUrlWorks (url: string): boolean {
  if (lastUrl?.url === url) return lastUrl.works
  let works: boolean
  try {
    const parsed = new URL(url)
    works = parsed.username === '' && parsed.password === ''
  } catch {
    works = false
  }
  lastUrl = { url, works }
  return works
}

/**
 * The answer to one exchange: right away when it is kept (kept-answers.ts), else a promise of the exchange's, on a
 * pooled server (the direct path) or through the SDK's transport.
 */
export function answer (input: ExchangeInput, options: McpServerOptions): Answer | Promise<Answer> {
  const { caller, compat } = input.context.op
  const visible = visibleTools(caller, options, compat)
  const request = directRequest(input)
  if (request === undefined || !requestUrlWorks(input.url)) return throughTransport(input, options, visible)
  const sse = !input.jsonResponse
  const exchange = async () => {
    const extra = { authInfo: callerAuth(input.context) }
    return await poolOf(options).use(visible, async ({ transport }) => await transport.exchange(request, extra, sse))
  }
  return keptOrExchanged({ request, input, visible, sse }, exchange)
}

/** The answer to one exchange, awaited. */
export async function respond (input: ExchangeInput, options: McpServerOptions): Promise<Answer> {
  return await answer(input, options)
}
