// Bearer API keys on every /api/v1 route: who is calling (authenticate, here; identifyCaller notes it earlier for the
// journal), and may they call this route (authorize, the pure rule in services/access.ts that MCP tools use too).
// 401 for a missing, malformed, unknown, revoked or expired key; 403 from the rule. No WWW-Authenticate header.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { fail } from '../../errors.js'
import type { ApiKey } from '../../store/api-keys-store.js'
import type { WorkspaceUser } from '../../schemas/users.js'
import { BEARER_HEADER, routeSignature } from '../../lib/routes.js'
import { authorize, type Operation } from '../../services/access.js'
import { recordOf, routeOf } from '../../layers/request-record.js'
import { contextFor, type Caller, type OpContext } from '../../services/context.js'

/** What a route handler knows about the caller. */
export interface AuthContext {
  key: ApiKey
  workspaceId: string
  /** The user behind a personal key; null for workspace keys. */
  user: WorkspaceUser | null
}

declare module 'fastify' {
  interface FastifyRequest { auth: AuthContext }
}

/** The reads auth keeps in the read cache, beside the read answers (services/cached-read.ts), under the same key scheme. */
export const AUTH_KEY_READ = 'auth: key by secret'
export const AUTH_USER_READ = 'auth: user of a key'

/** Cached records are shared by requests: frozen, so no handler can change one for the next. */
function frozen<T> (value: T): T {
  return value !== null && typeof value === 'object' ? Object.freeze(value) : value
}

/** Why a key is refused (each a 401), with the moment an expired key stopped working. */
type Refusal = { refused: 'EMU_MISSING_AUTH' | 'EMU_MALFORMED_AUTH' | 'EMU_UNKNOWN_KEY' | 'EMU_REVOKED_KEY' }
  | { refused: 'EMU_EXPIRED_KEY', expiredAt: string }

/** What a key's secret names in the database: its key (if any) and, for a personal key, its user. */
interface LookedUp { key: ApiKey | undefined, user: WorkspaceUser | null }

/** Each read cached until the next write of any row (exact): the hash and lookup of a key run on every request. */
function lookUp (app: FastifyInstance, secret: string): LookedUp {
  const key = app.stores.readCache.get(AUTH_KEY_READ, [secret], () => frozen(app.stores.apiKeys.findBySecret(secret)))
  const userId = key?.userId ?? null
  const user = key === undefined || key === null || userId === null
    ? null
    : app.stores.readCache.get(AUTH_USER_READ, [key.workspaceId, userId], () => frozen(app.stores.users.get(key.workspaceId, userId) ?? null))
  return { key: key ?? undefined, user }
}

/** The caller an Authorization header names, or why it is refused; never throws, so it can run before a fault answers. */
function findCaller (app: FastifyInstance, header: string | undefined, find: (secret: string) => LookedUp): AuthContext | Refusal {
  if (header === undefined || header.trim() === '') return { refused: 'EMU_MISSING_AUTH' }
  const match = BEARER_HEADER.exec(header)
  if (!match) return { refused: 'EMU_MALFORMED_AUTH' }
  const { key, user } = find(match[1])
  if (!key) return { refused: 'EMU_UNKNOWN_KEY' }
  if (key.revokedAt !== null) return { refused: 'EMU_REVOKED_KEY' }
  if (key.expiresAt !== null && key.expiresAt <= app.clock.now()) {
    return { refused: 'EMU_EXPIRED_KEY', expiredAt: new Date(key.expiresAt).toISOString() }
  }
  // A personal key outlives nothing: if its owner left the workspace, the key is as good as revoked.
  if (key.kind === 'personal' && user === null) return { refused: 'EMU_REVOKED_KEY' }
  return { key, workspaceId: key.workspaceId, user }
}

/**
 * What identifyCaller looked up, for auth to reuse while both run in one synchronous run of the hooks (the faults
 * and drift hooks between them idle): no JavaScript, so no write, can run in between. Cleared as soon as that run
 * returns, so a request that waited (a fault's delay) looks its key up again. Expiry is judged again either way.
 */
let identified: { request: FastifyRequest, secret: string, found: LookedUp } | undefined

function authenticate (app: FastifyInstance, request: FastifyRequest): AuthContext {
  const found = findCaller(app, request.headers.authorization, (secret) => {
    const earlier = identified
    return earlier !== undefined && earlier.request === request && earlier.secret === secret ? earlier.found : lookUp(app, secret)
  })
  if (!('refused' in found)) return found
  return found.refused === 'EMU_EXPIRED_KEY' ? fail(found.refused, found.expiredAt) : fail(found.refused)
}

/** The request record's caller: the key and workspace a valid key names, else none. */
function recordCaller (request: FastifyRequest, found: AuthContext | Refusal | null): void {
  recordOf(request).caller = found === null || 'refused' in found ? null : { keyId: found.key.id, workspaceId: found.workspaceId }
}

/**
 * Before the fault layer (api/v1/index.ts): notes who a request's valid key names in its record, and answers nothing,
 * so a request a fault answers, delays or drops is journaled and logged as its workspace's, as any other is.
 */
export const identifyCaller = fp(async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    recordCaller(request, findCaller(app, request.headers.authorization, (secret) => {
      const found = lookUp(app, secret)
      identified = { request, secret, found }
      return found
    }))
    try {
      done()
    } finally {
      identified = undefined
    }
  })
}, { name: 'identify-caller', dependencies: ['stores', 'runtime'] })

type RouteOptions = FastifyRequest['routeOptions']

/** A route as an operation: the route table (api/v1/operations.ts) recorded every route of this scope as it was added. */
function operationOf (app: FastifyInstance, method: string, route: RouteOptions): Operation {
  const signature = routeSignature(method, route.url as string)
  const operation = app.operations.get(signature)
  if (operation === undefined) throw new Error(`${signature} is missing from the route table (api/v1/operations.ts)`)
  return operation
}

/** Authenticates and authorizes one request (a refusal is thrown); unknown routes and the MCP endpoint skip a step. */
function checkRequest (app: FastifyInstance, operations: WeakMap<object, Operation>, request: FastifyRequest): void {
  if (request.is404) return // unknown routes answer 404 whatever the key (api/v1/index.ts)
  // Judged again, not taken from identifyCaller: a fault's delay may have moved the clock past the key's expiry
  // (and its lookup is reused only when nothing ran in between: `identified`).
  recordCaller(request, null)
  const auth = authenticate(app, request)
  // Set before authorize, so a 403 is still attributed to its key and workspace (request journal, request log).
  request.auth = auth
  recordCaller(request, auth)
  const route = routeOf(request)
  // The MCP endpoint authorizes each tool against the operation behind it instead (api/v1/mcp/).
  if (route.config.mcp === true) return
  let operation = operations.get(route.config)
  if (operation === undefined) operations.set(route.config, operation = operationOf(app, request.method, route))
  authorize(callerOf(request), operation, app.control.compat.effective(auth.workspaceId))
}

export default fp(async (app) => {
  app.decorateRequest('auth', null as unknown as AuthContext)
  // The routes are fixed once the app is ready: each route's operation is found once (keyed by its config object,
  // one per route and method) instead of on every request.
  const operations = new WeakMap<object, Operation>()
  // Synchronous (a refusal is thrown, which Fastify's hook runner hands to the error handler as it does a rejection),
  // so a callback hook: no promise and no extra turn per request.
  app.addHook('onRequest', (request, _reply, done) => {
    checkRequest(app, operations, request)
    done()
  })
}, { name: 'auth', dependencies: ['stores', 'runtime', 'operations', 'control'] })

/** The caller of a request: its workspace, user, key rights and client address. */
export function callerOf (request: FastifyRequest): Caller {
  const { workspaceId, user, key } = request.auth
  return { workspaceId, user, keyId: key.id, permission: key.permission, routes: key.routes, ip: request.ip ?? null }
}

/** What every service operation takes: the app's stores, clock and ids, this request's caller and its workspace's switches. */
export function ctxOf (request: FastifyRequest): OpContext {
  return contextFor(request.server, callerOf(request))
}
