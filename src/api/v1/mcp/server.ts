// An MCP server for one set of visible tools (stateless): tools/list shows the tools the caller's key may use,
// tools/call checks the arguments and runs the tool on the same services as REST, under the same rule. The caller
// comes with each message (callerAuth), so one server serves every key that sees the same tools.
import {
  ProtocolError, ProtocolErrorCode, Server,
  type AuthInfo, type CallToolResult, type JsonSchemaType, type JsonSchemaValidator, type jsonSchemaValidator,
  type ListToolsResult, type Tool, type Transport
} from '@modelcontextprotocol/server'
import { EmulatorError } from '../../../errors.js'
import { isAllowed, type Operation } from '../../../services/access.js'
import type { Compat } from '../../../config/compat.js'
import type { Caller } from '../../../services/context.js'
import { compileStrict } from '../../../lib/ajv.js'
import { McpInternalError, McpToolError } from '../../../mcp/tool-errors.js'
import { INVALID_PARAMS, invalidParams } from './protocol.js'
import type { ToolContext, ToolEntry, ToolOutput } from './tools/unit.js'

export interface McpServerOptions {
  version: string
  instructions: string
  /** The tools of the configured toolset, in listing order. */
  tools: readonly ToolEntry[]
  operations: ReadonlyMap<string, Operation>
  /** tools/list page size; 0 lists every tool at once. */
  pageSize: number
}

/** The tools one caller sees, and a key naming exactly that set (one flag per tool of the toolset). */
export interface ToolSet { key: string, tools: ToolEntry[] }

/** The tool sets already worked out, per endpoint, by what the rule reads of the caller (visibleTools). */
const knownSets = new WeakMap<McpServerOptions, Map<string, ToolSet>>()
/** Distinct callers' facts are few (a key's permission, routes and role); a harness minting odd keys only refills. */
const MAX_KNOWN_SETS = 256

/**
 * A tool is listed and callable iff the caller may run the REST operation behind it. The set depends only on what
 * the permission rule (services/access.ts) reads: the key's permission and routes, whether a user stands behind it
 * and their role, and the `memberReads` switch; so it is worked out once per such facts, not per call.
 */
export function visibleTools (caller: Caller, options: McpServerOptions, compat: Pick<Compat, 'memberReads'>): ToolSet {
  const facts = `${caller.permission} ${caller.user === null ? '-' : `user:${caller.user.role}`} ${compat.memberReads} ${JSON.stringify(caller.routes)}`
  let known = knownSets.get(options)
  if (known === undefined) knownSets.set(options, known = new Map())
  const set = known.get(facts)
  if (set !== undefined) return set
  if (known.size >= MAX_KNOWN_SETS) known.clear()
  const made = toolSetOf(caller, options, compat)
  known.set(facts, made)
  return made
}

function toolSetOf (caller: Caller, options: McpServerOptions, compat: Pick<Compat, 'memberReads'>): ToolSet {
  const tools: ToolEntry[] = []
  let key = ''
  for (const entry of options.tools) {
    const { backing } = entry.declaration
    const operation = backing === null ? null : options.operations.get(backing)
    // A tool whose operation is not served is never shown (the start-up check in index.ts prevents it).
    const visible = operation === null || (operation !== undefined && isAllowed(caller, operation, compat))
    if (visible) tools.push(entry)
    key += visible ? '1' : '0'
  }
  return { key, tools }
}

/**
 * The caller as the SDK hands it to a handler (`ctx.http.authInfo`, the SDK's channel for per-request auth): the
 * context travels with its message, so a server shared between requests never answers with another caller's key.
 */
export function callerAuth (context: ToolContext): AuthInfo {
  return { token: '', clientId: context.op.caller.keyId, scopes: [], extra: { toolContext: context } }
}

function contextOf (authInfo: AuthInfo | undefined): ToolContext {
  const context = authInfo?.extra?.toolContext
  // Every exchange passes one (exchange.ts); a message without it must not run a tool as nobody.
  if (context === undefined) throw new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error')
  return context as ToolContext
}

function listPage (tools: readonly ToolEntry[], cursor: string | undefined, pageSize: number): ListToolsResult {
  const start = cursor === undefined ? 0 : Number(cursor)
  if (!/^\d+$/.test(cursor ?? '0') || start > tools.length) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid cursor ${JSON.stringify(cursor)}: pass the nextCursor of the previous tools/list page, or no cursor for the first page`)
  }
  const end = pageSize === 0 ? tools.length : Math.min(tools.length, start + pageSize)
  const page: Tool[] = tools.slice(start, end).map(({ declaration: { name, description, inputSchema } }) =>
    // A TypeBox schema is plain JSON Schema; the SDK types schemas as JSON values, which TypeBox's types are not.
    ({ name, description, inputSchema: inputSchema as unknown as Tool['inputSchema'] }))
  return end < tools.length ? { tools: page, nextCursor: String(end) } : { tools: page }
}

const toolError = (message: string): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify({ error: message }) }], isError: true })

function resultOf (output: ToolOutput): CallToolResult {
  if ('image' in output) return { content: [{ type: 'image', data: output.image.toString('base64'), mimeType: 'image/png' }] }
  if ('text' in output) return { content: [{ type: 'text', text: output.text }] }
  return { content: [{ type: 'text', text: JSON.stringify(output.json) }] }
}

/**
 * Arguments that do not fit the input schema and failures the agent can fix answer `isError` with a message (the REST
 * message for REST failures); anything unexpected is a JSON-RPC internal error, its detail only in the log.
 */
async function runTool (entry: ToolEntry, context: ToolContext, args: Record<string, unknown>): Promise<CallToolResult> {
  try {
    const outcome = await entry.call(context, args)
    if ('refused' in outcome) return toolError(`Input validation error: ${outcome.refused}`)
    return resultOf(outcome)
  } catch (error) {
    if (error instanceof EmulatorError || error instanceof McpToolError) return toolError(error.message)
    if (error instanceof ProtocolError) throw error
    // Unparsable `add`/`update` strings are the service's -32603 too; only the log sees why.
    context.log(error instanceof McpInternalError ? error.detail : error)
    throw new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error')
  }
}

/**
 * The SDK's schema validator serves elicitation, which this server never asks for: one on the routes' strict ajv
 * engine for the process, instead of a new ajv engine per server.
 */
const validator: jsonSchemaValidator = {
  getValidator<T> (schema: JsonSchemaType): JsonSchemaValidator<T> {
    const validate = compileStrict<T>(schema)
    return (input) => validate(input)
      ? { valid: true, data: input, errorMessage: undefined }
      : { valid: false, data: undefined, errorMessage: JSON.stringify(validate.errors) }
  }
}

/** A server listing and running `visible` (the tools of one ToolSet) for whichever caller each message carries. */
export function buildMcpServer (visible: readonly ToolEntry[], options: McpServerOptions): Server {
  const server = new Server(
    { name: 'drawing-api-emulator', version: options.version },
    { capabilities: { tools: {} }, instructions: options.instructions, jsonSchemaValidator: validator }
  )
  server.setRequestHandler('tools/list', async (request) => listPage(visible, request.params?.cursor, options.pageSize))
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const { name } = request.params
    const entry = visible.find(({ declaration }) => declaration.name === name)
    // A hidden tool is as unknown as a missing one: a protocol error, and nothing runs (MCP spec, tools/call).
    if (entry === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found; tools/list names the tools this key may call`)
    return await runTool(entry, contextOf(ctx.http?.authInfo), request.params.arguments ?? {})
  })
  return server
}

/**
 * Connects `server` to `transport` with the params of tools/call and tools/list checked first: a request whose params
 * do not fit is answered -32602 with a message saying what to send, before the SDK parses it (the SDK's own answer
 * to those is a dump of its schema errors, or -32603). Done on the transport's public `onmessage`, so the pooled
 * servers (direct.ts) and the SDK's transport (exchange.ts) answer alike.
 */
export async function connectChecked (server: Server, transport: Transport): Promise<void> {
  await server.connect(transport)
  const deliver = transport.onmessage
  transport.onmessage = (message, extra) => {
    const problem = 'method' in message && 'id' in message ? invalidParams(message) : undefined
    if (problem === undefined || !('id' in message)) {
      deliver?.(message, extra)
      return
    }
    transport.send({ jsonrpc: '2.0', id: message.id, error: { code: INVALID_PARAMS, message: problem } })
      .catch((error: unknown) => { transport.onerror?.(error instanceof Error ? error : new Error(String(error))) })
  }
}
