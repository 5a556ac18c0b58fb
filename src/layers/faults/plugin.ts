// Fault injection on /api/v1: the 500/502/503 answers no operation declares, delays, slow bodies and dropped connections.
// onRequest (registered before auth): delay, then answer "before" faults so no handler runs and nothing half-writes.
// onSend (first of the onSend chain): "after" faults replace a response whose write has committed; slow bodies trickle.
import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { emulatorError, fail, type ErrorCode } from '../../errors.js'
import type { FaultsControl } from './state.js'
import { DEFAULT_SLOW_DELAY_MS, FAULT_HEADER, LATENCY_HEADER, chunksOf, parseFaultHeader, parseLatencyHeader } from './rules.js'
import { recordOf, type FaultEntry, type FaultOutcome } from '../request-record.js'
import { routePath } from '../route-patterns.js'
import { settleHook, settleSend } from '../../lib/hook-done.js'

/**
 * INFER: the real service's HTML 503 is not recorded (the published description only says "non-JSON (HTML) body");
 * this is the kind of page a proxy in front of an app server sends when the app is away.
 */
export const HTML_503_BODY = '<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n' +
  '<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n</body>\r\n</html>\r\n'

const STATUS_ERRORS: Record<number, ErrorCode> = { 500: 'EMU_INTERNAL', 502: 'EMU_BAD_GATEWAY', 503: 'EMU_SERVICE_UNAVAILABLE' }
/** A slow body goes out in this many pieces: the first with the headers, each next one after the delay. */
const SLOW_CHUNKS = 8
const HEADER_NAMES: Record<string, string> = { [FAULT_HEADER]: 'X-Emulator-Fault', [LATENCY_HEADER]: 'X-Emulator-Latency' }

function readHeader<T> (request: FastifyRequest, name: string, parse: (value: string | string[] | undefined) => T): T {
  try {
    return parse(request.headers[name])
  } catch (error) {
    return fail('EMU_BAD_REQUEST', `Invalid ${HEADER_NAMES[name]} header: ${(error as Error).message}`)
  }
}

/** Ends the exchange without a response: the client sees the connection close (or app.inject rejects). */
function drop (reply: FastifyReply): void {
  reply.hijack()
  reply.raw.destroy()
}

/** What the fault layer does to this request; null for nothing (no header, rule, rate or latency applies). */
function outcomeOf (faults: FaultsControl, request: FastifyRequest): FaultOutcome | null {
  const header = readHeader(request, FAULT_HEADER, parseFaultHeader)
  const latency = readHeader(request, LATENCY_HEADER, parseLatencyHeader)
  const outcome = faults.decide(request.method, routePath(request.url), header, latency)
  return outcome.latencyMs === 0 && outcome.fault === null ? null : outcome
}

async function before (faults: FaultsControl, request: FastifyRequest, reply: FastifyReply, outcome: FaultOutcome) {
  const entry: FaultEntry = { ...outcome, answered: false, trickled: null }
  recordOf(request).fault = entry
  if (outcome.latencyMs > 0) await faults.sleep(outcome.latencyMs)
  const fault = outcome.fault
  if (fault === null || fault.phase !== 'before' || fault.kind === 'latency') return
  entry.answered = true
  if (fault.kind === 'drop') return drop(reply)
  if (fault.kind === 'html') return reply.code(503).type('text/html; charset=utf-8').send(HTML_503_BODY)
  throw emulatorError(STATUS_ERRORS[fault.kind as number])
}

/** The real body, trickled: headers and the first piece at once, then one piece per delay. Its bytes go in the record. */
function slowBody (entry: FaultEntry, payload: unknown, delayMs: number, sleep: (ms: number) => Promise<void>): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
  const body = Buffer.from(payload)
  const chunks = chunksOf(body, SLOW_CHUNKS)
  entry.trickled = body
  return Readable.from((async function* () {
    for (const [i, chunk] of chunks.entries()) {
      if (i > 0) await sleep(delayMs)
      yield chunk
    }
  })())
}

/** The fault this answer still has to take after its handler ran; null for none (the usual answer). */
function afterFault (request: FastifyRequest): { entry: FaultEntry, fault: NonNullable<FaultEntry['fault']> } | null {
  const entry = recordOf(request).fault
  const fault = entry?.fault
  // A body a fault already produced (a "before" fault, or this hook's own error on its second pass) goes out as is.
  if (!entry || !fault || entry.answered || fault.phase !== 'after') return null
  return { entry, fault }
}

async function after (faults: FaultsControl, reply: FastifyReply, payload: unknown, { entry, fault }: NonNullable<ReturnType<typeof afterFault>>) {
  entry.answered = true
  if (fault.kind === 'slow') return slowBody(entry, payload, fault.delayMs ?? DEFAULT_SLOW_DELAY_MS, faults.sleep)
  if (fault.kind === 'drop') {
    drop(reply)
    // The reply is hijacked and its socket gone: leave the onSend chain unsettled so Fastify writes nothing more.
    return new Promise<never>(() => {})
  }
  if (fault.kind === 'html') {
    reply.code(503).type('text/html; charset=utf-8')
    return HTML_503_BODY
  }
  // Thrown from onSend, the error reaches the error handler, the only writer of envelopes; onSend runs again.
  throw emulatorError(STATUS_ERRORS[fault.kind as number])
}

export default fp(async (app) => {
  const faults = app.control.faults
  // Both hooks run on every public request and almost always have nothing to do: that case goes on at once (done),
  // and only a request a fault applies to takes the async path, its promise settling into done (lib/hook-done.ts).
  app.addHook('onRequest', (request, reply, done) => {
    const outcome = outcomeOf(faults, request)
    if (outcome === null) done()
    else settleHook(before(faults, request, reply, outcome), done)
  })
  app.addHook('onSend', (request, reply, payload, done) => {
    const pending = afterFault(request)
    if (pending === null) done(null, payload)
    else settleSend(after(faults, reply, payload, pending), done)
  })
}, { name: 'faults', dependencies: ['control'] })
