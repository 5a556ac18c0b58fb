// The drift pipeline, once for REST and MCP answers: the request's drift headers, a drift profile's changes, then
// random, forced or swept drift, the ledger, X-Emulator-Drift and the request record. Its two adapters (rest.ts, the
// serialized payload; mcp.ts, the JSON-RPC message) say how an answer is read, which kinds may touch it, how the
// profile's pointers see it and how the changed answer is written back.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { createRng, hashString, type Rng } from '../../lib/rng.js'
import { recordOf, routeOf, sweptDriftKinds } from '../request-record.js'
import { DRIFT_HEADER, applyRandom, driftHeaderValue } from './apply.js'
import { driftKindNames } from './kinds/index.js'
import type { LearnedOutput } from './learned.js'
import { applySteps } from './replay.js'
import { DRIFT_SEED_HEADER, DRIFT_WARNING_HEADER, parseDriftRequest, parseDriftSeed, type DriftRequest } from './request.js'
import type { DriftControl, DriftSettings } from './state.js'
import type { DriftContext, DriftResult } from './types.js'

/** What one request asks of drift, once its headers are read. */
interface Plan { request: DriftRequest, seed: number | undefined }

/** A drift profile's changes for one operation, as the control holds them. */
export type ProfiledChanges = NonNullable<ReturnType<DriftControl['learned']>>

/** The kinds that may touch an answer, and the warning for a forced one that may not. */
export interface KindFilter {
  accepts: (kind: string) => boolean
  refused: (kind: string) => string
}

/** One answer, as an adapter reads it, and what differs between REST and MCP answers. */
export interface DriftAnswer<Out> {
  /** How the ledger and a profile name the operation ('GET /api/v1/scenes/{sceneId}', 'POST /api/v1/mcp tools/list'). */
  operation: string
  /** The profile's changes for it, when the profile names it. */
  profiled: ProfiledChanges | undefined
  status: number
  /** The parsed JSON; undefined when the answer is not JSON, and then only a profile's status and headers apply. */
  json: { body: unknown } | undefined
  /** The JSON Schema that guides the kinds, for the answer's status once the profile has run. */
  schema (status: number): unknown
  /** The profile's changes applied where its pointers look (the body; parity's view of an MCP message). */
  learn (changes: ProfiledChanges): LearnedOutput | null
  /** The kinds that may touch the answer; undefined: every kind. */
  kinds: KindFilter | undefined
  /**
   * Two things REST and MCP answers did differently before they shared this pipeline, kept so (REST true, MCP
   * false; test/layers/drift/pipeline.test.ts pins the first): whether an answer of a profiled operation that nothing
   * changed counts as eligible in the ledger, and whether a swept drift that failed says so in X-Emulator-Drift-Warning.
   */
  countsUnchanged: boolean
  warnsSweptFailure: boolean
  /** The changed answer written back: status, headers, body (X-Emulator-Drift is the pipeline's). */
  write (result: DriftResult): Out
}

/** Warnings quote what the client sent: anything a header value may not carry becomes '?', so setting it cannot throw. */
function warn (reply: FastifyReply, warnings: readonly string[]): void {
  if (warnings.length > 0) reply.header(DRIFT_WARNING_HEADER, warnings.join('; ').replace(/[^\x20-\x7e]/g, '?'))
}

/** The drift headers as Node's parser names them (lower case), spelled once rather than lower-cased on every answer. */
const DRIFT_REQUEST_HEADER = DRIFT_HEADER.toLowerCase()
const DRIFT_SEED_REQUEST_HEADER = DRIFT_SEED_HEADER.toLowerCase()

function noDriftHeaders (request: FastifyRequest): boolean {
  const headers = request.headers
  return headers[DRIFT_REQUEST_HEADER] === undefined && headers[DRIFT_SEED_REQUEST_HEADER] === undefined
}

/**
 * Whether drift may change this request's answer at all, before any header is read or body parsed: drift off, no
 * drift header, no profile for the operation and no sweep (the usual case) change nothing.
 */
export function mayDrift (request: FastifyRequest, profiled: ProfiledChanges | undefined): boolean {
  return !noDriftHeaders(request) || request.server.control.drift.enabled() || profiled !== undefined ||
    sweptDriftKinds(recordOf(request), driftKindNames) !== null
}

/** Reads the request's drift headers; sets the warning header and returns null when they cannot be read. */
function readPlan (request: FastifyRequest, reply: FastifyReply): Plan | null {
  const asked = parseDriftRequest(request.headers[DRIFT_REQUEST_HEADER])
  const seed = parseDriftSeed(request.headers[DRIFT_SEED_REQUEST_HEADER])
  const warning = asked.mode === 'invalid' ? asked.warning : typeof seed === 'object' ? seed.warning : undefined
  if (warning !== undefined) {
    warn(reply, [warning])
    request.log.warn({ warning }, 'drift request header ignored')
    return null
  }
  return { request: asked, seed: seed as number | undefined }
}

/** The request itself, for seeds that must not depend on anything else: method, URL (with query) and body. */
function requestIdentity (request: FastifyRequest): string {
  return `${request.method}\n${request.url}\n${JSON.stringify(request.body) ?? ''}`
}

/**
 * The rng of one answer. A per-request seed, or forcing, derives it from the request alone (so concurrent tests
 * cannot shift it); otherwise it is the n-th draw of the global stream. Seeds go through hashString, because
 * neighbouring createRng seeds give similar first draws.
 */
function rngFor (request: FastifyRequest, plan: Plan, settings: DriftSettings, control: DriftControl): Rng {
  if (plan.seed !== undefined) return createRng(hashString(`request\n${plan.seed}\n${requestIdentity(request)}`))
  if (plan.request.mode === 'forced') return createRng(hashString(`request\n${settings.seed}\n${requestIdentity(request)}`))
  return createRng(hashString(`stream\n${settings.seed}\n${control.nextStreamIndex()}`))
}

/** The rng of a swept drift: the drift seed and the request alone, so a sweep's drifted answers repeat run to run. */
function sweptRng (request: FastifyRequest, settings: DriftSettings): Rng {
  return createRng(hashString(`sweep\n${settings.seed}\n${requestIdentity(request)}`))
}

/** Whether random or forced drift runs on this answer (the profile's changes run whenever the operation is in it). */
function drifts (plan: Plan | null, settings: DriftSettings): plan is Plan {
  return plan !== null && plan.request.mode !== 'off' && (plan.request.mode === 'forced' || settings.enabled)
}

/** The names the filter accepts (every one when there is no filter). */
function accepted (names: readonly string[], kinds: KindFilter | undefined): readonly string[] {
  return kinds === undefined ? names : names.filter(kinds.accepts)
}

/**
 * The kinds the chaos sweep asked for (layers/coverage/sweep-plugin.ts, through the request record) that may touch
 * this answer, or null when it asked none. A swept kind takes the place of random or forced drift on the answer.
 */
function sweptKinds (request: FastifyRequest, kinds: KindFilter | undefined): readonly string[] | null {
  const swept = sweptDriftKinds(recordOf(request), driftKindNames)
  return swept === null ? null : accepted(swept, kinds)
}

type Perturbed = { result: DriftResult | null, warnings: string[] }

/** One random kind on `rate` of the answers, or the forced steps in order (a step the filter refuses is a warning). */
function perturb (ctx: DriftContext, plan: Plan, settings: DriftSettings, kinds: KindFilter | undefined): Perturbed {
  if (plan.request.mode !== 'forced') {
    const drawn = ctx.rng.next() < settings.rate
    return { result: drawn ? applyRandom(ctx, accepted(settings.kinds, kinds)) : null, warnings: [] }
  }
  const { steps } = plan.request
  if (kinds === undefined) return applySteps(ctx, steps)
  const refused = steps.filter((step) => !kinds.accepts(step.kind)).map((step) => kinds.refused(step.kind))
  const { result, warnings } = applySteps(ctx, steps.filter((step) => kinds.accepts(step.kind)))
  return { result, warnings: [...refused, ...warnings] }
}

/** A fault in a drift kind must not cost the client its (undrifted) answer: log it and send the original. */
function safely (request: FastifyRequest, run: () => Perturbed): Perturbed {
  try {
    return run()
  } catch (err) {
    request.log.error({ err }, 'drift failed; response sent unchanged')
    return { result: null, warnings: ['drift failed on this response; sent unchanged'] }
  }
}

/** Like safely(): a fault while applying the profile must not cost the client its (unchanged) answer. */
export function learnedSafely (request: FastifyRequest, run: () => LearnedOutput | null): LearnedOutput | null {
  try {
    return run()
  } catch (err) {
    request.log.error({ err }, 'drift profile failed; response sent without its changes')
    return null
  }
}

/** Random, forced or swept drift on the (maybe learned) JSON answer; null when none applied. */
function randomForcedOrSwept<Out> (
  request: FastifyRequest, reply: FastifyReply, answer: DriftAnswer<Out>,
  plan: Plan | null, swept: readonly string[] | null, learned: LearnedOutput | null
): DriftResult | null {
  const control = request.server.control.drift
  const settings = control.settings()
  const statusCode = learned?.statusCode ?? answer.status
  const ctx: DriftContext = {
    method: request.method,
    route: routeOf(request).url as string,
    statusCode,
    body: learned === null ? answer.json?.body : learned.body,
    schema: answer.schema(statusCode),
    rng: swept === null ? rngFor(request, plan as Plan, settings, control) : sweptRng(request, settings)
  }
  const { result, warnings } = safely(request, () => swept === null
    ? perturb(ctx, plan as Plan, settings, answer.kinds)
    : { result: applyRandom(ctx, swept), warnings: [] })
  if (swept === null || answer.warnsSweptFailure) warn(reply, warnings)
  return result
}

/** The profile's changes on top of nothing, or under what random, forced or swept drift then does to the answer. */
function merged (learned: LearnedOutput | null, drifted: DriftResult | null): DriftResult | null {
  if (learned === null) return drifted
  if (drifted === null) return learned
  return {
    ...drifted,
    headers: { ...learned.headers, ...drifted.headers },
    removedHeaders: learned.removedHeaders,
    changes: [...learned.changes, ...drifted.changes]
  }
}

/**
 * The answer as drift leaves it, written back by the adapter; undefined when drift left it alone. The profile's
 * changes come first (whatever the drift settings), then random, forced or swept drift on the JSON; the ledger
 * counts the answer, X-Emulator-Drift names the changes and the request record holds them.
 */
export function runDrift<Out> (request: FastifyRequest, reply: FastifyReply, answer: DriftAnswer<Out>): Out | undefined {
  const plan = readPlan(request, reply)
  if (plan?.request.mode === 'off') return undefined
  const control = request.server.control.drift
  const swept = sweptKinds(request, answer.kinds)
  const drifting = swept !== null || drifts(plan, control.settings())
  const { profiled } = answer
  if (!drifting && profiled === undefined) return undefined
  const learned = profiled === undefined ? null : learnedSafely(request, () => answer.learn(profiled))
  if (learned === null && (answer.json === undefined || (!drifting && !answer.countsUnchanged))) return undefined
  const drifted = answer.json === undefined || !drifting
    ? null
    : randomForcedOrSwept(request, reply, answer, plan, swept, learned)
  const result = merged(learned, drifted)
  control.record(answer.operation, result?.changes ?? null)
  if (result === null || result.changes.length === 0) return undefined
  const out = answer.write(result)
  const header = driftHeaderValue(result.changes)
  reply.header(DRIFT_HEADER, header)
  recordOf(request).drift = { changes: result.changes, header }
  return out
}
