// An MCP server for one set of visible tools (stateless): tools/list shows the tools the caller's
// key may use, tools/call validates the arguments and runs the tool on the same services as REST, under the same rule.
// The caller comes with each message (callerAuth), so one server serves every key that sees the same tools.
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js'
import {
  CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool
} from '@modelcontextprotocol/sdk/types.js'
import { EmulatorError } from '../../../errors.js'
import { isAllowed, type Operation } from '../../../services/access.js'
import type { Compat } from '../../../schemas/compat.js'
import type { Caller } from '../../../services/context.js'
import { compileStrict } from '../../../lib/ajv.js'
import { formatSchemaErrors } from '../../../lib/schema-errors.js'
import { McpInternalError, McpToolError } from '../../../mcp/tool-errors.js'
import type { ToolContext, ToolEntry, ToolOutput } from './registry.js'

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

/** A tool is listed and callable iff the caller may run the REST operation behind it. */
export function visibleTools (caller: Caller, options: McpServerOptions, compat: Pick<Compat, 'memberReads'>): ToolSet {
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
 * The caller as the SDK hands it to a handler (`extra.authInfo`, the SDK's channel for per-request auth): the
 * context travels with its message, so a server shared between requests never answers with another caller's key.
 */
export function callerAuth (context: ToolContext): AuthInfo {
  return { token: '', clientId: context.op.caller.keyId, scopes: [], extra: { toolContext: context } }
}

function contextOf (authInfo: AuthInfo | undefined): ToolContext {
  const context = authInfo?.extra?.toolContext
  // Every exchange passes one (exchange.ts); a message without it must not run a tool as nobody.
  if (context === undefined) throw new McpError(ErrorCode.InternalError, 'Internal error')
  return context as ToolContext
}

function listPage (tools: readonly ToolEntry[], cursor: string | undefined, pageSize: number): { tools: Tool[], nextCursor?: string } {
  const start = cursor === undefined ? 0 : Number.parseInt(cursor, 10)
  if (!Number.isSafeInteger(start) || start < 0 || start > tools.length) {
    throw new McpError(ErrorCode.InvalidParams, `Invalid cursor: ${cursor}`)
  }
  const end = pageSize === 0 ? tools.length : Math.min(tools.length, start + pageSize)
  const page = tools.slice(start, end).map(({ declaration: { name, description, inputSchema } }) =>
    ({ name, description, inputSchema: inputSchema as unknown as Tool['inputSchema'] }))
  return end < tools.length ? { tools: page, nextCursor: String(end) } : { tools: page }
}

const asText = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value) }] })
const toolError = (message: string): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify({ error: message }) }], isError: true })

function resultOf (output: ToolOutput): CallToolResult {
  if ('image' in output) return { content: [{ type: 'image', data: output.image.toString('base64'), mimeType: 'image/png' }] }
  if ('text' in output) return { content: [{ type: 'text', text: output.text }] }
  return asText(output.json)
}

/** Tool failures answer `isError` with the REST message; anything unexpected is a JSON-RPC internal error. */
async function runTool (entry: ToolEntry, context: ToolContext, args: Record<string, unknown>): Promise<CallToolResult> {
  const validate = compileStrict(entry.declaration.inputSchema as object)
  if (!validate(args)) return toolError(`Input validation error: ${formatSchemaErrors(validate.errors ?? [], 'arguments').message}`)
  try {
    return resultOf(await entry.run(context, args))
  } catch (error) {
    if (error instanceof EmulatorError || error instanceof McpToolError) return toolError(error.message)
    if (error instanceof McpError) throw error
    // Unparsable `add`/`update` strings are the service's -32603 too; only the log sees why.
    context.log(error instanceof McpInternalError ? error.detail : error)
    throw new McpError(ErrorCode.InternalError, 'Internal error')
  }
}

/**
 * The SDK's schema validator (for elicitation, which this server never asks for) is the same for every exchange:
 * one for the process instead of a new ajv engine per request, which was a quarter of each exchange.
 */
let validator: AjvJsonSchemaValidator | undefined
const sharedValidator = (): AjvJsonSchemaValidator => (validator ??= new AjvJsonSchemaValidator())

/** A server listing and running `visible` (the tools of one ToolSet) for whichever caller each message carries. */
export function buildMcpServer (visible: readonly ToolEntry[], options: McpServerOptions): Server {
  const server = new Server(
    { name: 'drawing-api-emulator', version: options.version },
    { capabilities: { tools: {} }, instructions: options.instructions, jsonSchemaValidator: sharedValidator() }
  )
  server.setRequestHandler(ListToolsRequestSchema, async (request) => listPage(visible, request.params?.cursor, options.pageSize))
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const entry = visible.find(({ declaration }) => declaration.name === request.params.name)
    // A hidden tool is as unknown as a missing one: a protocol error, and nothing runs (MCP spec, tools/call).
    if (entry === undefined) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`)
    return await runTool(entry, contextOf(extra.authInfo), request.params.arguments ?? {})
  })
  return server
}
