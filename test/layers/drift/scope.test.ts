// The drift plugin in a bare scope with routes of its own: what it skips (non-JSON bodies, HEAD, routes with
// config.drift false), how it merges headers (Link), and the boot-time check of route config.
import t from 'tap'
import Fastify, { type FastifyInstance } from 'fastify'
import { resolveConfig, type Config } from '../../../src/config/index.js'
import { createClock } from '../../../src/lib/clock.js'
import { createIdFactory } from '../../../src/lib/ids.js'
import runtime from '../../../src/plugins/runtime.js'
import control from '../../../src/layers/control.js'
import drift from '../../../src/layers/drift/plugin.js'
import { routeKey } from '../../../src/layers/drift/rest.js'
import type { TestLike } from '../../helper.js'

type Routes = (app: FastifyInstance) => void

async function scope (t: TestLike, routes: Routes, config: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = Fastify()
  t.teardown(() => app.close())
  await app.register(runtime, { config: resolveConfig({ drift: true, driftRate: 1, ...config }), clock: createClock(0), ids: createIdFactory(1) })
  await app.register(control)
  await app.register(async (api) => {
    await api.register(drift)
    routes(api)
  }, { prefix: '/api/v1' })
  return app
}

const json = { type: 'object', properties: { name: { type: 'string' }, size: { type: 'integer' } }, required: ['name', 'size'], additionalProperties: false }

t.test('non-JSON bodies, HEAD and unmatched URLs go out untouched and uncounted', async (t) => {
  const app = await scope(t, (api) => {
    api.get('/page', async (_request, reply) => reply.code(503).type('text/html; charset=utf-8').send('<html>down</html>'))
    api.get('/broken', async (_request, reply) => reply.type('application/json').send('{"name": '))
    api.get('/thing', { schema: { response: { 200: json } } }, async () => ({ name: 'a', size: 1 }))
  })
  const force = { 'x-emulator-drift': 'deprecation' }
  const page = await app.inject({ method: 'GET', url: '/api/v1/page', headers: force })
  t.equal(page.body, '<html>down</html>')
  t.equal(page.headers['x-emulator-drift'], undefined)
  const broken = await app.inject({ method: 'GET', url: '/api/v1/broken', headers: force })
  t.equal(broken.body, '{"name": ', 'a body that does not parse is not drift\'s to fix')
  t.equal(broken.headers['x-emulator-drift'], undefined)
  const head = await app.inject({ method: 'HEAD', url: '/api/v1/thing', headers: force })
  t.equal(head.headers['x-emulator-drift'], undefined, 'HEAD')
  const missing = await app.inject({ method: 'GET', url: '/api/v1/nope', headers: force })
  t.equal(missing.statusCode, 404)
  t.equal(missing.headers['x-emulator-drift'], undefined, 'no route, no drift')
  t.equal(app.control.drift.ledger().eligible, 0)
  const thing = await app.inject({ method: 'GET', url: '/api/v1/thing', headers: force })
  t.equal(thing.headers['x-emulator-drift'], 'deprecation', 'while a JSON route of the same scope drifts')
})

t.test('the route\'s response schema for the status guides the kinds', async (t) => {
  const app = await scope(t, (api) => {
    api.get('/thing', { schema: { response: { '2xx': json } } }, async () => ({ name: 'a', size: 1 }))
  })
  const res = await app.inject({ method: 'GET', url: '/api/v1/thing', headers: { 'x-emulator-drift': 'drop-required-field /size' } })
  t.same(res.json(), { name: 'a' }, 'found under 2xx: size is known to be required')
})

t.test('a Link header the route set is kept, and the deprecation link appended', async (t) => {
  const app = await scope(t, (api) => {
    api.get('/thing', async (_request, reply) => reply.header('link', '</api/v1/thing?page=2>; rel="next"').send({ name: 'a', size: 1 }))
  })
  const res = await app.inject({ method: 'GET', url: '/api/v1/thing', headers: { 'x-emulator-drift': 'deprecation' } })
  t.equal(res.headers.link, '</api/v1/thing?page=2>; rel="next", <https://plus.excalidraw.com/docs/api>; rel="deprecation"')
  t.same(res.json(), { name: 'a', size: 1 })
})

t.test('config: { drift: false } opts a route out; anything but a boolean fails at boot', async (t) => {
  const app = await scope(t, (api) => {
    api.get('/quiet', { config: { drift: false } }, async () => ({ name: 'a', size: 1 }))
    api.get('/loud', { config: { drift: true } }, async () => ({ name: 'a', size: 1 }))
  })
  const force = { 'x-emulator-drift': 'deprecation' }
  t.equal((await app.inject({ method: 'GET', url: '/api/v1/quiet', headers: force })).headers['x-emulator-drift'], undefined)
  t.equal((await app.inject({ method: 'GET', url: '/api/v1/loud', headers: force })).headers['x-emulator-drift'], 'deprecation')
  await t.rejects(scope(t, (api) => {
    api.get('/typo', { config: { drift: 'no' as unknown as boolean } }, async () => ({}))
  }), new TypeError('route GET /api/v1/typo: config.drift must be true or false (got "no")'))
})

t.test('a failing kind costs the client nothing: the original body goes out, with a warning', async (t) => {
  const app = await scope(t, (api) => {
    // A schema whose `properties` throws when drift reads it (the route serializes without reading it): it
    // stands in for a bug in a kind.
    const schema = { type: 'object', get properties (): never { throw new Error('boom') } }
    api.get('/thing', { schema: { response: { 200: schema } }, serializerCompiler: () => (data) => JSON.stringify(data) },
      async () => ({ name: 'a', size: 1 }))
  }, { logLevel: 'silent' })
  const res = await app.inject({ method: 'GET', url: '/api/v1/thing', headers: { 'x-emulator-drift': 'drop-required-field' } })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['x-emulator-drift'], undefined)
  t.equal(res.headers['x-emulator-drift-warning'], 'drift failed on this response; sent unchanged')
})

t.test('routeKey names routes the way the ledger and the docs do', async (t) => {
  t.equal(routeKey('GET', '/api/v1/scenes/:sceneId/content'), 'GET /api/v1/scenes/{sceneId}/content')
  t.equal(routeKey('DELETE', '/api/v1/workspaces/invites/:inviteId'), 'DELETE /api/v1/workspaces/invites/{inviteId}')
})
