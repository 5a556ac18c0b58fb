// The request journal of /api/v1, in two hooks at the two ends of the chain:
// `journalArrival` (first onRequest) stamps every request and records it when its response closes, even one a fault
// answered or dropped before any other hook ran; `journal` (last onSend) notes the body that actually went out.
// Both run on every public request, so they only take references and numbers (record.ts does the rest on read).
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { JournalControl, JournalRecord } from './state.js'
import { kRawBody } from '../../lib/json-depth.js'
import { recordOf, routeOf, whenAnswerCloses } from '../request-record.js'

interface Arrival { at: number, startedAt: number }
interface Sent { body: string | Buffer | null, contentType: string | null }

const kArrival = Symbol('emulator.journalArrival')
const kSent = Symbol('emulator.journalSent')

declare module 'fastify' {
  interface FastifyRequest {
    [kArrival]?: Arrival | null
    [kSent]?: Sent | null
  }
}

/** The body as sent, by reference: bytes stay bytes until the journal keeps (and cuts) them; a trickled stream's are in the record. */
function bodyOf (request: FastifyRequest, payload: unknown): string | Buffer | null {
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) return payload
  return recordOf(request).fault?.trickled ?? null
}

/**
 * The request body as the client sent it. JSON bodies keep their raw text (plugins/json-body.ts): re-serialising a
 * parsed body here, in a listener outside Fastify's error handling, is what let one deep body kill the process.
 */
function requestBody (request: FastifyRequest): string | Buffer | null {
  const raw = request[kRawBody]
  if (raw !== undefined) return raw
  const body = request.body
  return typeof body === 'string' || Buffer.isBuffer(body) ? body : null
}

function headerText (value: unknown): string | null {
  return value === undefined || value === null ? null : String(value)
}

function toJournalRecord (journal: JournalControl, request: FastifyRequest, reply: FastifyReply, arrival: Arrival): JournalRecord {
  const sent = request[kSent]
  const { caller, fault, drift, mcp, chaos } = recordOf(request)
  return {
    at: arrival.at,
    method: request.method,
    url: request.url,
    route: routeOf(request).url ?? null,
    // No headers went out when the connection was dropped: there is no status to report.
    status: reply.raw.headersSent ? reply.statusCode : null,
    durationMs: Math.round((performance.now() - arrival.startedAt) * 10) / 10,
    keyId: caller?.keyId ?? null,
    workspaceId: caller?.workspaceId ?? null,
    latencyMs: fault?.latencyMs ?? 0,
    fault: fault?.fault ?? null,
    drift: drift?.header ?? null,
    chaos: chaos?.header ?? null,
    mcp,
    request: journal.keepRequestBody(requestBody(request), headerText(request.headers['content-type'])),
    response: journal.keepResponseBody(sent?.body ?? null, sent?.contentType ?? null)
  }
}

/** Register first in the public scope: its arrival stamp comes before faults and auth can answer. */
export const journalArrival = fp(async (app) => {
  const journal = app.control.journal
  if (journal.capacity === 0) return
  const clock = app.clock
  // Declared on the scope's requests (null until set), so the stamp does not change a request's shape (request-record.ts requestSlots)
  app.decorateRequest(kArrival, null)
  app.decorateRequest(kSent, null)
  whenAnswerCloses(app, (request, reply) => {
    // A throw here would escape every error handler and end the process: lose the entry, never the emulator.
    try {
      journal.push(toJournalRecord(journal, request, reply, request[kArrival] as Arrival))
    } catch (error) {
      request.log.error({ err: error }, 'request journal could not record this request')
    }
  }, (request) => {
    request[kArrival] = { at: clock.now(), startedAt: performance.now() }
  })
}, { name: 'journal-arrival', dependencies: ['control'] })

/** Register last in the public scope: its onSend sees the body after faults and drift. */
export default fp(async (app) => {
  // With the journal off nothing reads what went out: no hook at all.
  if (app.control.journal.capacity === 0) return
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request[kArrival] != null) {
      request[kSent] = {
        body: bodyOf(request, payload),
        contentType: headerText(reply.getHeader('content-type'))
      }
    }
    done(null, payload)
  })
}, { name: 'journal', dependencies: ['journal-arrival'] })
