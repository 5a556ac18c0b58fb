// The drift layer (layers/drift/README.md): an onSend hook of the /api/v1 scope that perturbs the serialized JSON going
// out, seeded and explained in X-Emulator-Drift, and counts what it did in the ledger. Storage is never touched.
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { createRng, hashString, type Rng } from '../../lib/rng.js'
import { toOpenApiPath } from '../../lib/routes.js'
import type { DriftControl, DriftSettings } from './state.js'
import { answeredByHarness, recordOf, sweptDriftKinds } from '../request-record.js'
import { driftKindNames } from './kinds/index.js'
import { DRIFT_HEADER, applyRandom, driftHeaderValue } from './apply.js'
import { applySteps } from './replay.js'
import { DRIFT_SEED_HEADER, DRIFT_WARNING_HEADER, parseDriftRequest, parseDriftSeed, type DriftRequest } from './request.js'
import type { DriftContext, DriftResult } from './types.js'
import { applyLearned, type LearnedOutput } from './learned.js'
import { MCP_ANSWERS, mcpOperations, profileMisfit, type RouteAnswers } from './profile-check.js'
import { ConfigError } from '../../config/index.js'

/** The public scope registers it before auth: a drift profile's missing routes answer before the operation runs. */
export { default as missingRoutes } from './missing-routes.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: drift never touches this route's responses. */
    drift?: boolean
    /** The MCP endpoint's tools: the MCP operations a drift profile may name (`POST /api/v1/mcp tools/call <tool>`). */
    mcpTools?: readonly string[]
  }
}

/** What one request asks of drift, once its headers are read. */
export interface Plan { request: DriftRequest, seed: number | undefined }

/** 'GET /api/v1/scenes/{sceneId}': the route as the ledger and the docs name it. */
export function routeKey (method: string, url: string): string {
  return `${method} ${toOpenApiPath(url)}`
}

/** The response schema for this status ('200', then '2xx', then 'default'), as the route declared it. */
function responseSchema (request: FastifyRequest, statusCode: number): unknown {
  const response = (request.routeOptions.schema as { response?: Record<string, unknown> } | undefined)?.response
  if (response === undefined) return undefined
  return response[statusCode] ?? response[`${String(statusCode)[0]}xx`] ?? response.default
}

/** The payload as JSON, or undefined when it is not a JSON text (an HTML fault page, a stream, an empty body). */
function parseJson (reply: FastifyReply, payload: unknown): { body: unknown } | undefined {
  if (!/json/i.test(String(reply.getHeader('content-type') ?? ''))) return undefined
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined
  try {
    return { body: JSON.parse(payload.toString()) }
  } catch {
    return undefined
  }
}

/** Warnings quote what the client sent: anything a header value may not carry becomes '?', so setting it cannot throw. */
export function warn (reply: FastifyReply, warnings: readonly string[]): void {
  if (warnings.length > 0) reply.header(DRIFT_WARNING_HEADER, warnings.join('; ').replace(/[^\x20-\x7e]/g, '?'))
}

export function noDriftHeaders (request: FastifyRequest): boolean {
  return request.headers[DRIFT_HEADER.toLowerCase()] === undefined && request.headers[DRIFT_SEED_HEADER.toLowerCase()] === undefined
}

/** Reads the request's drift headers; sets the warning header and returns null when they cannot be read. */
export function readPlan (request: FastifyRequest, reply: FastifyReply): Plan | null {
  const asked = parseDriftRequest(request.headers[DRIFT_HEADER.toLowerCase()])
  const seed = parseDriftSeed(request.headers[DRIFT_SEED_HEADER.toLowerCase()])
  const warning = asked.mode === 'invalid' ? asked.warning : typeof seed === 'object' ? seed.warning : undefined
  if (warning !== undefined) {
    warn(reply, [warning])
    request.log.warn({ warning }, 'drift request header ignored')
    return null
  }
  return { request: asked, seed: seed as number | undefined }
}

/** The request itself, for seeds that must not depend on anything else: method, URL (with query) and body. */
export function requestIdentity (request: FastifyRequest): string {
  return `${request.method}\n${request.url}\n${JSON.stringify(request.body) ?? ''}`
}

/**
 * The rng of one response. A per-request seed, or forcing, derives it from the request alone (so concurrent
 * tests cannot shift it); otherwise it is the n-th draw of the global stream. Seeds go through hashString,
 * because neighbouring createRng seeds give similar first draws.
 */
export function rngFor (request: FastifyRequest, plan: Plan, settings: DriftSettings, control: DriftControl): Rng {
  if (plan.seed !== undefined) return createRng(hashString(`request\n${plan.seed}\n${requestIdentity(request)}`))
  if (plan.request.mode === 'forced') return createRng(hashString(`request\n${settings.seed}\n${requestIdentity(request)}`))
  return createRng(hashString(`stream\n${settings.seed}\n${control.nextStreamIndex()}`))
}

/** Forced steps, or one random kind on `rate` of the responses. */
function perturb (ctx: DriftContext, plan: Plan, settings: DriftSettings): { result: DriftResult | null, warnings: string[] } {
  if (plan.request.mode === 'forced') return applySteps(ctx, plan.request.steps)
  const drawn = ctx.rng.next() < settings.rate
  return { result: drawn ? applyRandom(ctx, settings.kinds) : null, warnings: [] }
}

/** Writes the drifted status and headers, X-Emulator-Drift included, and records the changes. */
function sendHead (request: FastifyRequest, reply: FastifyReply, result: DriftResult): void {
  if (result.statusCode !== reply.statusCode) reply.code(result.statusCode)
  for (const name of result.removedHeaders ?? []) reply.removeHeader(name)
  for (const [name, value] of Object.entries(result.headers)) {
    const existing = reply.getHeader(name)
    // Link may already carry relations of its own (RFC 8288 allows a comma-separated list).
    reply.header(name, name.toLowerCase() === 'link' && existing !== undefined ? `${String(existing)}, ${value}` : value)
  }
  const header = driftHeaderValue(result.changes)
  reply.header(DRIFT_HEADER, header)
  recordOf(request).drift = { changes: result.changes, header }
}

/** Writes the drifted status, headers and body; returns the new payload. */
function send (request: FastifyRequest, reply: FastifyReply, result: DriftResult): string {
  sendHead(request, reply, result)
  if (result.body !== undefined) return JSON.stringify(result.body)
  // The 204 case: no body, so no Content-Type (Fastify drops Content-Length itself for 204).
  reply.removeHeader('content-type')
  return ''
}

/**
 * Whether drift may look at this response at all, before any header or setting is read. Eligible: every JSON
 * answer of an /api/v1 route, errors included. INFER: a beta API reshapes its error envelope as readily as
 * its records (change-error-envelope), and clients' error paths are the least tested.
 */
function inScope (request: FastifyRequest): boolean {
  const { url, config } = request.routeOptions
  // HEAD has no body to drift; unmatched URLs (url undefined) are the root not-found handler's, not a route's;
  // a body a fault produced (a 5xx envelope, the HTML 503, a trickled stream) is the fault's, not the API's, and a
  // stubbed answer is what the test asked for verbatim.
  // A missing route's answer (missing-routes.ts) is the target's not-found as learned, changed no further.
  const record = recordOf(request)
  return request.method !== 'HEAD' && url !== undefined && config.drift !== false && !answeredByHarness(record) && record.drift === null
}

/** A fault in a drift kind must not cost the client its (undrifted) response: log it and send the original. */
export function safely (request: FastifyRequest, run: () => ReturnType<typeof perturb>): ReturnType<typeof perturb> {
  try {
    return run()
  } catch (err) {
    request.log.error({ err }, 'drift failed; response sent unchanged')
    return { result: null, warnings: ['drift failed on this response; sent unchanged'] }
  }
}

/** The profile's changes on top of nothing, or under what random or forced drift then does to the answer. */
function merged (learned: LearnedOutput | null, drifted: DriftResult | null): DriftResult | null {
  if (learned === null) return drifted
  if (drifted === null) return learned
  return { ...drifted, headers: { ...learned.headers, ...drifted.headers }, removedHeaders: learned.removedHeaders, changes: [...learned.changes, ...drifted.changes] }
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

/** Whether random or forced drift runs on this answer (the profile's changes run whenever the operation is in it). */
export function drifts (plan: Plan | null, settings: DriftSettings): plan is Plan {
  return plan !== null && plan.request.mode !== 'off' && (plan.request.mode === 'forced' || settings.enabled)
}

/**
 * The kind the chaos sweep asked for (layers/coverage/sweep-plugin.ts, through the request record), drawn among the
 * asked ones that apply to this answer; seeded by the request alone, as forced drift is. It takes the place of
 * random or forced drift on this answer.
 */
export function sweptDrift (ctx: DriftContext, kinds: readonly string[]): { result: DriftResult | null, warnings: string[] } {
  return { result: applyRandom(ctx, kinds), warnings: [] }
}

/** The rng of a swept drift: the drift seed and the request alone, so a sweep's drifted answers repeat run to run. */
export function sweptRng (request: FastifyRequest, settings: DriftSettings): Rng {
  return createRng(hashString(`sweep\n${settings.seed}\n${requestIdentity(request)}`))
}

/** Random, forced or swept drift on the (maybe learned) JSON answer; null when none runs or none applied. */
function randomForcedOrSwept (request: FastifyRequest, reply: FastifyReply, plan: Plan | null, swept: readonly string[] | null, body: unknown, statusCode: number): DriftResult | null {
  const control = request.server.control.drift
  const settings = control.settings()
  if (swept === null && !drifts(plan, settings)) return null
  const ctx: DriftContext = {
    method: request.method,
    route: request.routeOptions.url as string,
    statusCode,
    body,
    schema: responseSchema(request, statusCode),
    rng: swept === null ? rngFor(request, plan as Plan, settings, control) : sweptRng(request, settings)
  }
  const { result, warnings } = safely(request, () => swept === null ? perturb(ctx, plan as Plan, settings) : sweptDrift(ctx, swept))
  warn(reply, warnings)
  return result
}

/** Drift off, no drift header, no profile, no sweep (the usual case): nothing in onSend could change the answer. */
function idle (control: DriftControl, request: FastifyRequest): boolean {
  return control.profile === undefined && noDriftHeaders(request) && !control.enabled() && sweptDriftKinds(recordOf(request), driftKindNames) === null
}

async function onSend (control: DriftControl, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const route = request.routeOptions.url
  // Without a profile (the usual case) no operation key is built: this hook runs on every answer.
  const profiled = control.profile === undefined || route === undefined ? undefined : control.learned(routeKey(request.method, route))
  const swept = sweptDriftKinds(recordOf(request), driftKindNames)
  // Drift off, no drift header, no profile for this route, no sweep (the usual case): nothing below changes the response.
  if (noDriftHeaders(request) && !control.enabled() && profiled === undefined && swept === null) return payload
  if (!inScope(request)) return payload
  const plan = readPlan(request, reply)
  if (plan?.request.mode === 'off') return payload
  const json = parseJson(reply, payload)
  if (!drifts(plan, control.settings()) && profiled === undefined && swept === null) return payload
  const learned = profiled === undefined ? null : learnedSafely(request, () => applyLearned(profiled, { statusCode: reply.statusCode, body: json?.body }))
  if (json === undefined && learned === null) return payload
  const drifted = json === undefined ? null : randomForcedOrSwept(request, reply, plan, swept, learned === null ? json.body : learned.body, learned?.statusCode ?? reply.statusCode)
  const result = merged(learned, drifted)
  control.record(routeKey(request.method, route as string), result?.changes ?? null)
  if (result === null || result.changes.length === 0) return payload
  // An answer that is not JSON (a 204) keeps its payload: only its status and headers are the profile's.
  if (json !== undefined) return send(request, reply, result)
  sendHead(request, reply, result)
  return payload
}

/** A route's `config.drift` is checked when the route is added, so a typo fails at boot. */
function checkRouteConfig (route: RouteOptions): void {
  const value = (route.config as { drift?: unknown } | undefined)?.drift
  if (value !== undefined && typeof value !== 'boolean') {
    throw new TypeError(`route ${String(route.method)} ${route.url}: config.drift must be true or false (got ${JSON.stringify(value)})`)
  }
}

/** Every route's declared answers, by operation, so a drift profile can be checked against them once all are added. */
function collectRoutes (routes: Map<string, RouteAnswers>, route: RouteOptions): void {
  const answers = (route.schema as { response?: RouteAnswers } | undefined)?.response ?? {}
  for (const method of [route.method].flat()) routes.set(routeKey(method, route.url), answers)
  const tools = (route.config as { mcpTools?: readonly string[] } | undefined)?.mcpTools
  for (const operation of tools === undefined ? [] : mcpOperations(route.url, tools)) routes.set(operation, MCP_ANSWERS)
}

export default fp(async (app) => {
  const control = app.control.drift
  app.addHook('onRoute', checkRouteConfig)
  const { profile } = control
  if (profile !== undefined) {
    const routes = new Map<string, RouteAnswers>()
    app.addHook('onRoute', (route) => collectRoutes(routes, route))
    // A profile naming what this emulator does not have fails start-up with one line rather than never applying.
    app.addHook('onReady', async () => {
      const misfit = profileMisfit(profile, routes, `EMULATOR_DRIFT_PROFILE (--drift-profile) ${app.config.driftProfile ?? ''}`)
      if (misfit !== undefined) throw new ConfigError(`Invalid configuration: ${misfit}`)
    })
  }
  // On every answer, and idle for almost all: those go on at once (done), the rest through the async onSend.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (idle(control, request)) return done(null, payload)
    return onSend(control, request, reply, payload)
  })
}, { name: 'drift', dependencies: ['runtime'] })
