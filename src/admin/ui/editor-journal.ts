// Saves made in the demo editor go into the request journal too, so that watching the Journal page while drawing
// shows them: as requested (the editor's own route), with the editor's key id (EDITOR_KEY_ID, as the audit log
// records them) standing for the API key no save carries, the workspace, the status and both bodies.
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify'
import type { RouteScope } from '../../lib/route-file.js'
import { kRawBody } from '../../lib/json-depth.js'
import { EDITOR_KEY_ID } from './editor-identity.js'

interface Arrival { at: number, startedAt: number, sent: { body: string | null, contentType: string | null } }

const kEditorArrival = Symbol('emulator.editorJournalArrival')

declare module 'fastify' {
  interface FastifyRequest {
    [kEditorArrival]?: Arrival
  }
}

const headerText = (value: unknown): string | null => value === undefined || value === null ? null : String(value)

function record (app: RouteScope, request: FastifyRequest<{ Params: { workspaceId: string } }>, reply: FastifyReply, arrival: Arrival): void {
  const journal = app.control.journal
  journal.push({
    at: arrival.at,
    method: request.method,
    url: request.url,
    route: request.routeOptions.url ?? null,
    status: reply.statusCode,
    durationMs: Math.round((performance.now() - arrival.startedAt) * 10) / 10,
    keyId: EDITOR_KEY_ID,
    workspaceId: request.params.workspaceId,
    latencyMs: 0,
    fault: null,
    drift: null,
    chaos: null,
    mcp: null,
    request: journal.keepRequestBody(request[kRawBody] ?? null, headerText(request.headers['content-type'])),
    response: journal.keepResponseBody(arrival.sent.body, arrival.sent.contentType)
  })
}

/** Route hooks for the editor's save route: stamp the arrival, note the body sent, record once the answer is out. */
export function journaledSaves (app: RouteScope): Pick<RouteShorthandOptions, 'onRequest' | 'onSend' | 'onResponse'> {
  return {
    onRequest: async (request) => {
      request[kEditorArrival] = { at: app.clock.now(), startedAt: performance.now(), sent: { body: null, contentType: null } }
    },
    onSend: async (request, reply, payload) => {
      const arrival = request[kEditorArrival]
      if (arrival !== undefined) arrival.sent = { body: typeof payload === 'string' ? payload : null, contentType: headerText(reply.getHeader('content-type')) }
      return payload
    },
    onResponse: async (request, reply) => {
      const arrival = request[kEditorArrival]
      if (arrival === undefined) return
      // A throw here would only lose the entry; the save itself has been answered.
      try {
        record(app, request as FastifyRequest<{ Params: { workspaceId: string } }>, reply, arrival)
      } catch (error) {
        request.log.error({ err: error }, 'request journal could not record this editor save')
      }
    }
  }
}
