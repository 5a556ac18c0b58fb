// The MCP row's two clients, written as a real client works rather than as the cheapest loop: the MCP one sends
// `MCP-Protocol-Version`, a new JSON-RPC id on every call and accepts SSE (as the SDK's client does), reads the answer
// through a pipe and parses the one event's message; its REST twin reads through the same pipe and parses its JSON.
import http from 'node:http'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** The newest protocol version the server's SDK lists (its SUPPORTED_PROTOCOL_VERSIONS[0]), as a current client sends. */
export const PROTOCOL_VERSION = '2025-11-25'

export interface BenchCall { status: number, value: unknown }

/** The whole answer, read through a pipe into a collecting Writable (as a client that streams its input does). */
async function readAnswer (res: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  await pipeline(res, new Writable({ write (chunk: Buffer, _encoding, next) { chunks.push(chunk); next() } }))
  return Buffer.concat(chunks).toString('utf8')
}

/** The one JSON-RPC message of an SSE answer (`event: message`, `data: {...}`), or the JSON answer itself. */
export function messageOf (contentType: string, text: string): unknown {
  if (!contentType.startsWith('text/event-stream')) return JSON.parse(text)
  const data = text.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice('data: '.length))
  if (data.length !== 1) throw new Error(`expected one SSE message event, got ${data.length}: ${text.slice(0, 200)}`)
  return JSON.parse(data[0])
}

export interface McpBenchClient {
  /** GET path, its JSON parsed. */
  rest: (path: string) => Promise<BenchCall>
  /** tools/call of `name` with `args`, a new id each time; the response message parsed (its id checked). */
  callTool: (name: string, args: Record<string, unknown>) => Promise<BenchCall>
  close: () => void
}

export function createMcpBenchClient (base: string, authorization: string): McpBenchClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const request = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number, type: string, text: string }>((resolve, reject) => {
      const req = http.request(new URL(path, base), { method, agent, headers: { authorization, ...headers } }, (res) => {
        readAnswer(res).then((text) => { resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text }) }, reject)
      })
      req.on('error', reject)
      req.end(body)
    })
  let nextId = 1
  return {
    rest: async (path) => {
      const { status, text } = await request('GET', path, { accept: 'application/json' })
      return { status, value: JSON.parse(text) }
    },
    callTool: async (name, args) => {
      const id = nextId++
      const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })
      const headers = { 'content-type': 'application/json', 'accept': 'application/json, text/event-stream', 'mcp-protocol-version': PROTOCOL_VERSION }
      const { status, type, text } = await request('POST', '/api/v1/mcp', headers, body)
      if (status !== 200) return { status, value: text }
      const message = messageOf(type, text) as { id?: unknown, result?: { isError?: boolean } }
      if (message.id !== id || message.result === undefined || message.result.isError === true) throw new Error(`MCP ${name}: ${text.slice(0, 300)}`)
      return { status, value: message }
    },
    close: () => { agent.destroy() }
  }
}
