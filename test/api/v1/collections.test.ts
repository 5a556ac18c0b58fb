// /collections routes: lists and paging, create, get, rename, soft delete, the virtual private collection.
import t from 'tap'
import { auditSourceId } from '../../../src/lib/ids.js'
import { KEYS, NOW, call, errorBody, sharedApp } from '../../helper.js'

const fresh = sharedApp(t)

const NOW_ISO = new Date(NOW).toISOString()
const badRequest = (message: string) => errorBody(400, 'Bad Request', message)

const general = {
  id: 'colDefault1', isDefault: true, workspace: 'wsMain00001', creator: 'usrAdmin001', updater: null, teams: [],
  created: '2026-01-01T00:00:00.000Z', sortOrder: null, name: 'General', updated: null, isDeleted: false, emoji: null
}
const second = { ...general, id: 'colSecond01', isDefault: false, created: '2026-01-03T00:00:00.000Z', name: 'Second' }
const privateOfAlice = {
  id: 'private', isDefault: false, workspace: 'wsMain00001', creator: 'usrAdmin001', updater: null, teams: null,
  created: '2026-01-01T00:00:00.000Z', sortOrder: null, name: 'Private', updated: null, isDeleted: false, emoji: null
}

t.test('GET /collections', async (t) => {
  const app = await fresh()
  t.test('lists in creation order with the default page size', async (t) => {
    const res = await call(t, app, 'GET', '/api/v1/collections')
    t.equal(res.status, 200)
    t.same(res.body, { limit: 10, offset: 0, hasNextPage: false, data: [general, second] })
  })
  t.test('pages with limit and offset', async (t) => {
    t.same((await call(t, app, 'GET', '/api/v1/collections?limit=1')).body, { limit: 1, offset: 0, hasNextPage: true, data: [general] })
    t.same((await call(t, app, 'GET', '/api/v1/collections?limit=1&offset=1')).body, { limit: 1, offset: 1, hasNextPage: false, data: [second] })
    t.same((await call(t, app, 'GET', '/api/v1/collections?offset=9007199254740991')).body,
      { limit: 10, offset: 9007199254740991, hasNextPage: false, data: [] }, 'the largest offset is legal')
  })
  t.test('a personal key also sees its owner\'s private collection, first', async (t) => {
    const res = await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.admin })
    t.same(res.body, { limit: 10, offset: 0, hasNextPage: false, data: [privateOfAlice, general, second] })
    t.same((await call(t, app, 'GET', '/api/v1/collections?limit=2&offset=1', { key: KEYS.admin })).body,
      { limit: 2, offset: 1, hasNextPage: false, data: [general, second] })
    t.same((await call(t, app, 'GET', '/api/v1/collections?limit=2', { key: KEYS.admin })).body,
      { limit: 2, offset: 0, hasNextPage: true, data: [privateOfAlice, general] })
  })
  t.test('400 on paging out of range or not an integer', async (t) => {
    const cases: Array<[string, string]> = [
      ['limit=0', 'querystring/limit must be >= 1'],
      ['limit=101', 'querystring/limit must be <= 100'],
      ['limit=abc', 'querystring/limit must be integer'],
      ['limit=2.5', 'querystring/limit must be integer'],
      ['offset=-1', 'querystring/offset must be >= 0'],
      ['offset=9007199254740992', 'querystring/offset must be <= 9007199254740991']
    ]
    for (const [query, message] of cases) {
      const res = await call(t, app, 'GET', `/api/v1/collections?${query}`)
      t.equal(res.status, 400, query)
      t.same(res.body, badRequest(message), query)
    }
  })
})

t.test('POST /collections', async (t) => {
  const app = await fresh()
  t.test('creates a regular collection and records it in the audit log', async (t) => {
    const res = await call(t, app, 'POST', '/api/v1/collections', { key: KEYS.admin, body: { name: 'Roadmaps' } })
    t.equal(res.status, 200, 'creates answer 200, never 201')
    t.match(res.body.id, /^[A-Za-z0-9]{11}$/)
    t.same(res.body, {
      id: res.body.id, isDefault: false, workspace: 'wsMain00001', creator: 'usrAdmin001', updater: 'usrAdmin001', teams: null,
      created: NOW_ISO, sortOrder: null, name: 'Roadmaps', updated: NOW_ISO, isDeleted: false, emoji: null
    })
    t.same((await call(t, app, 'GET', `/api/v1/collections/${res.body.id}`)).body, res.body, 'readable afterwards')
    const [entry] = app.stores.auditLog.listAll('wsMain00001')
    t.match(entry.entry, { action: 'collection', operation: 'create', source_type: 'api', status: 200, user_id: 'usrAdmin001',
      source_id: auditSourceId('key_test_admin'), details: { collectionId: res.body.id, name: 'Roadmaps' } })
  })
  t.test('400 on a bad body, and nothing is stored', async (t) => {
    const cases: Array<[unknown, string]> = [
      [{ name: 'x', description: 'y' }, "body must NOT have additional property 'description'"],
      [{}, "body must have required property 'name'"],
      [{ name: 5 }, 'body/name must be string'],
      [['name'], 'body must be object']
    ]
    for (const [body, message] of cases) {
      const res = await call(t, app, 'POST', '/api/v1/collections', { body })
      t.same([res.status, res.body], [400, badRequest(message)], JSON.stringify(body))
    }
    const malformed = await call(t, app, 'POST', '/api/v1/collections', { payload: '{"name": "x"' })
    t.same([malformed.status, malformed.body], [400, badRequest("Body is not valid JSON but content-type is set to 'application/json'")])
    const empty = await call(t, app, 'POST', '/api/v1/collections', { payload: '' })
    t.same([empty.status, empty.body], [400, badRequest("Body cannot be empty when content-type is set to 'application/json'")])
    const poisoned = await call(t, app, 'POST', '/api/v1/collections', { payload: '{"__proto__": {"admin": true}, "name": "x"}' })
    t.equal(poisoned.status, 400, 'prototype poisoning is refused')
    const list = await call(t, app, 'GET', '/api/v1/collections')
    t.equal(list.body.data.length, 3, 'only the collection of the first test was added')
  })
  t.test('an empty name is allowed: the reference publishes no minLength', async (t) => {
    const res = await call(t, app, 'POST', '/api/v1/collections', { body: { name: '' } })
    t.same([res.status, res.body.name], [200, ''])
    const renamed = await call(t, app, 'PATCH', `/api/v1/collections/${res.body.id}`, { body: { name: '' } })
    t.same([renamed.status, renamed.body], [200, { ...res.body, updated: NOW_ISO }])
  })
})

t.test('GET /collections/:collectionId', async (t) => {
  const app = await fresh()
  t.same((await call(t, app, 'GET', '/api/v1/collections/colSecond01')).body, second)
  t.same((await call(t, app, 'GET', '/api/v1/collections/private', { key: KEYS.admin })).body, privateOfAlice)
  const missing = await call(t, app, 'GET', '/api/v1/collections/colNope0001')
  t.same([missing.status, missing.body], [404, errorBody(404, 'Not Found', 'Collection colNope0001 not found')])
})

t.test('PATCH /collections/:collectionId', async (t) => {
  const app = await fresh()
  const res = await call(t, app, 'PATCH', '/api/v1/collections/colSecond01', { key: KEYS.member, body: { name: 'Renamed' } })
  t.same([res.status, res.body], [200, { ...second, name: 'Renamed', updated: NOW_ISO, updater: 'usrMember01' }])
  t.same((await call(t, app, 'PATCH', '/api/v1/collections/colSecond01', { body: {} })).body,
    badRequest("body must have required property 'name'"), 'name is required despite the verb')
  t.same((await call(t, app, 'PATCH', '/api/v1/collections/private', { key: KEYS.admin, body: { name: 'Mine' } })).body,
    badRequest('The private collection cannot be renamed'))
  t.equal((await call(t, app, 'PATCH', '/api/v1/collections/private', { body: { name: 'Mine' } })).status, 403)
  t.equal((await call(t, app, 'PATCH', '/api/v1/collections/colNope0001', { body: { name: 'x' } })).status, 404)
})

t.test('the default collection can be renamed (no source forbids it) and stays the default', async (t) => {
  const app = await fresh()
  const res = await call(t, app, 'PATCH', '/api/v1/collections/colDefault1', { body: { name: 'Everything' } })
  t.same([res.status, res.body], [200, { ...general, name: 'Everything', updated: NOW_ISO }])
  t.same((await call(t, app, 'GET', '/api/v1/collections/colDefault1')).body, res.body, 'the new name is stored')
})

t.test('DELETE /collections/:collectionId', async (t) => {
  const app = await fresh()
  const res = await call(t, app, 'DELETE', '/api/v1/collections/colSecond01')
  t.same([res.status, res.body], [200, {}])
  t.equal((await call(t, app, 'GET', '/api/v1/collections/colSecond01')).status, 404, 'gone from reads')
  t.same((await call(t, app, 'GET', '/api/v1/collections')).body.data.map((c: any) => c.id), ['colDefault1'], 'gone from lists')
  t.equal((await call(t, app, 'GET', '/api/v1/scenes/scnImage001')).status, 404, 'its scenes went to the trash with it')
  t.equal((await call(t, app, 'DELETE', '/api/v1/collections/colSecond01')).status, 404, 'a second delete is a 404')
  const row = app.db.prepare("SELECT deleted_at FROM collections WHERE id = 'colSecond01'").get() as { deleted_at: number }
  t.equal(row.deleted_at, NOW, 'the delete is soft: the row stays, marked')
  t.same((await call(t, app, 'DELETE', '/api/v1/collections/colDefault1')).body, badRequest('The default collection cannot be deleted'))
  t.same((await call(t, app, 'DELETE', '/api/v1/collections/private', { key: KEYS.admin })).body, badRequest('The private collection cannot be deleted'))
})

t.test('GET and POST /collections/:collectionId/scenes', async (t) => {
  const app = await fresh()
  const list = await call(t, app, 'GET', '/api/v1/collections/colSecond01/scenes')
  t.same(list.body.data.map((s: any) => s.metadata.id), ['scnEmpty001', 'scnImage001'])
  t.same(Object.keys(list.body), ['limit', 'offset', 'hasNextPage', 'data'])
  const privateList = await call(t, app, 'GET', '/api/v1/collections/private/scenes', { key: KEYS.admin })
  t.same(privateList.body.data.map((s: any) => s.metadata.id), ['scnPrivate1'])
  t.equal((await call(t, app, 'GET', '/api/v1/collections/private/scenes', { key: KEYS.member })).body.data.length, 0, 'a member sees only their own private scenes')
  t.equal((await call(t, app, 'GET', '/api/v1/collections/private/scenes')).status, 403)
  t.equal((await call(t, app, 'GET', '/api/v1/collections/colNope0001/scenes')).status, 404)

  const created = await call(t, app, 'POST', '/api/v1/collections/colSecond01/scenes', { body: { name: 'Sketch', pinned: true } })
  t.equal(created.status, 200)
  t.match(created.body.metadata, { name: 'Sketch', pinned: true, collection: 'colSecond01', isPrivate: false, creator: null, totalElements: 0, contentEpoch: 0 })
  t.same((await call(t, app, 'POST', '/api/v1/collections/colSecond01/scenes', { body: { name: 'Sketch' } })).body,
    badRequest("body must have required property 'pinned'"), 'pinned is required in the current contract')
  t.same((await call(t, app, 'POST', '/api/v1/collections/colSecond01/scenes', { body: { name: 'x', pinned: 'true' } })).body,
    badRequest('body/pinned must be boolean'), 'strings in JSON bodies are not coerced')
})
