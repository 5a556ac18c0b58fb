// The chaos sweep on /api/v1 (EMULATOR_CHAOS=sweep; no hook at all when off). preHandler (after auth, the rate
// limit and validation, before the handler): the operation's next failure, if any, is served instead of the route, so
// a swept status or drop never writes; a swept drift is left to the drift layer (through the request record), which
// applies it to the route's answer. onSend (after drift): X-Emulator-Chaos names what was served.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { emulatorError, type ErrorCode } from '../../errors.js'
import { recordOf, routeOf, type ChaosEntry } from '../request-record.js'
import { operationOf } from './operation.js'
import type { SweepControl } from './sweep.js'

export const CHAOS_HEADER = 'X-Emulator-Chaos'
/** INFER: one second, the shortest wait a Retry-After can ask; the real limiter's own answer says more. */
const SWEPT_RETRY_AFTER_SECONDS = 1
const STATUS_ERRORS: Record<string, ErrorCode> = { 500: 'EMU_INTERNAL', 502: 'EMU_BAD_GATEWAY', 503: 'EMU_SERVICE_UNAVAILABLE' }

/** Who and what a swept call was, so its answer can settle a drift the sweep handed out. */
interface Swept { workspaceId: string, operation: string }
const kSwept = Symbol('emulator.swept')

declare module 'fastify' {
  interface FastifyRequest {
    [kSwept]?: Swept
  }
}

/** Serves a status or a drop instead of the route; a drift only marks the record. */
function serve (request: FastifyRequest, reply: FastifyReply, entry: ChaosEntry): void {
  if (!entry.answered) return
  entry.header = `sweep ${entry.outcome}`
  if (entry.outcome === 'drop') {
    reply.hijack()
    reply.raw.destroy()
    return
  }
  reply.header(CHAOS_HEADER, entry.header)
  if (entry.outcome === '429') {
    reply.header('retry-after', String(SWEPT_RETRY_AFTER_SECONDS))
    throw emulatorError('EMU_RATE_LIMITED', SWEPT_RETRY_AFTER_SECONDS)
  }
  // Thrown, so the error handler writes the service's envelope, as a fault's is.
  throw emulatorError(STATUS_ERRORS[entry.outcome])
}

function beforeHandler (sweep: SweepControl, request: FastifyRequest, reply: FastifyReply): void {
  const record = recordOf(request)
  // Unattributed calls (no key) have no workspace to sweep in; unmatched URLs have no operation.
  if (record.caller === null || routeOf(request).url === undefined) return
  const swept = { workspaceId: record.caller.workspaceId, operation: operationOf(request, record) }
  const outcome = sweep.take(swept.workspaceId, swept.operation)
  if (outcome === null) return
  request[kSwept] = swept
  const entry: ChaosEntry = { outcome, answered: !outcome.startsWith('drift'), header: null }
  record.chaos = entry
  serve(request, reply, entry)
}

/**
 * A drift the sweep asked for: named in the header when drift applied one. When none applied, the answer was normal
 * (the next call may fail instead). On an error answer the drift goes back for a later answer; on a success, whose
 * shape is the operation's, it never could apply (`mcp initialize`, a HEAD, a single scene's switch-paging): the
 * coverage records it as not applicable, so a check does not ask for what the sweep cannot serve.
 */
function settleDrift (app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): void {
  const record = recordOf(request)
  const entry = record.chaos
  const swept = request[kSwept]
  if (entry === null || entry.answered || swept === undefined) return
  const applied = record.drift?.changes.map((change) => change.split(' ', 1)[0]).find((kind) => kind !== 'learned')
  if (applied === undefined) {
    // INFER: a success's shape is fixed by its operation, so a drift that changed nothing in one never will.
    if (reply.statusCode >= 300) return app.control.sweep.putBack(swept.workspaceId, swept.operation)
    app.control.sweep.dropDrift(swept.workspaceId, swept.operation)
    return app.control.coverage.notApplicable(swept.workspaceId, swept.operation, entry.outcome)
  }
  entry.header = `sweep drift:${applied}`
  reply.header(CHAOS_HEADER, entry.header)
}

export default fp(async (app) => {
  const sweep = app.control.sweep
  if (!sweep.enabled) return
  app.addHook('preHandler', async (request, reply) => beforeHandler(sweep, request, reply))
  app.addHook('onSend', async (request, reply, payload) => {
    settleDrift(app, request, reply)
    return payload
  })
}, { name: 'sweep', dependencies: ['control'] })
