// The stub layer of /api/v1: after auth (so a stub can be scoped to a workspace or key, and the key is
// still checked as the service would), a matching stub rule answers instead of the route. Its answer goes out
// through the same onSend hooks as any other, so the journal records it; the request record names the stub, so
// drift leaves it alone.
import type { FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { recordOf } from '../request-record.js'
import type { StubView } from '../../schemas/stubs.js'
import type { StubCaller } from './state.js'
import { settleHook } from '../../lib/hook-done.js'

/** Tells the client which stub answered. */
const STUB_HEADER = 'x-emulator-stub'

/**
 * A request without a valid key: only unscoped stubs answer it. A route the emulator lacks is attributed to a valid key
 * too (api/v1/auth.ts identifyCaller), so a stub of a route still to come can be scoped to one test's workspace or key.
 */
const NO_CALLER: StubCaller = { keyId: null, workspaceId: null }

/** The stub's answer instead of the route's. */
async function answer (reply: FastifyReply, stub: StubView) {
  reply.code(stub.status).headers(stub.headers).header(STUB_HEADER, String(stub.id))
  if (stub.body === null) return reply.send()
  if (!reply.hasHeader('content-type')) reply.type('application/json; charset=utf-8')
  return reply.send(JSON.stringify(stub.body))
}

export default fp(async (app) => {
  const stubs = app.control.stubs
  // Runs on every public request and almost never answers: a request no stub takes goes on at once (done); only a
  // stub's answer takes the async path, its promise settling into done (lib/hook-done.ts).
  app.addHook('onRequest', (request, reply, done) => {
    const record = recordOf(request)
    const stub = stubs.take(request.method, request.url, record.caller ?? NO_CALLER)
    if (stub === undefined) {
      done()
      return
    }
    record.stub = { id: stub.id }
    settleHook(answer(reply, stub), done)
  })
}, { name: 'stubs', dependencies: ['auth'] })
