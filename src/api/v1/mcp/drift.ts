// Drift on the MCP interface: the same settings, seeded stream, request headers and ledger as REST (layers/drift), with
// the mcp-* kinds applied to the one JSON-RPC response an answer carries, in its own framing (an SSE event or JSON).
// The drift layer's onSend skips this route (config.drift: false) because it reads JSON bodies only.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { DRIFT_HEADER, applyRandom, driftHeaderValue } from '../../../layers/drift/apply.js'
import { isMcpDriftKind } from '../../../layers/drift/kinds/index.js'
import { noDriftHeaders, readPlan, rngFor, safely, warn, type Plan } from '../../../layers/drift/plugin.js'
import { applySteps } from '../../../layers/drift/replay.js'
import type { DriftSettings } from '../../../layers/drift/state.js'
import type { DriftContext, DriftResult } from '../../../layers/drift/types.js'
import type { McpCall } from '../../../layers/journal/state.js'
import type { Answer } from './exchange-types.js'
import type { ToolEntry } from './tools/unit.js'

/** The one JSON-RPC response of an answer, and how to write a changed one back in the same framing. */
interface Decoded { message: unknown, encode: (message: unknown) => Answer }

const contentType = ({ headers }: Answer): string => headers.find(([name]) => name === 'content-type')?.[1] ?? ''

/** The answer's response message, or undefined for answers that carry none or several (202, batches, progress). */
function decode (answer: Answer): Decoded | undefined {
  const type = contentType(answer)
  try {
    if (type.startsWith('application/json')) {
      const message: unknown = JSON.parse(answer.text)
      if (Array.isArray(message)) return undefined
      return { message, encode: (changed) => ({ ...answer, text: JSON.stringify(changed) }) }
    }
    const events = answer.text.split('\n\n').filter((event) => event !== '')
    if (!type.startsWith('text/event-stream') || events.length !== 1 || !events[0].startsWith('event: message\ndata: ')) return undefined
    const message: unknown = JSON.parse(events[0].slice('event: message\ndata: '.length))
    return { message, encode: (changed) => ({ ...answer, text: `event: message\ndata: ${JSON.stringify(changed)}\n\n` }) }
  } catch {
    return undefined
  }
}

/** `POST /api/v1/mcp tools/call list_scenes`: the ledger counts MCP answers by method and tool. */
function ledgerKey (route: string, call: McpCall | undefined): string {
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

export interface DriftTarget {
  /** The request's method and tool, as the journal records them. */
  call: McpCall | undefined
  /** The endpoint's tools: a REST-backed tool's result schema guides mcp-rename-result-field. */
  tools: readonly ToolEntry[]
}

/** The answer as drift leaves it: unchanged, or perturbed, with X-Emulator-Drift set and the ledger counting it. */
export function driftAnswer (request: FastifyRequest, reply: FastifyReply, answer: Answer, { call, tools }: DriftTarget): Answer {
  const control = request.server.control.drift
  // Drift off and no drift header (the usual case): nothing below would change the answer.
  if (noDriftHeaders(request) && !control.enabled()) return answer
  const plan = readPlan(request, reply)
  const settings = control.settings()
  if (plan === null || plan.request.mode === 'off' || (plan.request.mode === 'default' && !settings.enabled)) return answer
  const decoded = decode(answer)
  if (decoded === undefined) return answer
  const route = request.routeOptions.url as string
  const ctx: DriftContext = {
    method: request.method,
    route,
    statusCode: answer.status,
    body: decoded.message,
    schema: tools.find((entry) => entry.declaration.name === call?.tool)?.declaration.result,
    rng: rngFor(request, plan, settings, control)
  }
  const { result, warnings } = safely(request, () => perturb(ctx, plan, settings))
  warn(reply, warnings)
  control.record(ledgerKey(route, call), result?.changes ?? null)
  if (result === null || result.changes.length === 0) return answer
  reply.header(DRIFT_HEADER, driftHeaderValue(result.changes))
  request.driftChanges = result.changes
  return decoded.encode(result.body)
}
