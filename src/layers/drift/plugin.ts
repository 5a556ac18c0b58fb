// The drift layer's hooks (layers/drift/README.md) on the /api/v1 scope: the onSend hook that drifts the serialized
// JSON going out (rest.ts, through the pipeline MCP answers share), the boot check of each route's config.drift, and,
// with a drift profile, the check that the profile fits the routes. Storage is never touched.
import type { RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { ConfigError, describeVariable } from '../../config/index.js'
import { MCP_ANSWERS, mcpOperations, profileMisfit, type RouteAnswers } from './profile-check.js'
import { driftIdle, driftPayload, routeKey } from './rest.js'
import { settleSend } from '../../lib/hook-done.js'

/** The public scope registers it before auth: a drift profile's missing routes answer before the operation runs. */
export { default as missingRoutes } from './missing-routes.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: drift never touches this route's responses. */
    drift?: boolean
    /** The MCP endpoint's tools: the MCP operations a drift profile may name (`POST /api/v1/mcp tools/call <tool>`). */
    mcpTools?: readonly string[]
  }
}

/** A route's `config.drift` is checked when the route is added, so a typo fails at boot. */
function checkRouteConfig (route: RouteOptions): void {
  const value = (route.config as { drift?: unknown } | undefined)?.drift
  if (value !== undefined && typeof value !== 'boolean') {
    throw new TypeError(`route ${String(route.method)} ${route.url}: config.drift must be true or false (got ${JSON.stringify(value)})`)
  }
}

/** Every route's declared answers, by operation, so a drift profile can be checked against them once all are added. */
function collectRoutes (routes: Map<string, RouteAnswers>, route: RouteOptions): void {
  const answers = (route.schema as { response?: RouteAnswers } | undefined)?.response ?? {}
  for (const method of [route.method].flat()) routes.set(routeKey(method, route.url), answers)
  const tools = (route.config as { mcpTools?: readonly string[] } | undefined)?.mcpTools
  for (const operation of tools === undefined ? [] : mcpOperations(route.url, tools)) routes.set(operation, MCP_ANSWERS)
}

export default fp(async (app) => {
  const control = app.control.drift
  app.addHook('onRoute', checkRouteConfig)
  const { profile } = control
  if (profile !== undefined) {
    const routes = new Map<string, RouteAnswers>()
    app.addHook('onRoute', (route) => collectRoutes(routes, route))
    // A profile naming what this emulator does not have fails start-up with one line rather than never applying.
    app.addHook('onReady', async () => {
      const misfit = profileMisfit(profile, routes, `${describeVariable('EMULATOR_DRIFT_PROFILE')} ${app.config.driftProfile ?? ''}`)
      if (misfit !== undefined) throw new ConfigError(`Invalid configuration: ${misfit}`)
    })
  }
  // On every answer, and idle for almost all: those go on at once (done), the rest once driftPayload settles.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (driftIdle(request)) done(null, payload)
    else settleSend(driftPayload(request, reply, payload), done)
  })
}, { name: 'drift', dependencies: ['runtime'] })
