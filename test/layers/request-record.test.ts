// whenAnswerCloses keeps one close watch per scope: a child scope's layers watch the child's answers only, and the
// parent's still run for the child's (its onRequest hook reaches the child).
import t from 'tap'
import Fastify from 'fastify'
import { whenAnswerCloses } from '../../src/layers/request-record.js'

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
