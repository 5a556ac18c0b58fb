// One stateless MCP exchange: a server for this request's caller on the SDK's web-standard transport, and its whole
// answer. Imported on the first MCP request (index.ts), so the SDK and zod are not loaded at start (issue 13).
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { buildMcpServer, type McpServerOptions } from './server.js'
import type { ToolContext } from './registry.js'

export interface Answer { status: number, headers: Headers, text: string }

export async function respond (context: ToolContext, options: McpServerOptions, request: Request, parsedBody: unknown, jsonResponse: boolean): Promise<Answer> {
  const server = buildMcpServer(context, options)
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: jsonResponse })
  await server.connect(transport)
  try {
    const response = await transport.handleRequest(request, parsedBody === undefined ? {} : { parsedBody })
    // A stateless exchange ends its stream once every answer is written, so the whole text is here.
    return { status: response.status, headers: response.headers, text: await response.text() }
  } finally {
    await server.close()
  }
}
