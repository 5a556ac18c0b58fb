// The REST route table as the registry of operations: an onRoute collector records each public route's
// signature, admin-only flags, schemas and whether its answer is kept, so auth and the MCP tool filter ask
// `authorize` about the same facts, and an MCP tool takes its twin route's result schema and caching from here.
// Registered first in the public scope, before any route; a non-boolean `config.adminOnly` fails start-up, and so
// does a route answering from the read cache without `config.keptRead`.
import type { RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import type { TObject, TSchema } from 'typebox'
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
  /**
   * The GET answers from the read cache until the next write (api/v1/cached.ts; a route whose handler does and that
   * does not say so fails start-up), so its MCP twin's whole answer is kept too (api/v1/mcp/kept-answers.ts).
   */
  keptRead?: boolean
}

/** What a route validates and answers, as it declared them (TypeBox schemas). */
export interface RouteSchemas {
  params?: TObject
  querystring?: TObject
  /** The 200 answer. */
  result?: TSchema
}

/** An operation as the route table records it: the permission facts (services/access.ts) and the route's schemas. */
export interface RouteOperation extends Operation {
  schemas: RouteSchemas
  keptRead: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every public operation by signature (`GET /scenes/{sceneId}`), as the routes declared them. */
    operations: ReadonlyMap<string, RouteOperation>
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface
  interface FastifyContextConfig extends OperationRouteConfig {}
}

function flag (route: RouteOptions, name: 'adminOnly' | 'adminRead' | 'keptRead'): boolean {
  const value = (route.config as OperationRouteConfig | undefined)?.[name]
  if (value !== undefined && typeof value !== 'boolean') {
    throw new TypeError(`route ${String(route.method)} ${route.url}: config.${name} must be true or false (got ${JSON.stringify(value)})`)
  }
  return value === true
}

/** The mark of a handler that answers from the read cache (api/v1/cached.ts's cachedPage and cachedText). */
const KEPT_READ = Symbol('answers from the read cache')

/** `handler`, marked as answering from the read cache: its route must declare `config.keptRead` (checked at start). */
export function answersKept<H extends object> (handler: H): H {
  return Object.defineProperty(handler, KEPT_READ, { value: true })
}

const isKept = (handler: unknown): boolean => typeof handler === 'function' && KEPT_READ in handler

function schemasOf (route: RouteOptions): RouteSchemas {
  const schema = route.schema as { params?: TObject, querystring?: TObject, response?: Record<number, TSchema> } | undefined
  return { params: schema?.params, querystring: schema?.querystring, result: schema?.response?.[200] }
}

function operationsOf (route: RouteOptions): RouteOperation[] {
  const adminOnly = flag(route, 'adminOnly')
  const adminRead = flag(route, 'adminRead')
  const keptRead = flag(route, 'keptRead')
  const schemas = schemasOf(route)
  const methods = Array.isArray(route.method) ? route.method : [route.method]
  return methods.map((method) => ({ method, signature: routeSignature(method, route.url), adminOnly, adminRead, schemas, keptRead }))
}

export default fp(async (app) => {
  const operations = new Map<string, RouteOperation>()
  // Routes whose handler answers from the read cache but do not say so: the start fails, naming them, since their
  // MCP twins would not keep their answers (a check at request time answered their first request 500 instead).
  const unflagged: string[] = []
  app.decorate('operations', operations)
  app.addHook('onRoute', (route) => {
    for (const operation of operationsOf(route)) {
      operations.set(operation.signature, operation)
      // The HEAD route Fastify adds for a GET shares its handler and config: the GET names them both.
      if (isKept(route.handler) && !operation.keptRead && operation.method !== 'HEAD') unflagged.push(operation.signature)
    }
  })
  app.addHook('onReady', async () => {
    if (unflagged.length > 0) throw new Error(`${unflagged.join(', ')} answers from the read cache: declare config.keptRead`)
  })
}, { name: 'operations' })
