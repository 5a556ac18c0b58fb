// What the coverage counts one answer under: its operation (as parity reports name it) and its outcomes. Pure.
import type { FastifyRequest } from 'fastify'
import { toOpenApiPath } from '../../lib/routes.js'
import { routeOf, type McpEntry, type RequestRecord } from '../request-record.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The MCP endpoint's tools (set by its route): an MCP call counts under `mcp <tool>` only for a tool it has. */
    mcpTools?: readonly string[]
  }
}

/** The JSON-RPC methods an MCP client sends besides tools/call; any other counts as `mcp (other method)`. */
const MCP_METHODS = new Set(['initialize', 'ping', 'tools/list', 'notifications/initialized', 'notifications/cancelled',
  'resources/list', 'resources/templates/list', 'prompts/list', 'completion/complete', 'logging/setLevel'])

const operationKeys = new Map<string, string>()

/** 'GET /api/v1/scenes/{sceneId}' for a route pattern, built once per route and method (the answer path is hot). */
function routeOperation (method: string, route: string): string {
  const id = `${method} ${route}`
  let key = operationKeys.get(id)
  if (key === undefined) {
    key = `${method} ${toOpenApiPath(route)}`
    operationKeys.set(id, key)
  }
  return key
}

/**
 * `mcp <tool>` for a tools/call, `mcp <method>` for the protocol's other methods. A name the endpoint does not know
 * is counted under one key, so a client cannot grow the counts without bound by sending made-up names.
 */
function mcpOperation (request: FastifyRequest, call: McpEntry | null): string | undefined {
  if (call === null) return undefined
  if (call.method === 'tools/call') {
    const known = call.tool !== null && routeOf(request).config.mcpTools?.includes(call.tool) === true
    return known ? `mcp ${call.tool as string}` : 'mcp (unknown tool)'
  }
  return MCP_METHODS.has(call.method) ? `mcp ${call.method}` : 'mcp (other method)'
}

/** Every name a route's answers can count under (`GET /api/v1/scenes`, `mcp list_scenes`, `mcp initialize`): a check lists these. */
export function operationsOfRoute (methods: string | readonly string[], route: string, mcpTools: readonly string[] | undefined): string[] {
  const names = [methods].flat().map((method) => routeOperation(method, route))
  if (mcpTools === undefined) return names
  return [...names, ...mcpTools.map((tool) => `mcp ${tool}`), ...[...MCP_METHODS].map((method) => `mcp ${method}`)]
}

/**
 * The operation an answer counts under (the first message's, for an MCP batch: what the sweep serves a failure to). A
 * URL no route matches counts under `<METHOD> /api/v1/*` (one key, however many URLs); an MCP request whose body was
 * never read (a fault answered first) under `POST /api/v1/mcp`.
 */
export function operationOf (request: FastifyRequest, record: RequestRecord): string {
  const route = routeOf(request).url
  if (route === undefined) return `${request.method} /api/v1/*`
  return mcpOperation(request, record.mcp) ?? routeOperation(request.method, route)
}

/** Whether a fault or the sweep answered instead of the route: that failure was served to the one operation it chose. */
function failureServed (record: RequestRecord): boolean {
  return record.fault?.answered === true || record.chaos?.answered === true
}

/**
 * Every operation an answer counts under: operationOf's one, but each message of a served MCP batch as itself (a
 * batch of list_scenes and get_scene counts once under each), so no message is hidden behind the first. A batch a
 * fault or the sweep answered counts only under the operation that failure was chosen for (the first message's), so
 * a gate never credits it to a tool it was not served to; a batch refused whole (junk items, a status of 400 or more)
 * called no tool and counts under its route, `POST /api/v1/mcp`.
 */
export function operationsOf (request: FastifyRequest, record: RequestRecord, statusCode: number): string[] {
  const batch = record.mcpBatch
  const route = routeOf(request).url
  if (batch === null || route === undefined || failureServed(record)) return [operationOf(request, record)]
  if (batch.length === 0 || statusCode >= 400) return [routeOperation(request.method, route)]
  return batch.map((call) => mcpOperation(request, call) as string)
}

const STATUS_NAMES = new Map<number, string>()

function statusName (status: number): string {
  let name = STATUS_NAMES.get(status)
  if (name === undefined) STATUS_NAMES.set(status, name = String(status))
  return name
}

/** `drift:<kind>` per drift kind applied, `learned` for a profile's change; each once per answer. */
function driftOutcomes (record: RequestRecord, into: string[]): void {
  for (const change of record.drift?.changes ?? []) {
    const space = change.indexOf(' ')
    const kind = space < 0 ? change : change.slice(0, space)
    const outcome = kind === 'learned' ? 'learned' : `drift:${kind}`
    if (!into.includes(outcome)) into.push(outcome)
  }
}

/** Whether the emulator itself dropped the connection (a fault or the sweep), not the client going away. */
function droppedOnPurpose (record: RequestRecord): boolean {
  return record.fault?.fault?.kind === 'drop' || (record.chaos?.answered === true && record.chaos.outcome === 'drop')
}

/**
 * What the client received, as outcomes: its status, `slow` for a trickled body, drift's kinds; `drop` alone when the
 * emulator dropped the connection. null when nothing went out and the emulator did not drop it (the client left).
 */
export function outcomesOf (record: RequestRecord, headersSent: boolean, statusCode: number): string[] | null {
  if (!headersSent) return droppedOnPurpose(record) ? ['drop'] : null
  const outcomes = [statusName(statusCode)]
  if (record.fault?.fault?.kind === 'slow' && record.fault.answered) outcomes.push('slow')
  if (record.drift !== null) driftOutcomes(record, outcomes)
  return outcomes
}
