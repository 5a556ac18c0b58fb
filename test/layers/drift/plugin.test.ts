// The drift layer through the real app: settings, each request header, forcing, exemption, statuses, JSON,
// faulted bodies, and storage left alone. Raw calls: drifted responses do not conform on purpose.
import t from 'tap'
import { buildApp } from '../../../src/app.js'
import { ConfigError, MINIMAL_FIXTURES, loadConfig, resolveConfig } from '../../../src/config/index.js'
import { driftKindNames } from '../../../src/layers/drift/kinds/index.js'
import { recordOf } from '../../../src/layers/request-record.js'
import { build, sharedApp } from '../../helper.js'
import { SEQUENCE, admin, kindsIn, raw } from './drift-helper.js'

const fresh = sharedApp(t)
/** Drift on, every eligible response perturbed. */
const drifting = sharedApp(t, { drift: true, driftRate: 1 })

t.test('off by default: nothing changes, nothing is counted', async (t) => {
  const app = await fresh()
  for (const [method, url, body] of SEQUENCE) {
    const res = await raw(app, method, url, { body })
    t.equal(res.headers['x-emulator-drift'], undefined, `${method} ${url}`)
  }
  t.same(await admin(app, 'GET', '/drift/ledger'), { eligible: 0, perturbed: 0, byKind: {}, byRoute: {} })
})

t.test('EMULATOR_DRIFT, _SEED, _RATE and _KINDS configure it', async (t) => {
  const env = { EMULATOR_DRIFT: 'on', EMULATOR_DRIFT_SEED: '7', EMULATOR_DRIFT_RATE: '1', EMULATOR_DRIFT_KINDS: 'deprecation, rename-envelope' }
  const { drift, driftSeed, driftRate, driftKinds } = loadConfig(env)
  const app = await build(t, { drift, driftSeed, driftRate, driftKinds })
  t.same(await admin(app, 'GET', '/drift'), { enabled: true, seed: 7, rate: 1, kinds: ['rename-envelope', 'deprecation'] })
  for (const [method, url, body] of SEQUENCE) {
    const res = await raw(app, method, url, { body })
    const kinds = kindsIn(res.headers['x-emulator-drift'])
    t.equal(kinds.length > 0, true, `${method} ${url}: rate 1 perturbs every response`)
    t.ok(kinds.every((kind) => kind === 'deprecation' || kind === 'rename-envelope'), `${method} ${url}: only the configured kinds`)
  }
  const list = await raw(app, 'GET', '/api/v1/scenes')
  t.ok(['rename-envelope /data', 'deprecation'].includes(String(list.headers['x-emulator-drift'])))
})

t.test('an unknown EMULATOR_DRIFT_KINDS name fails start-up with one line naming the valid kinds', async (t) => {
  const config = { fixturesDir: MINIMAL_FIXTURES, logLevel: 'silent' as const, drift: true, driftKinds: ['rename-field', 'renamefield'] }
  await t.rejects(buildApp(resolveConfig(config)), new ConfigError(
    `Invalid configuration: EMULATOR_DRIFT_KINDS (--drift-kinds) has unknown drift kind "renamefield"; valid kinds: ${driftKindNames.join(', ')}`
  ))
})

t.test('rate is the share of eligible responses perturbed', async (t) => {
  for (const [rate, check] of [[0, (n: number) => n === 0], [1, (n: number) => n === 40], [0.5, (n: number) => n > 8 && n < 32]] as const) {
    const app = rate === 1 ? await drifting() : await build(t, { drift: true, driftRate: rate })
    for (let i = 0; i < 40; i++) await raw(app, 'GET', '/api/v1/scenes/scnShapes01')
    const ledger = await admin(app, 'GET', '/drift/ledger')
    t.equal(ledger.eligible, 40, `rate ${rate}: every response is eligible`)
    t.ok(check(ledger.perturbed), `rate ${rate}: ${ledger.perturbed} of 40 perturbed`)
  }
})

t.test('X-Emulator-Drift: off exempts one request', async (t) => {
  const app = await drifting()
  const exempt = await raw(app, 'GET', '/api/v1/scenes/scnShapes01', { headers: { 'x-emulator-drift': 'off' } })
  const drifted = await raw(app, 'GET', '/api/v1/scenes/scnShapes01')
  await admin(app, 'PUT', '/drift', { enabled: false })
  const clean = await raw(app, 'GET', '/api/v1/scenes/scnShapes01')
  t.equal(exempt.headers['x-emulator-drift'], undefined)
  t.equal(exempt.body, clean.body, 'byte for byte the undrifted answer')
  t.type(drifted.headers['x-emulator-drift'], 'string', 'the next request drifts again')
  t.equal((await admin(app, 'GET', '/drift/ledger')).eligible, 1, 'an exempt response is not counted')
})

t.test('X-Emulator-Drift: <kinds> forces them in order, even with drift off', async (t) => {
  const app = await fresh()
  const res = await raw(app, 'GET', '/api/v1/scenes?limit=1', { headers: { 'x-emulator-drift': 'rename-envelope, deprecation' } })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['x-emulator-drift'], 'rename-envelope /data, deprecation')
  t.same(Object.keys(res.json()), ['limit', 'offset', 'hasNextPage', 'items'])
  t.equal(res.headers.deprecation, '@1788220800')
  t.equal(res.headers.sunset, 'Mon, 01 Mar 2027 00:00:00 GMT')
  t.equal(res.headers.link, '<https://plus.excalidraw.com/docs/api>; rel="deprecation"')
  const notApplicable = await raw(app, 'GET', '/api/v1/scenes/scnShapes01', { headers: { 'x-emulator-drift': 'switch-paging' } })
  t.equal(notApplicable.headers['x-emulator-drift'], undefined, 'a kind that does not apply changes nothing')
  t.equal(notApplicable.headers['x-emulator-drift-warning'], 'switch-paging does not apply to this response')
})

t.test('an unreadable drift header: the normal answer plus a warning, even with drift on', async (t) => {
  const app = await drifting()
  const cases: Array<[Record<string, string>, string]> = [
    [{ 'x-emulator-drift': 'deprecation, renam-field' }, `unknown drift kind "renam-field"; valid kinds: ${driftKindNames.join(', ')}; drift skipped for this request`],
    [{ 'x-emulator-drift': 'null-field metadata/name' }, '"null-field metadata/name" is not "<kind> <JSON pointer>"; drift skipped for this request'],
    [{ 'x-emulator-drift': 'nöpe' }, `unknown drift kind "n?pe"; valid kinds: ${driftKindNames.join(', ')}; drift skipped for this request`],
    [{ 'x-emulator-drift-seed': 'abc' }, 'X-Emulator-Drift-Seed must be a safe integer, |n| < 2^53 (got "abc"); drift skipped for this request']
  ]
  await admin(app, 'PUT', '/drift', { enabled: false })
  const clean = await raw(app, 'GET', '/api/v1/scenes/scnShapes01')
  await admin(app, 'PUT', '/drift', { enabled: true })
  for (const [headers, warning] of cases) {
    const res = await raw(app, 'GET', '/api/v1/scenes/scnShapes01', { headers })
    t.equal(res.statusCode, 200)
    t.equal(res.body, clean.body, `${JSON.stringify(headers)}: the undrifted body`)
    t.equal(res.headers['x-emulator-drift'], undefined)
    t.equal(res.headers['x-emulator-drift-warning'], warning)
  }
})

t.test('change-success-status through the real hook: 201 with the body, 204 with none', async (t) => {
  const app = await fresh()
  const force = { 'x-emulator-drift': 'change-success-status' }
  const created = await raw(app, 'POST', '/api/v1/collections', { body: { name: 'Plans' }, headers: force })
  t.equal(created.statusCode, 201)
  t.match(created.json(), { name: 'Plans' })
  t.match(created.headers['content-type'], /^application\/json/)
  t.equal(created.headers['content-length'], String(Buffer.byteLength(created.body)))
  const deleted = await raw(app, 'DELETE', `/api/v1/collections/${created.json().id as string}`, { headers: force })
  t.equal(deleted.statusCode, 204)
  t.equal(deleted.body, '')
  t.equal(deleted.headers['content-type'], undefined, 'no Content-Type on 204')
  t.equal(deleted.headers['content-length'], undefined, 'no Content-Length on 204')
  t.equal(deleted.headers['x-emulator-drift'], 'change-success-status')
  const gone = await raw(app, 'GET', `/api/v1/collections/${created.json().id as string}`)
  t.equal(gone.statusCode, 404, 'the delete itself happened')
})

t.test('every drifted body is JSON; only a 204 has none', async (t) => {
  const app = await drifting()
  let drifted = 0
  for (let round = 0; round < 4; round++) {
    for (const [method, url, body] of SEQUENCE) {
      const res = await raw(app, method, url, { body })
      if (res.headers['x-emulator-drift'] !== undefined) drifted++
      if (res.statusCode === 204) t.equal(res.body, '', `${method} ${url}: 204 is empty`)
      else t.doesNotThrow(() => JSON.parse(res.body), `${method} ${url} (${String(res.headers['x-emulator-drift'])}) is JSON`)
    }
  }
  t.equal(drifted, SEQUENCE.length * 4, 'every response was drifted')
})

t.test('storage never changes: a drifted write stores the undrifted record', async (t) => {
  const body = { name: 'Plan', pinned: false, collectionId: 'colDefault1' }
  const read = async (drift: string | undefined) => {
    const app = await fresh()
    const headers: Record<string, string> = drift === undefined ? {} : { 'x-emulator-drift': drift }
    const created = await raw(app, 'POST', '/api/v1/scenes', { body, headers })
    const patched = await raw(app, 'PATCH', '/api/v1/collections/colSecond01', { body: { name: 'Renamed' }, headers })
    const scene = await raw(app, 'GET', '/api/v1/scenes?limit=100')
    const collection = await raw(app, 'GET', '/api/v1/collections/colSecond01')
    return { created: created.body, patched: patched.body, stored: [scene.body, collection.body] }
  }
  const plain = await read(undefined)
  const drifted = await read('rename-field, drop-required-field, null-field, older-shape, change-id-format')
  t.not(drifted.created, plain.created, 'the POST answer was drifted')
  t.not(drifted.patched, plain.patched, 'the PATCH answer was drifted')
  t.same(drifted.stored, plain.stored, 'what is stored, read back without drift, is the same')
})

t.test('faulted bodies are the fault\'s: drift leaves them alone', async (t) => {
  const app = await drifting()
  const html = await raw(app, 'GET', '/api/v1/scenes', { headers: { 'x-emulator-fault': 'html; phase=after', 'x-emulator-drift': 'deprecation' } })
  t.equal(html.statusCode, 503)
  t.match(html.headers['content-type'], /^text\/html/)
  t.equal(html.headers['x-emulator-drift'], undefined, 'HTML 503: no drift')
  const json = await raw(app, 'GET', '/api/v1/scenes', { headers: { 'x-emulator-fault': '503', 'x-emulator-drift': 'change-error-envelope' } })
  t.equal(json.statusCode, 503)
  t.match(json.json(), { statusCode: 503, error: 'Service Unavailable' }, 'the fault envelope, not a drifted one')
  t.equal(json.headers['x-emulator-drift'], undefined)
  t.equal((await admin(app, 'GET', '/drift/ledger')).eligible, 0, 'faulted responses are not eligible')
})

t.test('errors are eligible too: change-error-envelope on a 404', async (t) => {
  const app = await fresh()
  const res = await raw(app, 'GET', '/api/v1/scenes/scnNope0001', { headers: { 'x-emulator-drift': 'change-error-envelope' } })
  t.equal(res.statusCode, 404)
  t.same(res.json(), { error: { code: 'NOT_FOUND', message: 'Scene scnNope0001 not found' } })
})

t.test('the request record carries the applied changes for the journal', async (t) => {
  const app = await build(t) // its own app: a hook can only be added before the app starts
  const seenChanges: unknown[] = []
  app.addHook('onResponse', async (request) => { seenChanges.push(recordOf(request).drift?.changes ?? null) })
  await raw(app, 'GET', '/api/v1/scenes?limit=1', { headers: { 'x-emulator-drift': 'unwrap-envelope' } })
  await raw(app, 'GET', '/api/v1/scenes?limit=1')
  t.same(seenChanges, [['unwrap-envelope /data'], null])
})
