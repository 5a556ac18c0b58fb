// A drift profile's changes for the status they were learned with: a 404 body's field on the 404s only, a 401's
// header on the 401s only, an older profile without statuses as before; a missing route answered with the target's
// not-found before auth and before the operation runs, so nothing is written.
import t from 'tap'
import type { LearnedChange } from '../../../src/formats/drift-profile.js'
import { applyLearned } from '../../../src/layers/drift/learned.js'
import { applyLearnedMcp } from '../../../src/layers/drift/learned-mcp.js'
import { build } from '../../helper.js'
import { admin, raw, writeProfile } from './drift-helper.js'

const c = (change: Record<string, unknown>): LearnedChange => ({ seen: [], ...change }) as unknown as LearnedChange
const NOT_FOUND = { statusCode: 404, error: 'Not Found', message: 'Scene scnNope not found' }

t.test('a change learned with a status applies to answers of that status only', async (t) => {
  const changes = [
    c({ change: 'field-added', path: '/code', sample: 'scene_not_found', status: 404 }),
    c({ change: 'header-added', header: 'www-authenticate', value: 'Bearer', status: 401 }),
    c({ change: 'field-renamed', path: '/name', to: 'title', status: 200 })
  ]
  t.same(applyLearned(changes, { statusCode: 404, body: NOT_FOUND }), {
    statusCode: 404, body: { ...NOT_FOUND, code: 'scene_not_found' }, headers: {}, removedHeaders: [], changes: ['learned /code']
  })
  t.same(applyLearned(changes, { statusCode: 200, body: { name: 'Plan' } }), {
    statusCode: 200, body: { title: 'Plan' }, headers: {}, removedHeaders: [], changes: ['learned /name']
  }, 'the 404\'s field not on a 200, the 401\'s header not on it either')
  t.same(applyLearned(changes, { statusCode: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'no key' } }), {
    statusCode: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'no key' }, headers: { 'www-authenticate': 'Bearer' }, removedHeaders: [], changes: ['learned header/www-authenticate']
  })
  // After a status change, the status the answer goes out with is the one that counts.
  const moved = [c({ change: 'status-changed', from: 200, to: 201 }), c({ change: 'field-added', path: '/revision', sample: 1, status: 201 })]
  t.same(applyLearned(moved, { statusCode: 200, body: {} })?.body, { revision: 1 })
})

t.test('a profile without statuses applies as before: body changes on 2xx, headers on every answer', async (t) => {
  const changes = [c({ change: 'field-added', path: '/code', sample: 'x' }), c({ change: 'header-added', header: 'deprecation', value: '@1' })]
  t.same(applyLearned(changes, { statusCode: 200, body: {} })?.body, { code: 'x' })
  t.same(applyLearned(changes, { statusCode: 404, body: NOT_FOUND }), { statusCode: 404, body: NOT_FOUND, headers: { deprecation: '@1' }, removedHeaders: [], changes: ['learned header/deprecation'] })
})

t.test('MCP answers too: a change learned on the 200s does not reach another status', async (t) => {
  const change = [c({ change: 'field-added', path: '/result/extra', sample: 1, status: 200 })]
  const message = { jsonrpc: '2.0', id: 1, result: { content: [] } }
  t.same(applyLearnedMcp(change, 'tools/call', 200, message)?.body, { ...message, result: { content: [], extra: 1 } })
  t.equal(applyLearnedMcp(change, 'tools/call', 202, message), null)
})

const profile = writeProfile(t, [
  { operation: 'GET /api/v1/scenes/{sceneId}', changes: [{ change: 'field-added', path: '/code', sample: 'scene_not_found', status: 404, seen: [] }] },
  { operation: 'POST /api/v1/collections', changes: [{ change: 'route-missing', status: 404, body: '{"message":"Route <method>:<path> not found","error":"Not Found","statusCode":404}', seen: [] }] },
  { operation: 'DELETE /api/v1/collections/{collectionId}', changes: [{ change: 'route-missing', status: 404, body: 'Cannot <method> <path>', seen: [] }] }
])

t.test('an emulator with the profile: the 404 field on 404s only', async (t) => {
  const app = await build(t, { driftProfile: profile })
  const missing = await raw(app, 'GET', '/api/v1/scenes/scnNope0001')
  t.same([missing.statusCode, missing.json().code, missing.headers['x-emulator-drift']], [404, 'scene_not_found', 'learned /code'])
  const found = await raw(app, 'GET', '/api/v1/scenes/scnShapes01')
  t.same([found.statusCode, found.json().code, found.headers['x-emulator-drift']], [200, undefined, undefined])
})

t.test('a missing route answers the target\'s not-found before auth and the operation: nothing written', async (t) => {
  const app = await build(t, { driftProfile: profile })
  const before = (await raw(app, 'GET', '/api/v1/collections?limit=100')).json()
  const created = await raw(app, 'POST', '/api/v1/collections?source=x', { body: { name: 'Not made' } })
  t.equal(created.statusCode, 404)
  t.same(created.json(), { message: 'Route POST:/api/v1/collections?source=x not found', error: 'Not Found', statusCode: 404 })
  t.match(created.headers, { 'content-type': 'application/json; charset=utf-8', 'x-emulator-drift': 'learned route' })
  const unkeyed = await app.inject({ method: 'POST', url: '/api/v1/collections', payload: { name: 'Not made either' } })
  t.same([unkeyed.statusCode, unkeyed.json().message], [404, 'Route POST:/api/v1/collections not found'], 'no key: the router answered first')
  const id = before.data[0].id
  const deleted = await raw(app, 'DELETE', `/api/v1/collections/${id}`)
  t.same([deleted.statusCode, deleted.headers['content-type'], deleted.body], [404, 'text/plain; charset=utf-8', `Cannot DELETE /api/v1/collections/${id}`])
  t.same((await raw(app, 'GET', '/api/v1/collections?limit=100')).json(), before, 'no collection made, none deleted')
  t.equal((await admin(app, 'GET', '/drift/ledger')).byKind.learned, 3, 'each refusal counted under learned')
})
