// Bearer keys on every /api/v1 route: 401s, 403s, expiry under the virtual clock, cross-workspace 404s.
import t from 'tap'
import { KEYS, call, errorBody, sharedApp } from '../../helper.js'

const fresh = sharedApp(t)

const unauthorized = (message: string) => errorBody(401, 'Unauthorized', message)
const forbidden = (message: string) => errorBody(403, 'Forbidden', message)

t.test('401 answers', async (t) => {
  const app = await fresh()
  const cases: Array<[string, Record<string, string>, string]> = [
    ['no Authorization header', {}, 'Missing Authorization header: send "Authorization: Bearer <api key>"'],
    ['an empty header', { authorization: '' }, 'Missing Authorization header: send "Authorization: Bearer <api key>"'],
    ['another scheme', { authorization: 'Basic c2stdGVzdC1mdWxs' }, 'Malformed Authorization header: expected "Bearer <api key>"'],
    ['Bearer without a key', { authorization: 'Bearer' }, 'Malformed Authorization header: expected "Bearer <api key>"'],
    ['a key with a space inside', { authorization: 'Bearer sk-test full' }, 'Malformed Authorization header: expected "Bearer <api key>"'],
    ['an unknown key', { authorization: 'Bearer sk-nope' }, 'Invalid API key'],
    ['a revoked key', { authorization: `Bearer ${KEYS.revoked}` }, 'API key has been revoked'],
    ['an expired key', { authorization: `Bearer ${KEYS.expired}` }, 'API key expired at 2026-03-01T00:00:00.000Z']
  ]
  for (const [name, headers, message] of cases) {
    const res = await call(t, app, 'GET', '/api/v1/collections', { key: null, headers })
    t.equal(res.status, 401, `${name}: status`)
    t.same(res.body, unauthorized(message), `${name}: body`)
    t.notOk('www-authenticate' in res.headers, `${name}: no WWW-Authenticate header`)
  }
})

t.test('the scheme is case-insensitive, as HTTP auth schemes are', async (t) => {
  const app = await fresh()
  const res = await call(t, app, 'GET', '/api/v1/collections', { key: null, headers: { authorization: `bearer ${KEYS.full}` } })
  t.equal(res.status, 200)
})

t.test('expiry follows the virtual clock', async (t) => {
  const app = await fresh()
  app.clock.set(Date.parse('2026-02-28T23:59:59.000Z'))
  t.equal((await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.expired })).status, 200, 'valid one second before expiry')
  app.clock.advance(1000)
  const res = await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.expired })
  t.equal(res.status, 401, 'expired at the instant of expiry')
  t.same(res.body, unauthorized('API key expired at 2026-03-01T00:00:00.000Z'))
})

t.test('403 answers', async (t) => {
  const app = await fresh()
  const readOnWrite = await call(t, app, 'POST', '/api/v1/collections', { key: KEYS.read, body: { name: 'x' } })
  t.equal(readOnWrite.status, 403)
  t.same(readOnWrite.body, forbidden('Missing permission: this API key is read-only and cannot POST'))

  for (const method of ['PATCH', 'DELETE']) {
    const res = await call(t, app, method, '/api/v1/scenes/scnShapes01', { key: KEYS.read, body: method === 'PATCH' ? { name: 'x' } : undefined })
    t.same(res.body, forbidden(`Missing permission: this API key is read-only and cannot ${method}`), `read key on ${method}`)
  }

  const restricted = await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.scenes })
  t.equal(restricted.status, 403)
  t.same(restricted.body, forbidden('Missing permission: this API key may not call GET /collections'))
  t.equal((await call(t, app, 'GET', '/api/v1/scenes', { key: KEYS.scenes })).status, 200, 'a listed route is allowed')
  t.equal((await call(t, app, 'DELETE', '/api/v1/scenes/scnEmpty001', { key: KEYS.scenes })).status, 200, '`*` allows every method')
  const notListed = await call(t, app, 'POST', '/api/v1/scenes', { key: KEYS.scenes, body: { name: 'x', pinned: false, collectionId: 'colDefault1' } })
  t.same(notListed.body, forbidden('Missing permission: this API key may not call POST /scenes'))

  const privateWithWorkspaceKey = await call(t, app, 'GET', '/api/v1/collections/private')
  t.equal(privateWithWorkspaceKey.status, 403)
  t.same(privateWithWorkspaceKey.body, forbidden('Workspace API keys cannot access private collections; use a personal API key'))
})

t.test('an id from another workspace is a 404, exactly like an id that does not exist', async (t) => {
  const app = await fresh()
  const foreign = await call(t, app, 'GET', '/api/v1/scenes/scnShapes01', { key: KEYS.other })
  const missing = await call(t, app, 'GET', '/api/v1/scenes/scnNope0001', { key: KEYS.other })
  t.equal(foreign.status, 404)
  t.same(foreign.body, errorBody(404, 'Not Found', 'Scene scnShapes01 not found'))
  t.same(missing.body, errorBody(404, 'Not Found', 'Scene scnNope0001 not found'))
  const collection = await call(t, app, 'GET', '/api/v1/collections/colDefault1', { key: KEYS.other })
  t.same(collection.body, errorBody(404, 'Not Found', 'Collection colDefault1 not found'))
  const ownList = await call(t, app, 'GET', '/api/v1/scenes', { key: KEYS.other })
  t.same(ownList.body.data.map((s: any) => s.metadata.id), ['scnOther001'], 'lists show only the key\'s workspace')
})

t.test('keys are stored only as SHA-256 hashes', async (t) => {
  const app = await fresh()
  const rows = app.db.prepare('SELECT * FROM api_keys').all() as Array<Record<string, unknown>>
  const secrets = Object.values(KEYS)
  t.equal(rows.length, secrets.length)
  for (const row of rows) {
    t.match(row.key_hash, /^[0-9a-f]{64}$/)
    const cells = Object.values(row).filter((v): v is string => typeof v === 'string')
    t.notOk(cells.some((cell) => secrets.some((secret) => cell.includes(secret))), `row ${String(row.id)} holds no secret`)
    t.match(row.key_hint, /^.{7}…$/, 'only a 7-character hint is kept to recognise the key')
  }
})

t.test('a key revoked while its request waits (a fault delay) is refused when auth runs, though it was valid on arrival', async (t) => {
  // Auth reuses the arrival's key lookup only when nothing ran in between (api/v1/auth.ts, `identified`): after a
  // delay it looks the key up again.
  const app = await fresh()
  const keyId = app.stores.apiKeys.findBySecret(KEYS.full)?.id
  t.ok(keyId !== undefined)
  const pending = call(t, app, 'GET', '/api/v1/collections', { headers: { 'x-emulator-latency': '60' } })
  await new Promise((resolve) => setTimeout(resolve, 10))
  app.stores.apiKeys.revoke(keyId as string, app.clock.now())
  const res = await pending
  t.equal(res.status, 401)
  t.same(res.body, unauthorized('API key has been revoked'))
  const next = await call(t, app, 'GET', '/api/v1/collections')
  t.same([next.status, next.body], [401, unauthorized('API key has been revoked')], 'and stays refused')
})
