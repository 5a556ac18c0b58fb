// One stateless MCP exchange: a server for the tools this request's caller sees, on the SDK's web-standard transport,
// and its whole answer. Imported on the first MCP request (index.ts), so the SDK and zod are not loaded at start (issue 13).
import type { IncomingHttpHeaders } from 'node:http'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { buildMcpServer, callerAuth, visibleTools, type McpServerOptions, type ToolSet } from './server.js'
import type { ToolContext } from './registry.js'

/** What goes back to the client: the status, the headers in the order the transport's `Headers` lists them, the body. */
export interface Answer { status: number, headers: ReadonlyArray<readonly [string, string]>, text: string }

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

/** The request for the SDK's transport; the body only when unparsed (given `parsedBody`, the SDK never reads it). */
function webRequest ({ headers: incoming, url, parsedBody, text }: ExchangeInput): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  return new Request(url, { method: 'POST', headers, body: parsedBody === undefined ? text : undefined })
}

/** The SDK's whole HTTP handling: a fresh server and transport for this request only, closed once it has answered. */
export async function throughTransport (input: ExchangeInput, options: McpServerOptions, visible: ToolSet): Promise<Answer> {
  const server = buildMcpServer(visible.tools, options)
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: input.jsonResponse })
  await server.connect(transport)
  try {
    const { parsedBody, context } = input
    const authInfo = callerAuth(context)
    const response = await transport.handleRequest(webRequest(input), parsedBody === undefined ? { authInfo } : { parsedBody, authInfo })
    // A stateless exchange ends its stream once every answer is written, so the whole text is here.
    return { status: response.status, headers: [...response.headers], text: await response.text() }
  } finally {
    await server.close()
  }
}

export async function respond (input: ExchangeInput, options: McpServerOptions): Promise<Answer> {
  const { caller, compat } = input.context.op
  return await throughTransport(input, options, visibleTools(caller, options, compat))
}
