// MCP test client over app.inject: raw JSON-RPC to POST /api/v1/mcp, answers read from SSE or JSON bodies.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'

export const MCP_URL = '/api/v1/mcp'
export const ACCEPT_BOTH = 'application/json, text/event-stream'

export interface McpAnswer {
  status: number
  headers: LightMyRequestResponse['headers']
  /** The JSON-RPC message of the answer (the last `data:` event of an SSE body), or undefined when none. */
  message: any
  raw: LightMyRequestResponse
}

/** The JSON-RPC message of an SSE or JSON body. */
export function messageOf (body: string, contentType: string | undefined): any {
  if (body === '') return undefined
  if ((contentType ?? '').startsWith('text/event-stream')) {
    const events = body.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim())
    return events.length === 0 ? undefined : JSON.parse(events[events.length - 1])
  }
  return JSON.parse(body)
}

export async function rpc (app: FastifyInstance, key: string | null, payload: unknown, headers: Record<string, string> = {}): Promise<McpAnswer> {
  const raw = await app.inject({
    method: 'POST',
    url: MCP_URL,
    headers: {
      'content-type': 'application/json',
      'accept': ACCEPT_BOTH,
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      ...headers
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload)
  })
  return { status: raw.statusCode, headers: raw.headers, message: messageOf(raw.body, raw.headers['content-type'] as string | undefined), raw }
}

let nextId = 1

/** tools/call without initialize (the service is stateless); the result of the call. */
export async function callTool (app: FastifyInstance, key: string, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const answer = await rpc(app, key, { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, arguments: args } })
  if (answer.message?.error !== undefined) return { rpcError: answer.message.error }
  return answer.message.result
}

/** The JSON a tool answered as text (REST body, or `{error}` when isError). */
export const textJson = (result: any): any => JSON.parse(result.content[0].text)

export async function toolNames (app: FastifyInstance, key: string): Promise<string[]> {
  const answer = await rpc(app, key, { jsonrpc: '2.0', id: nextId++, method: 'tools/list' })
  return answer.message.result.tools.map((tool: { name: string }) => tool.name)
}
