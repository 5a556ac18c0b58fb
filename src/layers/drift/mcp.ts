// Drift on the MCP interface, the drift layer's side: the mcp-* kinds applied to the one JSON-RPC response message of
// an MCP answer, under the same settings, seeded stream, request headers and ledger as REST. The endpoint
// (api/v1/mcp/drift.ts) takes the message out of its framing (an SSE event or JSON) and puts the changed one back.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { TSchema } from 'typebox'
import { recordOf, type McpEntry } from '../request-record.js'
import { DRIFT_HEADER, applyRandom, driftHeaderValue } from './apply.js'
import { isMcpDriftKind } from './kinds/index.js'
import { noDriftHeaders, readPlan, rngFor, safely, warn, type Plan } from './plugin.js'
import { applySteps } from './replay.js'
import type { DriftSettings } from './state.js'
import type { DriftContext, DriftResult } from './types.js'

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

/** `POST /api/v1/mcp tools/call list_scenes`: the ledger counts MCP answers by method and tool. */
function ledgerKey (route: string, call: McpEntry | undefined): string {
  const what = call === undefined ? '' : ` ${call.method}${call.tool === null ? '' : ` ${call.tool}`}`
  return `POST ${route}${what}`
}

/** Forced mcp-* steps in order, or one random mcp-* kind on `rate` of the answers; REST kinds never touch MCP. */
function perturb (ctx: DriftContext, plan: Plan, settings: DriftSettings): { result: DriftResult | null, warnings: string[] } {
  if (plan.request.mode === 'forced') {
    const steps = plan.request.steps.filter((step) => isMcpDriftKind(step.kind))
    const skipped = plan.request.steps.filter((step) => !isMcpDriftKind(step.kind)).map((step) => `${step.kind} does not apply to MCP answers (only the mcp-* kinds do)`)
    const { result, warnings } = applySteps(ctx, steps)
    return { result, warnings: [...skipped, ...warnings] }
  }
  const drawn = ctx.rng.next() < settings.rate
  return { result: drawn ? applyRandom(ctx, settings.kinds.filter(isMcpDriftKind)) : null, warnings: [] }
}

/** Whether drift may change this request's answer at all: off with no drift header (the usual case) it cannot. */
export function mcpDriftMayApply (request: FastifyRequest): boolean {
  return !noDriftHeaders(request) || request.server.control.drift.enabled()
}

/**
 * The message as drift leaves it: undefined when unchanged; when perturbed, X-Emulator-Drift is set, the ledger
 * counts it and the request record says what changed.
 */
export function driftMcpMessage (request: FastifyRequest, reply: FastifyReply, target: McpDriftTarget): unknown {
  const control = request.server.control.drift
  const plan = readPlan(request, reply)
  const settings = control.settings()
  if (plan === null || plan.request.mode === 'off' || (plan.request.mode === 'default' && !settings.enabled)) return undefined
  const route = request.routeOptions.url as string
  const ctx: DriftContext = {
    method: request.method,
    route,
    statusCode: target.status,
    body: target.message,
    schema: target.resultSchema,
    rng: rngFor(request, plan, settings, control)
  }
  const { result, warnings } = safely(request, () => perturb(ctx, plan, settings))
  warn(reply, warnings)
  control.record(ledgerKey(route, target.call), result?.changes ?? null)
  if (result === null || result.changes.length === 0) return undefined
  const header = driftHeaderValue(result.changes)
  reply.header(DRIFT_HEADER, header)
  recordOf(request).drift = { changes: result.changes, header }
  return result.body
}
