// The type of a route-only file, and the one way to add them: called on the parent's scope rather than registered.
import type {
  FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault
} from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Agree } from './type-equality.js'

/**
 * Every member of a Fastify instance that changes more than the routes it adds: hooks, decorators, body parsers,
 * schemas, compilers, handlers, child scopes and the server's life. A route file runs on its parent's scope itself
 * (no plugin level of its own, which costs the start; issue 43), so any of these would silently reach every sibling
 * route file on that scope; the compiler refuses them instead. `withTypeProvider` is fenced too, as it hands back
 * the whole instance.
 */
export type ScopeChange =
  | 'addHook' | 'decorate' | 'decorateRequest' | 'decorateReply'
  | 'addContentTypeParser' | 'removeContentTypeParser' | 'removeAllContentTypeParsers'
  | 'addSchema' | 'setSchemaController' | 'setValidatorCompiler' | 'setSerializerCompiler' | 'setReplySerializer'
  | 'setSchemaErrorFormatter' | 'setErrorHandler' | 'setNotFoundHandler' | 'setGenReqId' | 'setChildLoggerFactory'
  | 'addConstraintStrategy' | 'addHttpMethod'
  | 'register' | 'after' | 'ready' | 'listen' | 'close' | 'withTypeProvider'

// Each name a member of Fastify's instance: one a Fastify upgrade renames would otherwise slip out of the fence unseen.
export type ScopeChangesExist = Agree<ScopeChange extends keyof FastifyInstance ? true : false>

/**
 * The scope a route file sees: the typed instance without the members that change the scope. What it keeps (the
 * route methods, the decorations such as `config` or `stores`, `inject`, `findRoute`, `log`) reaches nothing
 * beyond the routes. Known gap: the route methods still return Fastify's full instance for chaining, so
 * `app.get(...).addHook(...)` would type-check; no route file chains them.
 */
export type RouteScope = Omit<FastifyInstance<
  RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider
>, ScopeChange>

/** A route-only file: adds routes to the scope it is called on (`await routes(scope)`), nothing else. */
export type RouteFile<Options extends object = Record<never, never>> = (app: RouteScope, options?: Options) => Promise<void>

/**
 * Adds route files to a scope, in order, by calling each on it. Not `register`: a plugin level each would only cost
 * the start its avvio plugin and Fastify's scope copy (issue 43), and their type lets them add routes only.
 */
export async function addRouteFiles (app: RouteScope, files: readonly RouteFile[]): Promise<void> {
  for (const routes of files) await routes(app)
}
