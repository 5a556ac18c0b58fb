// Drift on the MCP interface, the pipeline's second adapter (pipeline.ts): the one JSON-RPC response message of an
// MCP answer, under the same settings, seeded stream, request headers and ledger as REST, touched only by the mcp-*
// kinds. The endpoint (api/v1/mcp/drift.ts) takes the message out of its framing (an SSE event or JSON) and puts
// the changed one back.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { TSchema } from 'typebox'
import { recordOf, routeOf, type McpEntry } from '../request-record.js'
import { isMcpDriftKind } from './kinds/index.js'
import { applyLearnedMcp } from './learned-mcp.js'
import { mcpOperation } from '../../formats/mcp-view.js'
import { mayDrift, runDrift, type KindFilter } from './pipeline.js'

/** What drift needs to know of one MCP answer. */
export interface McpDriftTarget {
  /** The answer's JSON-RPC response message. */
  message: unknown
  status: number
  /** The request's method and tool, as the request record holds them. */
  call: McpEntry | undefined
  /** A REST-backed tool's result schema: it guides mcp-rename-result-field. */
  resultSchema: TSchema | undefined
}

/** An MCP answer as drift leaves it: the message, and the status and headers a drift profile changed. */
export interface McpDrifted {
  message: unknown
  status: number
  headers: Record<string, string>
  removedHeaders: string[]
}

/** Only the mcp-* kinds touch an MCP answer; a forced REST kind is a warning. */
const MCP_KINDS: KindFilter = {
  accepts: isMcpDriftKind,
  refused: (kind) => `${kind} does not apply to MCP answers (only the mcp-* kinds do)`
}

/** `POST /api/v1/mcp tools/call list_scenes`: the ledger counts MCP answers by method and tool, as parity names them. */
function ledgerKey (route: string, call: McpEntry | undefined): string {
  return call === undefined ? `POST ${route}` : mcpOperation(route, call.method, call.tool)
}

/** Whether drift may change this request's answer at all: off with no drift header (the usual case) it cannot. */
export function mcpDriftMayApply (request: FastifyRequest): boolean {
  const route = routeOf(request).url
  const call = recordOf(request).mcp
  // The profile's changes for this call's operation, if the profile names it.
  const profiled = route === undefined || call === null
    ? undefined
    : request.server.control.drift.learned(ledgerKey(route, call))
  return mayDrift(request, profiled)
}

/** The answer as drift leaves it (pipeline.ts runDrift): undefined when unchanged. */
export function driftMcpMessage (request: FastifyRequest, reply: FastifyReply, target: McpDriftTarget): McpDrifted | undefined {
  const { call, message, status } = target
  const operation = ledgerKey(routeOf(request).url as string, call)
  return runDrift(request, reply, {
    operation,
    profiled: call === undefined ? undefined : request.server.control.drift.learned(operation),
    status,
    json: { body: message },
    schema: () => target.resultSchema,
    // The profile's pointers name the message as parity compares it (learned-mcp.ts).
    learn: (changes) => call === undefined ? null : applyLearnedMcp(changes, call.method, status, message),
    kinds: MCP_KINDS,
    countsUnchanged: false,
    warnsSweptFailure: false,
    // The mcp-* kinds change only the message: the headers are the profile's.
    write: (result) => ({
      message: result.body, status: result.statusCode, headers: result.headers, removedHeaders: result.removedHeaders ?? []
    })
  })
}
