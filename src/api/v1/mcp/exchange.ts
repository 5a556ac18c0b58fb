// One stateless MCP exchange and its whole answer: a tools/call or tools/list on a pooled server (direct.ts), anything
// else on a fresh server behind the SDK's web-standard transport. Imported on the first MCP request (index.ts), so
// the SDK and zod are not loaded at start.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { directRequest } from './direct.js'
import { poolOf } from './pool.js'
import { buildMcpServer, callerAuth, visibleTools, type McpServerOptions, type ToolSet } from './server.js'
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
    const headers: Array<[string, string]> = []
    response.headers.forEach((value, name) => { headers.push([name, value]) })
    return { status: response.status, headers, text: await response.text() }
  } finally {
    await server.close()
  }
}

/** The URL the transport would hand the server, or undefined where building its web Request would fail. */
function requestUrl (url: string): URL | undefined {
  try {
    const parsed = new URL(url)
    return parsed.username === '' && parsed.password === '' ? parsed : undefined
  } catch {
    return undefined
  }
}

export async function respond (input: ExchangeInput, options: McpServerOptions): Promise<Answer> {
  const { caller, compat } = input.context.op
  const visible = visibleTools(caller, options, compat)
  const request = directRequest(input)
  const url = request === undefined ? undefined : requestUrl(input.url)
  if (request === undefined || url === undefined) return await throughTransport(input, options, visible)
  const extra = { authInfo: callerAuth(input.context), requestInfo: { headers: input.headers, url } }
  return await poolOf(options).use(visible, async ({ transport }) => await transport.exchange(request, extra, !input.jsonResponse))
}
