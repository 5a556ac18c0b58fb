// The REST route table as the registry of operations: an onRoute collector records each public route's
// signature and admin-only flags, so auth and the MCP tool filter ask `authorize` about the same facts.
// Registered first in the public scope, before any route; a non-boolean `config.adminOnly` fails start-up.
import type { RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { routeSignature } from '../../lib/routes.js'
import type { Operation } from '../../services/access.js'

/** Per-route options of the public scope (checked when each route is added). */
export interface OperationRouteConfig {
  /** Only admins (and workspace keys, which act as admins) may call it. */
  adminOnly?: boolean
  /** Reads of users, invites and logs: admin-only unless the `memberReads` switch is `allow` (services/access.ts). */
  adminRead?: boolean
  /** The MCP endpoint: authenticated here, authorized tool by tool (api/v1/mcp/). */
  mcp?: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every public operation by signature (`GET /scenes/{sceneId}`), as the routes declared them. */
    operations: ReadonlyMap<string, Operation>
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface
  interface FastifyContextConfig extends OperationRouteConfig {}
}

function flag (route: RouteOptions, name: 'adminOnly' | 'adminRead'): boolean {
  const value = (route.config as OperationRouteConfig | undefined)?.[name]
  if (value !== undefined && typeof value !== 'boolean') {
    throw new TypeError(`route ${String(route.method)} ${route.url}: config.${name} must be true or false (got ${JSON.stringify(value)})`)
  }
  return value === true
}

function operationsOf (route: RouteOptions): Operation[] {
  const adminOnly = flag(route, 'adminOnly')
  const adminRead = flag(route, 'adminRead')
  const methods = Array.isArray(route.method) ? route.method : [route.method]
  return methods.map((method) => ({ method, signature: routeSignature(method, route.url), adminOnly, adminRead }))
}

export default fp(async (app) => {
  const operations = new Map<string, Operation>()
  app.decorate('operations', operations)
  app.addHook('onRoute', (route) => {
    for (const operation of operationsOf(route)) operations.set(operation.signature, operation)
  })
}, { name: 'operations' })
