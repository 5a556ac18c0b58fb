// The fence of route-only files (src/lib/route-file.ts): each scope-changing member is a type error on a RouteScope
// (the `@ts-expect-error` lines fail `npm run typecheck` the day one is let through), and a route file called on a
// scope adds its routes under that scope's prefix and hooks, as the app calls them (api/v1/index.ts, admin/index.ts).
import t from 'tap'
import Fastify from 'fastify'
import type { RouteFile, RouteScope } from '../../src/lib/route-file.js'

/** Never run: only type-checked. One line per kind of change that would reach a route file's siblings. */
export function fenced (scope: RouteScope): void {
  // @ts-expect-error a hook would run for every route on the scope
  scope.addHook('onRequest', async () => {})
  // @ts-expect-error a decorator would be the whole scope's
  scope.decorate('probe', 1)
  // @ts-expect-error as would a request decorator
  scope.decorateRequest('probe', null)
  // @ts-expect-error and a reply decorator
  scope.decorateReply('probe', null)
  // @ts-expect-error a body parser would parse the siblings' bodies
  scope.addContentTypeParser('text/probe', async () => 1)
  // @ts-expect-error a shared schema would be the scope's
  scope.addSchema({ $id: 'probe' })
  // @ts-expect-error an error handler would answer the siblings' errors
  scope.setErrorHandler(async () => 'probe')
  // @ts-expect-error a not-found handler would be the scope's
  scope.setNotFoundHandler(async () => 'probe')
  // @ts-expect-error a validator compiler would compile the siblings' schemas
  scope.setValidatorCompiler(() => () => true)
  // @ts-expect-error so would a serializer compiler
  scope.setSerializerCompiler(() => () => '')
  // @ts-expect-error and a reply serializer
  scope.setReplySerializer(() => '')
  // @ts-expect-error and a schema error formatter
  scope.setSchemaErrorFormatter(() => new Error('probe'))
  // @ts-expect-error a child plugin is a plugin level, what calling a route file saves
  void scope.register(async () => {})
  // @ts-expect-error the whole instance again, hooks and all
  scope.withTypeProvider()
}

const hello: RouteFile = async (app) => {
  app.get('/hello', async () => ({ hello: app.prefix }))
}

t.test('a route file called on a scope answers under its prefix, through its hooks', async (t) => {
  const app = Fastify()
  t.teardown(() => app.close())
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => { reply.header('x-scope', 'yes') })
    await hello(scope)
  }, { prefix: '/inside' })
  const res = await app.inject({ method: 'GET', url: '/inside/hello' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { hello: '/inside' })
  t.equal(res.headers['x-scope'], 'yes')
  t.equal(res.headers['content-type'], 'application/json; charset=utf-8')
})
