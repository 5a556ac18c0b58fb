// A drift profile's missing routes (`route-missing`, learned where the target had no such route): the request is
// answered with the target's route-not-found before auth and before the route runs, so nothing is read or written.
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { LearnedChange } from '../../formats/drift-profile.js'
import { recordOf, routeOf } from '../request-record.js'
import { DRIFT_HEADER } from './apply.js'
import { LEARNED_KIND } from './learned.js'
import { routeKey } from './rest.js'

/** How X-Emulator-Drift and the request record name a missing route's answer; drift's onSend leaves it alone. */
export const MISSING_ROUTE_CHANGE = `${LEARNED_KIND} route`

type Missing = Extract<LearnedChange, { change: 'route-missing' }>

/** The target's not-found text with this request's method and path put back where the profile has `<method>`, `<path>`. */
export function notFoundBody (change: Missing, method: string, url: string): string {
  return change.body.split('<path>').join(url).split('<method>').join(method)
}

function isJson (text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

async function answerMissing (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const control = request.server.control.drift
  const route = routeOf(request).url
  if (control.profile === undefined || route === undefined) return undefined
  const key = routeKey(request.method, route)
  const missing = control.learned(key)?.find((c): c is Missing => c.change === 'route-missing')
  if (missing === undefined) return undefined
  const body = notFoundBody(missing, request.method, request.url)
  recordOf(request).drift = { changes: [MISSING_ROUTE_CHANGE], header: MISSING_ROUTE_CHANGE }
  control.record(key, [MISSING_ROUTE_CHANGE])
  reply.code(missing.status).header(DRIFT_HEADER, MISSING_ROUTE_CHANGE)
  reply.type(isJson(body) ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8')
  return await reply.send(body)
}

// Registered before auth (api/v1/index.ts, through plugin.ts). INFER: the service's router answers a route it does not
// have before it looks at any key, as the emulator's own route-not-found does.
export default fp(async (app) => {
  if (app.control.drift.profile === undefined) return
  app.addHook('onRequest', answerMissing)
}, { name: 'drift-missing-routes', dependencies: ['runtime'] })
