// unknownFields=strip on /api/v1: before validation, undeclared body keys are dropped along the route's body schema, so
// the strict validator (which refuses them under the default, reject) then passes. Runs after auth, so the request's
// workspace, and with it the workspace's own switches, is known.
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { stripUnknown } from '../../lib/strip-unknown.js'

/** The workspace as auth left it; read loosely so this layer does not depend on the api/ module that sets it. */
function workspaceOf (request: FastifyRequest): string | null {
  return (request as unknown as { auth?: { workspaceId?: string } | null }).auth?.workspaceId ?? null
}

export default fp(async (app) => {
  const compat = app.control.compat
  app.addHook('preValidation', async (request) => {
    const body = (request.routeOptions.schema as { body?: unknown } | undefined)?.body
    if (body === undefined || request.body === undefined) return
    if (compat.effective(workspaceOf(request)).unknownFields === 'strip') stripUnknown(body, request.body)
  })
}, { name: 'compat', dependencies: ['auth', 'control'] })
