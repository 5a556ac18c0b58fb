// Drift on REST answers, the pipeline's first adapter (pipeline.ts): the serialized JSON an onSend hook of /api/v1
// sends, read with its route's response schema and written back in place (status, headers, body). What a fault or
// a stub answered, and a profile's missing route, are left alone.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { toOpenApiPath } from '../../lib/routes.js'
import { answeredByHarness, recordOf, routeOf } from '../request-record.js'
import { applyLearned } from './learned.js'
import { mayDrift, runDrift } from './pipeline.js'
import type { DriftResult } from './types.js'

/** 'GET /api/v1/scenes/{sceneId}': the route as the ledger and the docs name it. */
export function routeKey (method: string, url: string): string {
  return `${method} ${toOpenApiPath(url)}`
}

/** The response schema for this status ('200', then '2xx', then 'default'), as the route declared it. */
function responseSchema (request: FastifyRequest, statusCode: number): unknown {
  const response = (routeOf(request).schema as { response?: Record<string, unknown> } | undefined)?.response
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

/**
 * Whether drift may look at this response at all, before any header or setting is read. Eligible: every JSON
 * answer of an /api/v1 route, errors included. INFER: a beta API reshapes its error envelope as readily as
 * its records (change-error-envelope), and clients' error paths are the least tested.
 */
function inScope (request: FastifyRequest): boolean {
  const { url, config } = routeOf(request)
  // HEAD has no body to drift; unmatched URLs (url undefined) are the root not-found handler's, not a route's;
  // a body a fault produced (a 5xx envelope, the HTML 503, a trickled stream) is the fault's, not the API's, and a
  // stubbed answer is what the test asked for verbatim.
  // A missing route's answer (missing-routes.ts) is the target's not-found as learned, changed no further.
  const record = recordOf(request)
  return request.method !== 'HEAD' && url !== undefined && config.drift !== false && !answeredByHarness(record) && record.drift === null
}

/** Writes the drifted status and headers (X-Emulator-Drift is the pipeline's). */
function writeHead (reply: FastifyReply, result: DriftResult): void {
  if (result.statusCode !== reply.statusCode) reply.code(result.statusCode)
  for (const name of result.removedHeaders ?? []) reply.removeHeader(name)
  for (const [name, value] of Object.entries(result.headers)) {
    const existing = reply.getHeader(name)
    // Link may already carry relations of its own (RFC 8288 allows a comma-separated list).
    reply.header(name, name.toLowerCase() === 'link' && existing !== undefined ? `${String(existing)}, ${value}` : value)
  }
}

/**
 * Writes the drifted status, headers and body; returns the new payload. An answer that is not JSON (a 204) keeps its
 * payload: only its status and headers are the profile's.
 */
function writeBack (reply: FastifyReply, result: DriftResult, payload: unknown, json: boolean): unknown {
  writeHead(reply, result)
  if (!json) return payload
  if (result.body !== undefined) return JSON.stringify(result.body)
  // The 204 case: no body, so no Content-Type (Fastify drops Content-Length itself for 204).
  reply.removeHeader('content-type')
  return ''
}

/** No profile and nothing that may drift this answer (the usual case): the hook can go on without a promise. */
export function driftIdle (request: FastifyRequest): boolean {
  return request.server.control.drift.profile === undefined && !mayDrift(request, undefined)
}

/** The onSend hook of /api/v1 (plugin.ts registers it): the payload as drift leaves it. */
export async function driftPayload (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  // Scope first: the MCP endpoint's answers (config.drift false) are its adapter's (mcp.ts), drifted before this hook.
  if (!inScope(request)) return payload
  const control = request.server.control.drift
  const route = routeOf(request).url as string
  // Without a profile (the usual case) no operation key is built before drift is known to run.
  const key = control.profile === undefined ? undefined : routeKey(request.method, route)
  const profiled = key === undefined ? undefined : control.learned(key)
  if (!mayDrift(request, profiled)) return payload
  const json = parseJson(reply, payload)
  const drifted = runDrift(request, reply, {
    operation: key ?? routeKey(request.method, route),
    profiled,
    status: reply.statusCode,
    json,
    schema: (status) => responseSchema(request, status),
    learn: (changes) => applyLearned(changes, { statusCode: reply.statusCode, body: json?.body }),
    // Every kind may look at a REST answer: the mcp-* kinds apply to none, so a forced one warns that it did not apply.
    kinds: undefined,
    countsUnchanged: true,
    warnsSweptFailure: true,
    write: (result) => writeBack(reply, result, payload, json !== undefined)
  })
  return drifted === undefined ? payload : drifted
}
