// POST /api/v1/mcp: the service's MCP interface (Streamable HTTP, stateless) on the same
// keys, state and layers as REST. The SDK's web-standard transport answers into a normal reply.send(), never
// reply.hijack(), so the journal, faults and rate limit see MCP traffic like any other.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { kRawBody, MAX_JSON_DEPTH, pathBeyondDepth } from '../../../lib/json-body.js'
import { recordOf, type McpEntry } from '../../../layers/request-record.js'
import { ctxOf } from '../auth.js'
import type { McpServerOptions } from './server.js'
import type { Answer } from './exchange-types.js'
import type { ScreenshotRenderer, ToolEntry } from './registry.js'

export interface McpRouteOptions {
  tools: readonly ToolEntry[]
  instructions: string
  renderer: ScreenshotRenderer
}

/** The body as parsed JSON, or the text the client sent when it is not JSON (the SDK then answers -32700). */
interface McpBody { parsed?: unknown, text: string }

const JSON_RPC_HEADERS = { 'content-type': 'application/json' }
const jsonRpcError = (code: number, message: string) => JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null })

/** The journal's view of a request: its JSON-RPC method, and the tool for tools/call (the first of a batch). */
function mcpCallOf (parsed: unknown): McpEntry | undefined {
  const message = Array.isArray(parsed) ? parsed[0] : parsed
  if (message === null || typeof message !== 'object' || typeof (message as { method?: unknown }).method !== 'string') return undefined
  const { method, params } = message as { method: string, params?: { name?: unknown } }
  return { method, tool: method === 'tools/call' && typeof params?.name === 'string' ? params.name : null }
}

async function sendResponse (reply: FastifyReply, { status, headers, text }: Answer): Promise<FastifyReply> {
  reply.code(status)
  for (const [name, value] of headers) reply.header(name, value)
  return await reply.send(text === '' ? undefined : text)
}

/** The SDK side, loaded on the first MCP request: nothing of the SDK is needed before one arrives. */
let loading: Promise<typeof import('./exchange.js')> | undefined
let sdkSide: typeof import('./exchange.js') | undefined
const loadSdkSide = async () => (sdkSide = await (loading ??= import('./exchange.js')))

/** Scope-local: JSON-RPC answers malformed JSON with -32700 itself, so the text is kept whatever it holds. */
function keepJsonText (app: FastifyInstance): void {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string
    request[kRawBody] = text
    try {
      done(null, { parsed: JSON.parse(text), text } satisfies McpBody)
    } catch {
      done(null, { text } satisfies McpBody)
    }
  })
}

/** One exchange (stateless): the SDK side answers it whole, then it goes out through reply.send(). */
async function exchange (request: FastifyRequest, reply: FastifyReply, options: McpRouteOptions, serverOptions: McpServerOptions) {
  const body = (request.body ?? { text: '' }) as McpBody
  if (body.parsed !== undefined) {
    const call = mcpCallOf(body.parsed)
    if (call !== undefined) recordOf(request).mcp = call
    if (pathBeyondDepth(body.parsed, MAX_JSON_DEPTH) !== null) {
      return await reply.code(400).headers(JSON_RPC_HEADERS).send(jsonRpcError(-32600, `Invalid Request: nested deeper than ${MAX_JSON_DEPTH} levels`))
    }
  }
  const context = { op: ctxOf(request), renderer: options.renderer, log: (error: unknown) => request.log.error({ err: error }, 'MCP tool failed') }
  const { respond } = sdkSide ?? await loadSdkSide()
  const answer = await respond({
    context,
    headers: request.headers,
    url: `http://${request.host}${request.url}`,
    parsedBody: body.parsed,
    text: body.text,
    jsonResponse: request.server.config.mcpResponse === 'json'
  }, serverOptions)
  return await sendResponse(reply, answer)
}

const ROUTE = { config: { mcp: true, drift: false }, schema: { hide: true } }

const mcp: FastifyPluginAsync<McpRouteOptions> = async (app, options) => {
  const serverOptions: McpServerOptions = {
    version: app.emulatorVersion,
    instructions: options.instructions,
    tools: options.tools,
    operations: app.operations,
    pageSize: app.config.mcpPageSize
  }
  keepJsonText(app)
  app.addHook('onReady', async () => {
    const missing = options.tools.filter(({ declaration: { backing } }) => backing !== null && !app.operations.has(backing))
    if (missing.length > 0) throw new Error(`MCP tools backed by no route: ${missing.map((tool) => tool.declaration.name).join(', ')}`)
  })
  app.post('/mcp', ROUTE, async (request, reply) => await exchange(request, reply, options, serverOptions))
  // Stateless: no stream to open (GET) and no session to end (DELETE).
  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    await reply.code(405).header('allow', 'POST').headers(JSON_RPC_HEADERS).send(jsonRpcError(-32000, 'Method not allowed.'))
  app.get('/mcp', ROUTE, notAllowed)
  app.delete('/mcp', ROUTE, notAllowed)
}

export default mcp
