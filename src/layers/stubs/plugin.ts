// The stub layer of /api/v1 (issue 16.8): after auth (so a stub can be scoped to a workspace or key, and the key is
// still checked as the service would), a matching stub rule answers instead of the route. Its answer goes out
// through the same onSend hooks as any other, so the journal records it; drift leaves it alone.
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { StubCaller } from './state.js'

/** Set on a stubbed reply so drift does not perturb an answer the test asked for verbatim. */
export const STUB_HEADER = 'x-emulator-stub'

/** The caller as auth left it; read loosely so this layer does not depend on the api/ module that sets it. */
function callerOf (request: FastifyRequest): StubCaller {
  const auth = (request as unknown as { auth?: { key?: { id?: string }, workspaceId?: string } | null }).auth
  return { keyId: auth?.key?.id ?? null, workspaceId: auth?.workspaceId ?? null }
}

export default fp(async (app) => {
  const stubs = app.control.stubs
  app.addHook('onRequest', async (request, reply) => {
    const stub = stubs.take(request.method, request.url, callerOf(request))
    if (stub === undefined) return
    reply.code(stub.status).headers(stub.headers).header(STUB_HEADER, String(stub.id))
    if (stub.body === null) return reply.send()
    if (!reply.hasHeader('content-type')) reply.type('application/json; charset=utf-8')
    return reply.send(JSON.stringify(stub.body))
  })
}, { name: 'stubs', dependencies: ['auth'] })
