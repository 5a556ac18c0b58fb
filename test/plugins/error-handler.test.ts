// The one envelope: unknown routes, oversized bodies (413 keeps Fastify's `code`), and no crash on odd input.
import t from 'tap'
import { build, call, errorBody, sharedApp } from '../helper.js'

const fresh = sharedApp(t)

t.test('unknown routes answer the service\'s 404 envelope, with or without a key', async (t) => {
  const app = await fresh()
  for (const [method, url] of [['GET', '/api/v1/nope'], ['POST', '/api/v1/scenes/abc/links'], ['GET', '/api/v1/me'], ['PUT', '/api/v1/collections']]) {
    const res = await call(t, app, method, url, { key: null })
    t.same([res.status, res.body], [404, errorBody(404, 'Not Found', `Route ${method}:${url} not found`)], `${method} ${url}`)
  }
})

t.test('413 above the body limit, with Fastify\'s own body as the real service sends it', async (t) => {
  const app = await build(t, { bodyLimit: 2048 })
  const res = await call(t, app, 'POST', '/api/v1/collections', { payload: JSON.stringify({ name: 'x'.repeat(4096) }) })
  t.equal(res.status, 413)
  t.same(res.body, { code: 'FST_ERR_CTP_BODY_TOO_LARGE', error: 'Payload Too Large', message: 'Request body is too large', statusCode: 413 })
  t.equal((await call(t, app, 'GET', '/api/v1/collections')).body.data.length, 2, 'nothing was stored')
})

t.test('odd input never crashes the process', async (t) => {
  const app = await fresh()
  const odd = [
    { method: 'POST', url: '/api/v1/collections', payload: '\u0000\u0001', headers: { 'content-type': 'application/json' } },
    { method: 'POST', url: '/api/v1/collections', payload: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    { method: 'GET', url: '/api/v1/scenes/%E0%A4%A', headers: {} },
    { method: 'GET', url: '/api/v1/scenes?limit=1&limit=2', headers: {} },
    { method: 'GET', url: `/api/v1/scenes/${'a'.repeat(5000)}`, headers: {} }
  ]
  for (const request of odd) {
    const res = await app.inject({ ...request, method: request.method as 'GET', headers: { authorization: 'Bearer sk-test-full', ...request.headers } })
    t.ok(res.statusCode >= 400 && res.statusCode < 500, `${request.method} ${request.url.slice(0, 40)} → ${res.statusCode}`)
    t.same(Object.keys(res.json()).sort(), ['error', 'message', 'statusCode'], 'the envelope')
  }
  const badUrl = await app.inject({ method: 'GET', url: '/api/v1/scenes/%E0%A4%A', headers: { authorization: 'Bearer sk-test-full' } })
  t.same(badUrl.json(), errorBody(400, 'Bad Request', 'The URL path /api/v1/scenes/%E0%A4%A has malformed percent-encoding: encode each reserved byte as %XX'))
  const longId = await app.inject({ method: 'GET', url: `/api/v1/scenes/${'a'.repeat(5000)}`, headers: { authorization: 'Bearer sk-test-full' } })
  t.same([longId.statusCode, longId.json()], [404, errorBody(404, 'Not Found', `Scene ${'a'.repeat(5000)} not found`)], 'a long path id is looked up, not 414')
})

t.test('a handler bug answers a generic 500 envelope and logs, without leaking the error', async (t) => {
  const app = await fresh()
  app.stores.scenes.list = () => { throw new Error('disk on fire') }
  const res = await call(t, app, 'GET', '/api/v1/scenes')
  t.same([res.status, res.body], [500, errorBody(500, 'Internal Server Error', 'Internal Server Error')])
})
