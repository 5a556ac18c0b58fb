// GET /_emulator/requests (filters, limit, newest first) and DELETE /_emulator/requests.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, build, call, errorBody, sharedApp } from '../../helper.js'

const fresh = sharedApp(t)

const requests = async (app: FastifyInstance, query = '') => {
  const res = await app.inject({ method: 'GET', url: `/_emulator/requests${query}` })
  return { status: res.statusCode, body: res.json() }
}
const summary = (body: any) => body.data.map((e: any) => `${e.id} ${e.method} ${e.path} ${e.status} ${e.workspaceId}`)

type Tap = Parameters<typeof call>[0]

/** Six requests over two workspaces, methods, paths and statuses. */
async function traffic (t: Tap, app: FastifyInstance) {
  await call(t, app, 'GET', '/api/v1/scenes')
  await call(t, app, 'GET', '/api/v1/scenes/scnShapes01')
  await call(t, app, 'POST', '/api/v1/collections', { body: { name: 'New' } })
  await call(t, app, 'GET', '/api/v1/scenes/scnNope0001')
  await call(t, app, 'GET', '/api/v1/scenes', { key: KEYS.other })
  await call(t, app, 'GET', '/api/v1/collections')
}

t.test('GET /_emulator/requests', async (t) => {
  const app = await fresh()
  await traffic(t, app)
  const all = await requests(app)
  t.equal(all.status, 200)
  t.same(summary(all.body), [
    '6 GET /api/v1/collections 200 wsMain00001',
    '5 GET /api/v1/scenes 200 wsOther0001',
    '4 GET /api/v1/scenes/scnNope0001 404 wsMain00001',
    '3 POST /api/v1/collections 200 wsMain00001',
    '2 GET /api/v1/scenes/scnShapes01 200 wsMain00001',
    '1 GET /api/v1/scenes 200 wsMain00001'
  ], 'newest first')
  t.equal(all.body.total, 6)

  const cases: Array<[string, string[]]> = [
    ['?workspaceId=wsOther0001', ['5 GET /api/v1/scenes 200 wsOther0001']],
    ['?method=post', ['3 POST /api/v1/collections 200 wsMain00001']],
    ['?status=404', ['4 GET /api/v1/scenes/scnNope0001 404 wsMain00001']],
    ['?path=/scenes/scnShapes01', ['2 GET /api/v1/scenes/scnShapes01 200 wsMain00001']],
    ['?path=/api/v1/collections', ['6 GET /api/v1/collections 200 wsMain00001', '3 POST /api/v1/collections 200 wsMain00001']],
    ['?path=/scenes&workspaceId=wsMain00001&status=200', ['2 GET /api/v1/scenes/scnShapes01 200 wsMain00001', '1 GET /api/v1/scenes 200 wsMain00001']],
    ['?path=/scene', []],
    ['?limit=2', ['6 GET /api/v1/collections 200 wsMain00001', '5 GET /api/v1/scenes 200 wsOther0001']]
  ]
  for (const [query, expected] of cases) {
    const res = await requests(app, query)
    t.same(summary(res.body), expected, query)
  }
  t.same((await requests(app, '?path=/scenes')).body.total, 4, 'path is a segment prefix: the list and each scene')
  t.equal((await requests(app, '?limit=2')).body.total, 6, 'total counts matches before the limit')
})

t.test('400 on an unknown filter or a bad value', async (t) => {
  const app = await fresh()
  const unknown = await requests(app, '?route=/scenes')
  t.equal(unknown.status, 400)
  t.same(unknown.body, errorBody(400, 'Bad Request', "querystring must NOT have additional property 'route'"))
  const limit = await requests(app, '?limit=0')
  t.same(limit.body, errorBody(400, 'Bad Request', 'querystring/limit must be >= 1'))
})

t.test('DELETE /_emulator/requests empties the journal; ids keep counting', async (t) => {
  const app = await fresh()
  await traffic(t, app)
  const res = await app.inject({ method: 'DELETE', url: '/_emulator/requests' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { cleared: 6 })
  t.same((await requests(app)).body, { capacity: 1000, total: 0, data: [] })
  await call(t, app, 'GET', '/api/v1/scenes')
  t.same(summary((await requests(app)).body), ['7 GET /api/v1/scenes 200 wsMain00001'])
})

t.test('POST /_emulator/reset empties the journal and restarts its ids', async (t) => {
  const app = await fresh()
  await traffic(t, app)
  t.equal((await app.inject({ method: 'POST', url: '/_emulator/reset' })).statusCode, 200)
  t.same((await requests(app)).body.data, [])
  await call(t, app, 'GET', '/api/v1/scenes')
  t.same(summary((await requests(app)).body), ['1 GET /api/v1/scenes 200 wsMain00001'])
})

t.test('the admin token guards the journal', async (t) => {
  const app = await build(t, { adminToken: 'admin-secret' })
  t.equal((await app.inject({ method: 'GET', url: '/_emulator/requests' })).statusCode, 401)
  const ok = await app.inject({ method: 'GET', url: '/_emulator/requests', headers: { authorization: 'Bearer admin-secret' } })
  t.equal(ok.statusCode, 200)
})
