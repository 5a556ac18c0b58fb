// Stub rules force one answer on a route pattern, once, N times or always, for one workspace or key,
// through the admin API and the typed helper; the journal records the stubbed answer; drift leaves it alone.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, build, call, errorBody, sharedApp } from '../../helper.js'
import { startEmulator, type Stub, type StubRule } from '../../../src/index.js'
import type { StubView } from '../../../src/schemas/stubs.js'
import type { StubRuleBody } from '../../../src/schemas/stubs.js'

const fresh = sharedApp(t)

export const typeChecks = {
  view: (answer: StubView): Stub => answer as Stub,
  body: (input: StubRule): StubRuleBody => input
}

const addStub = async (app: FastifyInstance, rule: object) => app.inject({ method: 'POST', url: '/_emulator/stubs', payload: rule })

t.test('a stub answers N times with its status, headers and body, then the route answers again', async (t) => {
  const app = await fresh()
  const added = await addStub(app, { method: 'GET', path: '/scenes/{sceneId}', status: 418, headers: { 'x-why': 'stubbed' }, body: { statusCode: 418, error: 'Teapot', message: 'short and stout' }, times: 2 })
  t.equal(added.statusCode, 200)
  t.same(added.json(), { id: 1, method: 'GET', path: '/scenes/{sceneId}', status: 418, headers: { 'x-why': 'stubbed' }, body: { statusCode: 418, error: 'Teapot', message: 'short and stout' }, times: 2, remaining: 2, fired: 0, workspaceId: null, keyId: null })
  for (let i = 0; i < 2; i++) {
    const res = await app.inject({ url: '/api/v1/scenes/scnShapes01', headers: { authorization: `Bearer ${KEYS.full}` } })
    t.same([res.statusCode, res.json(), res.headers['x-why'], res.headers['x-emulator-stub']], [418, { statusCode: 418, error: 'Teapot', message: 'short and stout' }, 'stubbed', '1'])
  }
  const real = await call(t, app, 'GET', '/api/v1/scenes/scnShapes01')
  t.equal(real.status, 200, 'after two answers the route answers')
  t.same((await app.inject({ url: '/_emulator/stubs' })).json().data[0], { ...added.json(), remaining: 0, fired: 2 })
  const journal = (await app.inject({ url: '/_emulator/requests?limit=3' })).json().data
  t.same(journal.map((e: { status: number }) => e.status), [200, 418, 418], 'stubbed answers are journaled')
  t.match(journal[1].response, { text: '{"statusCode":418,"error":"Teapot","message":"short and stout"}' })
})

t.test('scoped to a workspace or a key; keys are still checked first; drift leaves stubs alone', async (t) => {
  const app = await build(t, { drift: true, driftRate: 1 })
  await addStub(app, { path: '/collections', status: 200, body: { data: [] }, keyId: 'key_test_read' })
  await addStub(app, { path: '/collections', status: 503, workspaceId: 'wsOther0001' })
  const read = await app.inject({ url: '/api/v1/collections', headers: { authorization: `Bearer ${KEYS.read}` } })
  t.same([read.statusCode, read.json(), read.headers['x-emulator-drift']], [200, { data: [] }, undefined], 'the read key gets the stub, not drifted')
  const full = await app.inject({ url: '/api/v1/collections', headers: { authorization: `Bearer ${KEYS.full}` } })
  t.equal(full.headers['x-emulator-stub'], undefined, 'another key of the workspace gets the route')
  const other = await app.inject({ url: '/api/v1/collections', headers: { authorization: `Bearer ${KEYS.other}` } })
  t.same([other.statusCode, other.body], [503, ''], 'the other workspace gets its stub, with an empty body')
  const unauthorised = await app.inject({ url: '/api/v1/collections' })
  t.equal(unauthorised.statusCode, 401, 'no key: auth answers before any stub')
})

t.test('a path the emulator has no route for: a scoped stub answers only a valid key of its workspace', async (t) => {
  const app = await fresh()
  await addStub(app, { path: '/not-yet-a-route', status: 200, body: { stubbed: true }, workspaceId: 'wsOther0001' })
  const ask = (key?: string) => app.inject({ url: '/api/v1/not-yet-a-route', headers: key === undefined ? {} : { authorization: `Bearer ${key}` } })
  const own = await ask(KEYS.other)
  t.same([own.statusCode, own.json(), own.headers['x-emulator-stub']], [200, { stubbed: true }, '1'], 'the workspace\'s key gets the stub')
  for (const [key, who] of [[KEYS.full, 'another workspace\'s key'], ['sk-not-a-key', 'an unknown key'], [undefined, 'no key']] as const) {
    const res = await ask(key)
    t.same([res.statusCode, res.headers['x-emulator-stub']], [404, undefined], `${who}: the route's 404`)
  }
})

t.test('bad rules are refused; one rule or all can be removed; reset removes them', async (t) => {
  const app = await fresh()
  const bad = await addStub(app, { path: 'scenes', status: 200 })
  t.same([bad.statusCode, bad.json()], [400, errorBody(400, 'Bad Request', 'body/path "scenes" must start with /')])
  t.equal((await addStub(app, { path: '/scenes', status: 99 })).statusCode, 400)
  t.equal((await addStub(app, { path: '/scenes', status: 200, extra: 1 })).statusCode, 400)
  await addStub(app, { path: '/scenes', status: 204 })
  await addStub(app, { path: '/collections', status: 204 })
  t.equal((await app.inject({ method: 'DELETE', url: '/_emulator/stubs/1' })).statusCode, 200)
  const missing = await app.inject({ method: 'DELETE', url: '/_emulator/stubs/1' })
  t.same([missing.statusCode, missing.json()], [404, errorBody(404, 'Not Found', 'Stub 1 not found')])
  t.same((await app.inject({ method: 'DELETE', url: '/_emulator/stubs' })).json(), { cleared: 1 })
  await addStub(app, { path: '/scenes', status: 204 })
  await app.inject({ method: 'POST', url: '/_emulator/reset' })
  t.same((await app.inject({ url: '/_emulator/stubs' })).json(), { data: [] }, 'reset removes stubs')
})

t.test('the typed helpers', async (t) => {
  const emulator = await startEmulator()
  t.teardown(() => emulator.close())
  const stub = await emulator.addStub({ method: 'POST', path: '/collections', status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: 'slow down' }, times: 1 })
  t.match(stub, { id: 1, status: 429, remaining: 1 })
  const headers = { 'authorization': `Bearer ${emulator.keys.full}`, 'content-type': 'application/json' }
  const first = await fetch(`${emulator.apiUrl}/collections`, { method: 'POST', headers, body: '{"name":"x"}' })
  t.equal(first.status, 429)
  await emulator.addStub({ path: '/collections', status: 500 })
  await emulator.clearStubs()
  t.equal((await fetch(`${emulator.apiUrl}/collections`, { headers })).status, 200)
})
