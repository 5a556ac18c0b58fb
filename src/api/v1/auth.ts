// Bearer API keys on every /api/v1 route (catalogue §1.1): who is calling, and may they call this route?
// 401 for a missing, malformed, unknown, revoked or expired key; 403 for a read key on a write, a route the
// key may not use, or an admin-only route behind a member's personal key. No WWW-Authenticate header.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { fail } from '../../errors.js'
import type { ApiKey } from '../../store/api-keys-store.js'
import type { WorkspaceUser } from '../../schemas/users.js'
import { BEARER_HEADER, routeSignature } from '../../lib/routes.js'

/** What a route handler knows about the caller. */
export interface AuthContext {
  key: ApiKey
  workspaceId: string
  /** The user behind a personal key; null for workspace keys. */
  user: WorkspaceUser | null
}

/** Per-route options read by this hook (DESIGN §3.5): `config: { adminOnly: true }`. */
export interface AuthRouteConfig { adminOnly?: boolean }

declare module 'fastify' {
  interface FastifyRequest { auth: AuthContext }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface
  interface FastifyContextConfig extends AuthRouteConfig {}
}

const READ_METHODS = new Set(['GET', 'HEAD'])

/** A restriction is `METHOD /path` with OpenAPI braces; `*` stands for any method. */
export function routeAllowed (routes: string[] | null, signature: string): boolean {
  if (routes === null) return true
  const [method, path] = signature.split(' ')
  return routes.some((rule) => {
    const [ruleMethod, rulePath] = rule.trim().split(/\s+/)
    return (ruleMethod === '*' || ruleMethod.toUpperCase() === method) && rulePath === path
  })
}

/** Cached records are shared by requests: frozen, so no handler can change one for the next. */
function frozen<T> (value: T): T {
  return value !== null && typeof value === 'object' ? Object.freeze(value) : value
}

function authenticate (app: FastifyInstance, request: FastifyRequest): AuthContext {
  const header = request.headers.authorization
  if (header === undefined || header.trim() === '') fail('EMU_MISSING_AUTH')
  const match = BEARER_HEADER.exec(header)
  if (!match) fail('EMU_MALFORMED_AUTH')
  const secret = match[1]
  // The hash and lookup of a key run on every request; cached until the next write of any row (exact).
  const key = app.stores.readCache.get(`key:${secret}`, () => frozen(app.stores.apiKeys.findBySecret(secret)))
  if (!key) fail('EMU_UNKNOWN_KEY')
  if (key.revokedAt !== null) fail('EMU_REVOKED_KEY')
  if (key.expiresAt !== null && key.expiresAt <= app.clock.now()) {
    fail('EMU_EXPIRED_KEY', new Date(key.expiresAt).toISOString())
  }
  const userId = key.userId
  const user = userId === null ? null : app.stores.readCache.get(`user:${key.workspaceId}:${userId}`, () => frozen(app.stores.users.get(key.workspaceId, userId) ?? null))
  // A personal key outlives nothing: if its owner left the workspace, the key is as good as revoked.
  if (key.kind === 'personal' && user === null) fail('EMU_REVOKED_KEY')
  return { key, workspaceId: key.workspaceId, user }
}

function authorize (request: FastifyRequest, auth: AuthContext): void {
  const signature = routeSignature(request.method, request.routeOptions.url ?? request.url)
  if (auth.key.permission === 'read' && !READ_METHODS.has(request.method)) {
    fail('EMU_FORBIDDEN_READ_KEY', request.method)
  }
  if (!routeAllowed(auth.key.routes, signature)) fail('EMU_FORBIDDEN_ROUTE', signature)
  // INFER: workspace keys are made by admins in workspace settings, so they act with admin rights;
  // a personal key acts with its owner's role (clients-and-format §1.1: a member's key gets 403).
  if (request.routeOptions.config.adminOnly === true && auth.user !== null && auth.user.role !== 'admin') {
    fail('EMU_FORBIDDEN_NOT_ADMIN')
  }
}

export default fp(async (app) => {
  app.decorateRequest('auth', null as unknown as AuthContext)
  app.addHook('onRequest', async (request) => {
    if (request.is404) return // unknown routes answer 404 whatever the key (api/v1/index.ts)
    const auth = authenticate(app, request)
    // Set before authorize, so a 403 is still attributed to its key and workspace (request journal).
    request.auth = auth
    authorize(request, auth)
  })
}, { name: 'auth', dependencies: ['stores', 'runtime'] })

/** The audit actor of a request: its workspace, user, key and client address. */
export function actorOf (request: FastifyRequest) {
  const { workspaceId, user, key } = request.auth
  return { workspaceId, user, keyId: key.id, ip: request.ip ?? null }
}
