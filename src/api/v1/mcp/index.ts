// POST /api/v1/mcp: the service's MCP interface (Streamable HTTP, stateless) on the same keys, state and layers as
// REST. The SDK answers into a normal reply.send(), never reply.hijack(), so the journal, faults and rate limit see
// MCP traffic like any other; drift perturbs the answer here, under the same settings and ledger (drift.ts).
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { kRawBody, MAX_JSON_DEPTH, pathBeyondDepth } from '../../../lib/json-depth.js'
import { recordOf, type McpEntry } from '../../../layers/request-record.js'
import { ctxOf } from '../auth.js'
import type { McpServerOptions } from './server.js'
import type { Answer } from './exchange-types.js'
import { driftAnswer } from './drift.js'
import { INVALID_REQUEST, invalidRequest, jsonRpcError } from './protocol.js'
import { routeProblems, unbackedTools } from './tools/routes.js'
import type { ScreenshotRenderer, ToolEntry } from './tools/unit.js'

export interface McpRouteOptions {
  tools: readonly ToolEntry[]
  instructions: string
  renderer: ScreenshotRenderer
}

/**
 * The body as parsed JSON, or the text the client sent when it is not JSON (the SDK then answers -32700), and why
 * the route refuses the parsed body (-32600), found once when it was read.
 */
interface McpBody { parsed?: unknown, text: string, refused?: string }

/** What the SDK's transport sends with its own refusals. */
const JSON_RPC_HEADERS: Answer['headers'] = [['content-type', 'application/json']]

/**
 * One message's JSON-RPC method, and the tool for tools/call; undefined for what asks nothing: a response, junk, or a
 * method other than notifications/* sent without an id (a notification no handler runs: a tools/call calls no tool).
 */
function mcpCallOf (message: unknown): McpEntry | undefined {
  if (message === null || typeof message !== 'object' || typeof (message as { method?: unknown }).method !== 'string') return undefined
  const { method, params, id } = message as { method: string, params?: { name?: unknown }, id?: unknown }
  if (id === undefined && !method.startsWith('notifications/')) return undefined
  return { method, tool: method === 'tools/call' && typeof params?.name === 'string' ? params.name : null }
}

function sendResponse (reply: FastifyReply, { status, headers, text, bytes }: Answer): FastifyReply {
  reply.code(status)
  for (const [name, value] of headers) reply.header(name, value)
  return reply.send(bytes ?? (text === '' ? undefined : text))
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
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      done(null, { text } satisfies McpBody)
      return
    }
    // Recorded as soon as it is read, so the hooks before the handler (the chaos sweep) know the tool called: the
    // first message that asks something (a batch may open with a response), and a batch's list only when the whole
    // batch is valid (a refused one is no call of its tools; the coverage counts it as POST /api/v1/mcp).
    const record = recordOf(request)
    const refused = refusal(parsed, text)
    if (Array.isArray(parsed)) {
      const calls = parsed.map(mcpCallOf).filter((entry) => entry !== undefined)
      if (calls.length > 0) record.mcp = calls[0]
      record.mcpBatch = refused === undefined ? calls : []
    } else {
      const call = mcpCallOf(parsed)
      if (call !== undefined) record.mcp = call
    }
    done(null, { parsed, text, refused } satisfies McpBody)
  })
}

/**
 * JSON nested deeper than MAX_JSON_DEPTH opens and closes more brackets than this many characters hold: a shorter
 * text (every usual call) is not walked.
 */
const SHORTEST_TOO_DEEP = 2 * (MAX_JSON_DEPTH + 1)

/** Why a parsed body is refused before the SDK sees it (-32600): too deep to walk, or no JSON-RPC message. */
function refusal (parsed: unknown, text: string): string | undefined {
  if (text.length >= SHORTEST_TOO_DEEP && pathBeyondDepth(parsed, MAX_JSON_DEPTH) !== null) return `Invalid Request: nested deeper than ${MAX_JSON_DEPTH} levels`
  return invalidRequest(parsed)
}

/** The SDK side's answer to a body the route did not refuse: right away when it is kept, else once it is made. */
function sdkAnswer (request: FastifyRequest, body: McpBody, options: McpRouteOptions, serverOptions: McpServerOptions): Answer | Promise<Answer> {
  if (sdkSide === undefined) return loadSdkSide().then(async () => await sdkAnswer(request, body, options, serverOptions))
  const context = { op: ctxOf(request), renderer: options.renderer, log: (error: unknown) => request.log.error({ err: error }, 'MCP tool failed') }
  return sdkSide.answer({
    context,
    headers: request.headers,
    url: `http://${request.host}${request.url}`,
    parsedBody: body.parsed,
    text: body.text,
    jsonResponse: request.server.config.mcpResponse === 'json'
  }, serverOptions)
}

/**
 * One exchange (stateless): answered whole (by the route or the SDK side), drifted, then sent through reply.send().
 * A kept answer (kept-answers.ts) is sent in this turn, as its REST twin's kept page is: no promise, no wait for the
 * response to finish (awaiting the reply adds a listener set on the socket per call).
 */
function exchange (request: FastifyRequest, reply: FastifyReply, options: McpRouteOptions, serverOptions: McpServerOptions): FastifyReply | Promise<void> {
  const body = (request.body ?? { text: '' }) as McpBody
  const target = { call: recordOf(request).mcp ?? undefined, tools: options.tools }
  const send = (answer: Answer): FastifyReply => sendResponse(reply, driftAnswer(request, reply, answer, target))
  const { refused } = body
  if (refused !== undefined) return send({ status: 400, headers: JSON_RPC_HEADERS, text: jsonRpcError(INVALID_REQUEST, refused) })
  const answer = sdkAnswer(request, body, options, serverOptions)
  return answer instanceof Promise ? answer.then(async (made) => { await send(made) }) : send(answer)
}

// drift: false keeps the drift layer's onSend off these answers: drift.ts perturbs them in their own framing.
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
    // A tool with no route is named first, in the line the endpoint has always said; its misfits wait for a route.
    const unbacked = unbackedTools(options.tools, app.operations)
    if (unbacked.length > 0) throw new Error(`MCP tools backed by no route: ${unbacked.join(', ')}`)
    const problems = routeProblems(options.tools, app.operations)
    if (problems.length > 0) throw new Error(`MCP tools that do not fit their routes: ${problems.join(' | ')}`)
  })
  // Its tools are named in the route's config, so the drift layer can check a drift profile's MCP operations.
  const tools = options.tools.map(({ declaration }) => declaration.name)
  app.post('/mcp', { ...ROUTE, config: { ...ROUTE.config, mcpTools: tools } }, (request, reply) => exchange(request, reply, options, serverOptions))
  // Stateless: no stream to open (GET) and no session to end (DELETE).
  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    await reply.code(405).header('allow', 'POST').header('content-type', 'application/json').send(jsonRpcError(-32000, 'Method not allowed.'))
  app.get('/mcp', ROUTE, notAllowed)
  app.delete('/mcp', ROUTE, notAllowed)
}

export default mcp
