// Drift on the MCP interface, the drift layer's side: the mcp-* kinds applied to the one JSON-RPC response message of
// an MCP answer, under the same settings, seeded stream, request headers and ledger as REST. The endpoint
// (api/v1/mcp/drift.ts) takes the message out of its framing (an SSE event or JSON) and puts the changed one back.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { TSchema } from 'typebox'
import { recordOf, sweptDriftKinds, type McpEntry } from '../request-record.js'
import { DRIFT_HEADER, applyRandom, driftHeaderValue } from './apply.js'
import { driftKindNames, isMcpDriftKind } from './kinds/index.js'
import { drifts, learnedSafely, noDriftHeaders, readPlan, rngFor, safely, sweptDrift, sweptRng, warn, type Plan } from './plugin.js'
import { applySteps } from './replay.js'
import type { DriftControl, DriftSettings } from './state.js'
import type { DriftContext, DriftResult } from './types.js'
import { applyLearnedMcp } from './learned-mcp.js'
import { mcpOperation } from '../../formats/mcp-view.js'
import type { LearnedOutput } from './learned.js'

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

/** `POST /api/v1/mcp tools/call list_scenes`: the ledger counts MCP answers by method and tool, as parity names them. */
function ledgerKey (route: string, call: McpEntry | undefined): string {
  return call === undefined ? `POST ${route}` : mcpOperation(route, call.method, call.tool)
}

/** An MCP answer as drift leaves it: the message, and the status and headers a drift profile changed. */
export interface McpDrifted {
  message: unknown
  status: number
  headers: Record<string, string>
  removedHeaders: string[]
}

/** The drift profile's changes for this call's operation, if the profile names it. */
function profiled (request: FastifyRequest, call: McpEntry | undefined | null): ReturnType<DriftControl['learned']> {
  const route = request.routeOptions.url
  return route === undefined || call === undefined || call === null ? undefined : request.server.control.drift.learned(ledgerKey(route, call))
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
  const record = recordOf(request)
  return !noDriftHeaders(request) || request.server.control.drift.enabled() || profiled(request, record.mcp) !== undefined ||
    sweptDriftKinds(record, driftKindNames) !== null
}

/** The mcp-* kinds of those the chaos sweep asked for on this answer (REST kinds never touch MCP), or null. */
function sweptMcpKinds (request: FastifyRequest): string[] | null {
  const kinds = sweptDriftKinds(recordOf(request), driftKindNames)
  return kinds === null ? null : kinds.filter(isMcpDriftKind)
}

/** Random or forced mcp-* drift on the (maybe learned) message; called when drifts() says it runs. */
function randomOrForced (request: FastifyRequest, reply: FastifyReply, plan: Plan, settings: DriftSettings, ctx: DriftContext): DriftResult | null {
  const { result, warnings } = safely(request, () => perturb(ctx, plan, settings))
  warn(reply, warnings)
  return result
}

/**
 * The answer as drift leaves it: undefined when unchanged. A drift profile's changes for this call come first
 * (whatever the drift settings), then random or forced mcp-* drift; X-Emulator-Drift is set, the ledger counts it
 * and the request record says what changed.
 */
export function driftMcpMessage (request: FastifyRequest, reply: FastifyReply, target: McpDriftTarget): McpDrifted | undefined {
  const control = request.server.control.drift
  const plan = readPlan(request, reply)
  if (plan?.request.mode === 'off') return undefined
  const changes = profiled(request, target.call)
  const call = target.call
  const learned: LearnedOutput | null = changes === undefined || call === undefined ? null : learnedSafely(request, () => applyLearnedMcp(changes, call.method, target.status, target.message))
  const route = request.routeOptions.url as string
  const status = learned?.statusCode ?? target.status
  const body = learned === null ? target.message : learned.body
  const settings = control.settings()
  const swept = sweptMcpKinds(request)
  const drifting = swept !== null || drifts(plan, settings)
  if (!drifting && learned === null) return undefined
  const ctx = { method: request.method, route, statusCode: status, body, schema: target.resultSchema }
  const drifted = swept !== null
    ? safely(request, () => sweptDrift({ ...ctx, rng: sweptRng(request, settings) }, swept)).result
    : drifts(plan, settings) ? randomOrForced(request, reply, plan, settings, { ...ctx, rng: rngFor(request, plan, settings, control) }) : null
  const all = [...(learned?.changes ?? []), ...(drifted?.changes ?? [])]
  control.record(ledgerKey(route, target.call), all)
  if (all.length === 0) return undefined
  const header = driftHeaderValue(all)
  reply.header(DRIFT_HEADER, header)
  recordOf(request).drift = { changes: all, header }
  return { message: drifted?.body ?? body, status: drifted?.statusCode ?? status, headers: learned?.headers ?? {}, removedHeaders: learned?.removedHeaders ?? [] }
}
