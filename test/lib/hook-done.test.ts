// settleHook and settleSend settle a hook's promise into `done` as Fastify settles a returned one: the same answer
// for a throw after done and for a falsy rejection, and never an unhandled rejection (Node would exit).
import t, { type Test } from 'tap'
import Fastify, { type FastifyInstance } from 'fastify'
import errorHandler from '../../src/plugins/error-handler.js'
import { settleHook, settleSend } from '../../src/lib/hook-done.js'

/** Unhandled rejections while a test runs: collected (so the process stays up to say so) and asserted empty. */
function watchRejections (t: Test): unknown[] {
  const seen: unknown[] = []
  const listener = (reason: unknown): void => { seen.push(reason) }
  process.on('unhandledRejection', listener)
  t.teardown(() => { process.off('unhandledRejection', listener) })
  return seen
}

/** An app with one GET /x route answering 'ok', the hooks `setUp` adds, and the service's error handler if asked. */
async function appWith (t: Test, envelope: boolean, setUp: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify()
  if (envelope) await app.register(errorHandler)
  setUp(app)
  app.get('/x', async () => 'ok')
  t.teardown(() => app.close())
  await app.ready()
  return app
}

type Answer = [number, unknown]
async function answer (app: FastifyInstance): Promise<Answer> {
  const res = await app.inject({ method: 'GET', url: '/x' })
  return [res.statusCode, res.json()]
}

// Only the route's answer: the error handler's envelope passes the hook again and must go out.
const broken = (payload: unknown): unknown => payload === 'ok' ? { not: 'a string' } : undefined
const INTERNAL = { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' }

t.test('an onSend payload of the wrong type is a 500 in the service\'s envelope, as for a returned promise', async (t) => {
  const rejections = watchRejections(t)
  const settled = await appWith(t, true, (app) => {
    app.addHook('onSend', (_request, _reply, payload, done) => { settleSend(Promise.resolve(broken(payload)), done) })
  })
  const returned = await appWith(t, true, (app) => {
    app.addHook('onSend', async (_request, _reply, payload) => broken(payload))
  })
  t.same(await answer(returned), [500, INTERNAL], 'Fastify, for a returned promise')
  t.same(await answer(settled), [500, INTERNAL], 'settleSend')
  await new Promise((resolve) => setImmediate(resolve))
  t.same(rejections, [], 'no unhandled rejection')
  t.same(await answer(settled), [500, INTERNAL], 'the app still answers')
})

t.test('a falsy rejection is Fastify\'s FST_ERR_SEND_UNDEFINED_ERR (500), in either hook, as for a returned promise', async (t) => {
  const rejections = watchRejections(t)
  const undefinedError = { statusCode: 500, code: 'FST_ERR_SEND_UNDEFINED_ERR', error: 'Internal Server Error', message: 'Undefined error has occurred' }
  const cases: Array<[string, (app: FastifyInstance) => void]> = [
    ['settleHook', (app) => { app.addHook('onRequest', (_request, _reply, done) => { settleHook(Promise.reject(undefined), done) }) }],
    ['settleSend', (app) => { app.addHook('onSend', (_request, _reply, _payload, done) => { settleSend(Promise.reject(null), done) }) }],
    ['a returned promise (onRequest)', (app) => { app.addHook('onRequest', async () => { throw undefined }) }],
    ['a returned promise (onSend)', (app) => { app.addHook('onSend', async () => { throw null }) }]
  ]
  for (const [name, setUp] of cases) {
    // Fastify's default error handler, which shows the error's code the service's envelope leaves out.
    t.same(await answer(await appWith(t, false, setUp)), [500, undefinedError], name)
  }
  t.same(rejections, [], 'no unhandled rejection')
})
