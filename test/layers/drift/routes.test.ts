// /_emulator/drift: settings (GET/PUT), the kinds catalogue, the ledger, reset, the admin token, and no drift
// on the admin scope itself.
import t from 'tap'
import { DRIFT_KINDS, driftKindNames } from '../../../src/layers/drift/kinds/index.js'
import { build, errorBody, sharedApp } from '../../helper.js'
import { raw } from './drift-helper.js'

const fresh = sharedApp(t)

const badRequest = (message: string) => errorBody(400, 'Bad Request', message)

t.test('GET /drift', async (t) => {
  const app = await fresh()
  const res = await app.inject({ method: 'GET', url: '/_emulator/drift' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { enabled: false, seed: 42, rate: 0.3, kinds: driftKindNames }, 'off; the seed falls back to EMULATOR_SEED')
  const seeded = await build(t, { driftSeed: 7, driftKinds: ['deprecation', 'rename-field', 'deprecation'] })
  t.same((await seeded.inject({ method: 'GET', url: '/_emulator/drift' })).json(),
    { enabled: false, seed: 7, rate: 0.3, kinds: ['rename-field', 'deprecation'] }, 'kinds as a set, in catalogue order')
  const unseeded = await build(t, { seed: undefined })
  t.equal((await unseeded.inject({ method: 'GET', url: '/_emulator/drift' })).json().seed, 0, 'no seed at all: 0')
})

t.test('PUT /drift', async (t) => {
  const app = await fresh()
  const put = async (payload: object) => await app.inject({ method: 'PUT', url: '/_emulator/drift', payload })
  const res = await put({ enabled: true, rate: 1, kinds: ['older-shape', 'null-field'] })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { enabled: true, seed: 42, rate: 1, kinds: ['null-field', 'older-shape'] })
  t.same((await put({ seed: -3 })).json(), { enabled: true, seed: -3, rate: 1, kinds: ['null-field', 'older-shape'] }, 'keys left out keep their value')
  t.same((await put({ kinds: null })).json().kinds, driftKindNames, 'null: every kind')
  t.same((await app.inject({ method: 'GET', url: '/_emulator/drift' })).json(), { enabled: true, seed: -3, rate: 1, kinds: driftKindNames })
  const drifted = await raw(app, 'GET', '/api/v1/scenes/scnShapes01')
  t.type(drifted.headers['x-emulator-drift'], 'string', 'the public API drifts at once')
  await put({ enabled: false })
  t.equal((await raw(app, 'GET', '/api/v1/scenes/scnShapes01')).headers['x-emulator-drift'], undefined, 'and stops at once')
})

t.test('PUT /drift: 400 for what it cannot apply, settings unchanged', async (t) => {
  const app = await fresh()
  const failures: Array<[unknown, string]> = [
    [{ kinds: ['rename-field', 'rename-feild'] }, `body/kinds: unknown drift kind "rename-feild"; valid kinds: ${driftKindNames.join(', ')}`],
    [{ kinds: ['a', 'b'] }, `body/kinds: unknown drift kinds "a", "b"; valid kinds: ${driftKindNames.join(', ')}`],
    [{ rate: 1.5 }, 'body/rate must be <= 1'],
    [{ rate: -0.1 }, 'body/rate must be >= 0'],
    [{ rate: '0.5' }, 'body/rate must be number'],
    [{ seed: 1.5 }, 'body/seed must be integer'],
    [{ enabled: 'on' }, 'body/enabled must be boolean'],
    [{ kinds: [] }, 'body/kinds must NOT have fewer than 1 items'],
    [{ profile: 'hostile' }, "body must NOT have additional property 'profile'"]
  ]
  for (const [payload, message] of failures) {
    const res = await app.inject({ method: 'PUT', url: '/_emulator/drift', payload: payload as object })
    t.equal(res.statusCode, 400, JSON.stringify(payload))
    t.same(res.json(), badRequest(message))
  }
  t.same((await app.inject({ method: 'GET', url: '/_emulator/drift' })).json(), { enabled: false, seed: 42, rate: 0.3, kinds: driftKindNames })
})

t.test('GET /drift/kinds', async (t) => {
  const app = await fresh()
  const { kinds } = (await app.inject({ method: 'GET', url: '/_emulator/drift/kinds' })).json()
  t.same(kinds.map((kind: any) => kind.name), driftKindNames)
  t.same(kinds.find((kind: any) => kind.name === 'drop-optional-field'), {
    name: 'drop-optional-field',
    breaking: false,
    description: 'Omits one field the schema marks optional (still valid, but clients that assume it break)'
  })
  t.same(kinds, DRIFT_KINDS.map(({ name, breaking, description }) => ({ name, breaking, description })))
})

t.test('GET and DELETE /drift/ledger', async (t) => {
  const app = await fresh()
  const force = (kinds: string) => ({ headers: { 'x-emulator-drift': kinds } })
  await raw(app, 'GET', '/api/v1/scenes', force('rename-envelope'))
  await raw(app, 'GET', '/api/v1/scenes?limit=1', force('rename-envelope, deprecation'))
  await raw(app, 'GET', '/api/v1/scenes/scnShapes01', force('switch-paging'))
  await raw(app, 'GET', '/api/v1/scenes/scnShapes01', force('off'))
  await raw(app, 'GET', '/api/v1/scenes/scnNope0001', force('change-error-envelope'))
  const expected = {
    eligible: 4,
    perturbed: 3,
    byKind: { 'rename-envelope': 2, 'change-error-envelope': 1, 'deprecation': 1 },
    byRoute: {
      'GET /api/v1/scenes': { eligible: 2, perturbed: 2, byKind: { 'rename-envelope': 2, 'deprecation': 1 } },
      'GET /api/v1/scenes/{sceneId}': { eligible: 2, perturbed: 1, byKind: { 'change-error-envelope': 1 } }
    }
  }
  t.same((await app.inject({ method: 'GET', url: '/_emulator/drift/ledger' })).json(), expected)
  const cleared = await app.inject({ method: 'DELETE', url: '/_emulator/drift/ledger' })
  t.equal(cleared.statusCode, 200)
  t.same(cleared.json(), expected, 'DELETE answers the ledger as it was')
  t.same((await app.inject({ method: 'GET', url: '/_emulator/drift/ledger' })).json(), { eligible: 0, perturbed: 0, byKind: {}, byRoute: {} })
})

t.test('the ledger counts random drift per route and kind', async (t) => {
  const app = await build(t, { drift: true, driftRate: 1, driftKinds: ['deprecation'] })
  for (let i = 0; i < 3; i++) await raw(app, 'GET', '/api/v1/collections')
  await raw(app, 'POST', '/api/v1/collections', { body: { name: 'x' } })
  const ledger = (await app.inject({ method: 'GET', url: '/_emulator/drift/ledger' })).json()
  t.same(ledger, {
    eligible: 4,
    perturbed: 4,
    byKind: { deprecation: 4 },
    byRoute: {
      'GET /api/v1/collections': { eligible: 3, perturbed: 3, byKind: { deprecation: 3 } },
      'POST /api/v1/collections': { eligible: 1, perturbed: 1, byKind: { deprecation: 1 } }
    }
  })
})

t.test('POST /_emulator/reset returns drift to its configured settings and clears the ledger', async (t) => {
  const app = await build(t, { driftRate: 0.5 })
  await app.inject({ method: 'PUT', url: '/_emulator/drift', payload: { enabled: true, rate: 1, seed: 9, kinds: ['deprecation'] } })
  await raw(app, 'GET', '/api/v1/collections')
  const reset = (await app.inject({ method: 'POST', url: '/_emulator/reset' })).json()
  t.ok(reset.control.includes('drift'), 'drift is a control part')
  t.same((await app.inject({ method: 'GET', url: '/_emulator/drift' })).json(), { enabled: false, seed: 42, rate: 0.5, kinds: driftKindNames })
  t.same((await app.inject({ method: 'GET', url: '/_emulator/drift/ledger' })).json().eligible, 0)
})

t.test('the admin token guards the drift routes; the admin scope itself never drifts', async (t) => {
  const app = await build(t, { adminToken: 'secret-token', drift: true, driftRate: 1 })
  t.equal((await app.inject({ method: 'GET', url: '/_emulator/drift' })).statusCode, 401)
  t.equal((await app.inject({ method: 'PUT', url: '/_emulator/drift', payload: { rate: 0 } })).statusCode, 401)
  const headers = { 'authorization': 'Bearer secret-token', 'x-emulator-drift': 'deprecation' }
  for (const url of ['/_emulator/drift', '/_emulator/drift/kinds', '/_emulator/drift/ledger', '/_emulator/health']) {
    const res = await app.inject({ method: 'GET', url, headers })
    t.equal(res.statusCode, 200, url)
    t.equal(res.headers['x-emulator-drift'], undefined, `${url} is not drifted`)
    t.equal(res.headers.deprecation, undefined)
  }
})
