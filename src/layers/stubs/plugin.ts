// The stub layer of /api/v1: after auth (so a stub can be scoped to a workspace or key, and the key is
// still checked as the service would), a matching stub rule answers instead of the route. Its answer goes out
// through the same onSend hooks as any other, so the journal records it; the request record names the stub, so
// drift leaves it alone.
import fp from 'fastify-plugin'
import { recordOf } from '../request-record.js'
import type { StubCaller } from './state.js'

/** Tells the client which stub answered. */
const STUB_HEADER = 'x-emulator-stub'

/**
 * A request without a valid key: only unscoped stubs answer it. A route the emulator lacks is attributed to a valid key
 * too (api/v1/auth.ts identifyCaller), so a stub of a route still to come can be scoped to one test's workspace or key.
 */
const NO_CALLER: StubCaller = { keyId: null, workspaceId: null }

export default fp(async (app) => {
  const stubs = app.control.stubs
  app.addHook('onRequest', async (request, reply) => {
    const record = recordOf(request)
    const stub = stubs.take(request.method, request.url, record.caller ?? NO_CALLER)
    if (stub === undefined) return
    record.stub = { id: stub.id }
    reply.code(stub.status).headers(stub.headers).header(STUB_HEADER, String(stub.id))
    if (stub.body === null) return reply.send()
    if (!reply.hasHeader('content-type')) reply.type('application/json; charset=utf-8')
    return reply.send(JSON.stringify(stub.body))
  })
}, { name: 'stubs', dependencies: ['auth'] })
