// The journal shows what a refused client sent (never its key), and unknown /api/v1 routes are
// journaled and faulted like any other request, still answering 404 whatever the key.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, call, errorBody, sharedApp } from '../helper.js'

const fresh = sharedApp(t)

const entries = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/_emulator/requests' })).json().data

t.test('401 and 403 requests are journaled with their bodies, the key masked', async (t) => {
  const app = await fresh()
  const sent = JSON.stringify({ name: 'Refused' })
  const unknownKey = await call(t, app, 'POST', '/api/v1/collections', { key: 'sk-not-a-key', payload: sent })
  t.same([unknownKey.status, unknownKey.body], [401, errorBody(401, 'Unauthorized', 'Invalid API key')])
  const readOnly = await call(t, app, 'POST', '/api/v1/collections', { key: KEYS.read, payload: sent })
  t.equal(readOnly.status, 403)
  const [forbidden, unauthorised] = await entries(app)
  for (const [entry, status] of [[unauthorised, 401], [forbidden, 403]] as const) {
    t.match(entry, { method: 'POST', path: '/api/v1/collections', status })
    t.same(entry.request, { text: sent, bytes: sent.length, truncated: false, contentType: 'application/json' }, `${status}: the body as sent`)
  }
  t.notOk(JSON.stringify(await entries(app)).includes('sk-not-a-key'), 'the refused key appears nowhere')
  t.notOk(JSON.stringify(await entries(app)).includes(KEYS.read), 'nor the read key')
  const list = await call(t, app, 'GET', '/api/v1/collections')
  t.notOk(list.body.data.some((c: { name: string }) => c.name === 'Refused'), 'nothing was stored')
})

t.test('unknown /api/v1 routes: 404 with or without a key, journaled, and faults apply', async (t) => {
  const app = await fresh()
  const notFound = errorBody(404, 'Not Found', 'Route GET:/api/v1/nope not found')
  for (const key of [null, 'sk-not-a-key', KEYS.full]) {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nope', headers: key === null ? {} : { authorization: `Bearer ${key}` } })
    t.same([res.statusCode, res.json()], [404, notFound], `key ${key}`)
  }
  const journal = await entries(app)
  t.equal(journal.length, 3, 'all three are journaled')
  t.match(journal[0], { method: 'GET', path: '/api/v1/nope', route: null, status: 404 })
  const faults = await app.inject({ method: 'PUT', url: '/_emulator/faults', payload: { rules: [{ path: '/nope', fault: 503 }] } })
  t.equal(faults.statusCode, 200)
  const faulted = await app.inject({ method: 'GET', url: '/api/v1/nope' })
  t.equal(faulted.statusCode, 503, 'a fault rule matches an unknown route too')
  const outside = await app.inject({ method: 'GET', url: '/elsewhere' })
  t.equal(outside.statusCode, 404, 'routes outside /api/v1 keep the root 404')
  t.equal((await entries(app)).length, 4, 'and are not journaled')
})
