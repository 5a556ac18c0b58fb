// whenAnswerCloses keeps one close watch per scope: a child scope's layers watch the child's answers only, and the
// parent's still run for the child's (its onRequest hook reaches the child). routeOf reads a request's route once, and
// again after the request was handed to the not-found handler.
import t from 'tap'
import Fastify from 'fastify'
import { recordOf, requestSlots, routeOf, whenAnswerCloses } from '../../src/layers/request-record.js'

t.test('a child scope\'s close listener has a hook of its own, not a place in its parent\'s list', async (t) => {
  const app = Fastify()
  const seen: string[] = []
  whenAnswerCloses(app, (request) => { seen.push(`parent closed ${request.url}`) }, (request) => { seen.push(`parent arrived ${request.url}`) })
  app.get('/outer', async () => 'outer')
  await app.register(async (child) => {
    whenAnswerCloses(child, (request) => { seen.push(`child closed ${request.url}`) }, (request) => { seen.push(`child arrived ${request.url}`) })
    child.get('/inner', async () => 'inner')
  })
  t.teardown(() => app.close())
  await app.ready()
  const outer = await app.inject({ method: 'GET', url: '/outer' })
  const inner = await app.inject({ method: 'GET', url: '/inner' })
  t.same([outer.statusCode, outer.body, inner.statusCode, inner.body], [200, 'outer', 200, 'inner'])
  t.same(seen, [
    'parent arrived /outer', 'parent closed /outer',
    'parent arrived /inner', 'child arrived /inner', 'parent closed /inner', 'child closed /inner'
  ])
})

t.test('routeOf: the matched route, the same object all along the request, and the not-found handler\'s after callNotFound', async (t) => {
  const app = Fastify()
  await app.register(requestSlots)
  const seen: Array<string | undefined> = []
  app.addHook('onRequest', (request, _reply, done) => {
    seen.push(routeOf(request).url)
    done()
  })
  app.get('/things/:id', (request, reply) => {
    const first = routeOf(request)
    seen.push(first === routeOf(request) ? 'same object' : 'read again')
    recordOf(request).stub = { id: 7 }
    if ((request.params as { id: string }).id === 'gone') return reply.callNotFound()
    return reply.send({ route: first.url, record: recordOf(request) })
  })
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ route: routeOf(request).url ?? null, stub: recordOf(request).stub }))
  t.teardown(() => app.close())
  const found = await app.inject({ method: 'GET', url: '/things/1' })
  const handedOn = await app.inject({ method: 'GET', url: '/things/gone' })
  const unknown = await app.inject({ method: 'GET', url: '/nothing' })
  t.same([found.statusCode, found.json()], [200, {
    route: '/things/:id', record: { caller: null, fault: null, stub: { id: 7 }, drift: null, mcp: null, mcpBatch: null, chaos: null }
  }])
  t.same([handedOn.statusCode, handedOn.json()], [404, { route: null, stub: { id: 7 } }], 'read again once the not-found handler has the request')
  t.same([unknown.statusCode, unknown.json()], [404, { route: null, stub: null }])
  t.same(seen, ['/things/:id', 'same object', '/things/:id', 'same object', undefined])
})
