// unknownFields=strip on /api/v1: before validation, undeclared body keys are dropped along the route's body schema, so
// the strict validator (which refuses them under the default, reject) then passes. Runs after auth, so the request's
// workspace, and with it the workspace's own switches, is known.
import fp from 'fastify-plugin'
import { stripUnknown } from '../../lib/strip-unknown.js'
import { recordOf, routeOf } from '../request-record.js'

export default fp(async (app) => {
  const compat = app.control.compat
  // Synchronous work, so a callback hook: no promise and no extra turn per request.
  app.addHook('preValidation', (request, _reply, done) => {
    const body = (routeOf(request).schema as { body?: unknown } | undefined)?.body
    if (body !== undefined && request.body !== undefined &&
      compat.effective(recordOf(request).caller?.workspaceId ?? null).unknownFields === 'strip') stripUnknown(body, request.body)
    done()
  })
}, { name: 'compat', dependencies: ['auth', 'control'] })
