// GET /logs: cursor mode and page mode, every filter, the cursor + page 500, bad queries, who may read.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, build, call, errorBody, sharedApp, type TestLike } from '../../helper.js'
import { checkResponse, loadReference } from '../../reference.js'
import type { LogEntry } from '../../../src/schemas/logs.js'

const fresh = sharedApp(t)

const badRequest = (message: string) => errorBody(400, 'Bad Request', message)

// The documented actions, copied from the reference's description of GET /logs.
const ACTIONS = [
  'workspace', 'workspace:team', 'workspace:invite', 'workspace:invite:redeem', 'workspace:preferences', 'workspace:avatar',
  'workspace:rename', 'workspace:user', 'workspace:user:role', 'collection', 'scene', 'scene:readonly-link',
  'scene:readonly-links', 'scene:link-sharing', 'scene:collection', 'scene:upload', 'scene:image-upload', 'scene:slides',
  'scene:comment', 'user:signup', 'ai:diagram-to-code', 'ai:text-to-diagram', 'ai:text-to-drawing'
]

const signup = {
  id: '00000000-0000-4000-8000-000000000001', action: 'user:signup', operation: 'create', details: { email: 'bob@test.example' },
  created_at: '2026-01-02T00:00:00.000Z', ip_address: '192.0.2.1', user_id: 'usrMember01', workspace_id: 'wsMain00001',
  app_source: 'excalidraw-plus', source_type: 'user', source_id: null, status: 200,
  user_email: 'bob@test.example', user_full_name: 'Bob Member', user_picture: null
}
const sceneCreate = {
  ...signup, id: '00000000-0000-4000-8000-000000000002', action: 'scene', details: { sceneId: 'scnShapes01' },
  created_at: '2026-02-01T00:00:00.000Z', user_id: 'usrAdmin001', user_email: 'alice@test.example', user_full_name: 'Alice Admin'
}

const cursorPage = (logs: unknown[], nextCursor: string | null) => ({ logs, nextCursor, hasMore: nextCursor !== null, availableActions: ACTIONS })
const ids = (body: { logs: Array<{ id: string }> }) => body.logs.map((l) => l.id)

/** Three invites through the API: entries with sequence numbers 3, 4 and 5 after the fixtures' 1 and 2. */
async function threeInvites (t: TestLike, app: FastifyInstance): Promise<string[]> {
  for (const role of ['member', 'admin', 'member']) {
    await call(t, app, 'POST', '/api/v1/workspaces/invites', { key: KEYS.admin, body: { role } })
  }
  // Their entry ids, oldest first (the store lists newest first).
  return app.stores.auditLog.listAll('wsMain00001').slice(0, 3).map((e) => e.entry.id).reverse()
}

t.test('cursor mode, the default: newest first, no page totals', async (t) => {
  const app = await fresh()
  const res = await call(t, app, 'GET', '/api/v1/logs')
  t.same([res.status, res.body], [200, cursorPage([sceneCreate, signup], null)])
  t.same(Object.keys(res.body), ['logs', 'nextCursor', 'hasMore', 'availableActions'], 'FIDELITY: no totals in cursor mode')
})

t.test('FIDELITY: the conformance check lets cursor-mode pages omit exactly the three totals', { skip: loadReference() === null }, async (t) => {
  const page = cursorPage([signup], null)
  const check = (body: unknown) => checkResponse('GET', '/api/v1/logs', 200, body).ok
  t.ok(check(page), 'no totals at all: a cursor-mode page')
  t.ok(check({ ...page, totalCount: 1, totalPages: 1, currentPage: 1 }), 'all three: a page-mode page')
  t.notOk(check({ ...page, totalCount: 1 }), 'some totals: all three are required again')
  t.notOk(check({ ...page, logs: [{ ...signup, source_type: 'robot' }] }), 'entries are still checked')
  t.notOk(check({ logs: [], hasMore: false, availableActions: [] }), 'the other required keys stay required')
})

t.test('who may read the log', async (t) => {
  const app = await fresh()
  for (const key of [KEYS.full, KEYS.read, KEYS.admin]) {
    t.same((await call(t, app, 'GET', '/api/v1/logs', { key })).body, cursorPage([sceneCreate, signup], null), key)
  }
  const member = await call(t, app, 'GET', '/api/v1/logs', { key: KEYS.member })
  t.same([member.status, member.body], [403, errorBody(403, 'Forbidden', 'Missing permission: this action needs a workspace admin')])
  t.same((await call(t, app, 'GET', '/api/v1/logs', { key: KEYS.other })).body, cursorPage([], null), 'each workspace has its own log')
})

t.test('cursor paging follows nextCursor (an entry sequence number) to the end', async (t) => {
  const app = await build(t) // its own: it asserts audit sequence numbers, which a reset does not restart
  const [first, second, third] = await threeInvites(t, app)
  const page1 = await call(t, app, 'GET', '/api/v1/logs?limit=2')
  t.same([ids(page1.body), page1.body.nextCursor, page1.body.hasMore], [[third, second], '4', true])
  const page2 = await call(t, app, 'GET', '/api/v1/logs?limit=2&cursor=4')
  t.same([ids(page2.body), page2.body.nextCursor, page2.body.hasMore], [[first, sceneCreate.id], '2', true])
  const page3 = await call(t, app, 'GET', '/api/v1/logs?limit=2&cursor=2')
  t.same(page3.body, cursorPage([signup], null))
  t.same((await call(t, app, 'GET', '/api/v1/logs?cursor=0')).body, cursorPage([], null), 'nothing is older than 0')
  t.same(ids((await call(t, app, 'GET', '/api/v1/logs?cursor=999')).body), [third, second, first, sceneCreate.id, signup.id], 'a cursor past the newest')
})

t.test('INFER: offset skips entries from where the cursor page would start', async (t) => {
  const app = await build(t) // its own: it asserts audit sequence numbers, which a reset does not restart
  const [first, second] = await threeInvites(t, app)
  t.same(ids((await call(t, app, 'GET', '/api/v1/logs?limit=2&offset=1')).body), [second, first])
  t.same((await call(t, app, 'GET', '/api/v1/logs?cursor=4&offset=1')).body, cursorPage([sceneCreate, signup], null))
  t.same((await call(t, app, 'GET', '/api/v1/logs?offset=9007199254740991')).body, cursorPage([], null), 'the largest offset is legal')
})

t.test('INFER: 50 entries a page by default, 100 at most', async (t) => {
  const app = await build(t) // its own: it asserts audit sequence numbers, which a reset does not restart
  for (let i = 0; i < 120; i++) {
    app.stores.auditLog.append('wsMain00001', { ...signup as LogEntry, id: `00000000-0000-4000-8000-${String(1000 + i).padStart(12, '0')}` })
  }
  const byDefault = await call(t, app, 'GET', '/api/v1/logs')
  t.same([byDefault.body.logs.length, byDefault.body.hasMore], [50, true])
  const most = await call(t, app, 'GET', '/api/v1/logs?limit=100')
  t.same([most.body.logs.length, most.body.hasMore, most.body.nextCursor], [100, true, '23'])
})

t.test('page mode adds totalCount, totalPages and currentPage', async (t) => {
  const app = await build(t) // its own: it asserts audit sequence numbers, which a reset does not restart
  const [first, second, third] = await threeInvites(t, app)
  const totals = { totalCount: 5, totalPages: 3 }
  const page1 = await call(t, app, 'GET', '/api/v1/logs?page=1&limit=2')
  t.same(page1.body, { logs: page1.body.logs, nextCursor: '4', hasMore: true, availableActions: ACTIONS, ...totals, currentPage: 1 })
  t.same(ids(page1.body), [third, second])
  const page2 = await call(t, app, 'GET', '/api/v1/logs?page=2&limit=2&offset=3')
  t.same([ids(page2.body), page2.body.currentPage], [[first, sceneCreate.id], 2], 'INFER: offset is ignored in page mode')
  const page3 = await call(t, app, 'GET', '/api/v1/logs?page=3&limit=2')
  t.same(page3.body, { logs: [signup], nextCursor: null, hasMore: false, availableActions: ACTIONS, ...totals, currentPage: 3 })
  const past = await call(t, app, 'GET', '/api/v1/logs?page=9&limit=2')
  t.same(past.body, { logs: [], nextCursor: null, hasMore: false, availableActions: ACTIONS, ...totals, currentPage: 9 })
  const filtered = await call(t, app, 'GET', '/api/v1/logs?page=1&action=scene')
  t.same(filtered.body, { logs: [sceneCreate], nextCursor: null, hasMore: false, availableActions: ACTIONS, totalCount: 1, totalPages: 1, currentPage: 1 })
  const none = await call(t, app, 'GET', '/api/v1/logs?page=1&user=usrNobody01')
  t.same(none.body, { logs: [], nextCursor: null, hasMore: false, availableActions: ACTIONS, totalCount: 0, totalPages: 0, currentPage: 1 })
})

t.test('FIDELITY: cursor and page together answer 500, as the live service does', async (t) => {
  const app = await fresh()
  for (const query of ['cursor=2&page=1', 'page=1&cursor=abc', 'cursor=&page=']) {
    const res = await call(t, app, 'GET', `/api/v1/logs?${query}`)
    t.same([res.status, res.body], [500, errorBody(500, 'Internal Server Error',
      'cursor and page cannot be used together: follow nextCursor (cursor mode) or ask for page numbers (page mode), not both')], query)
  }
})

t.test('400 on a bad query', async (t) => {
  const app = await fresh()
  const cases: Array<[string, string]> = [
    ['cursor=abc', 'querystring/cursor "abc" is not a cursor: pass the nextCursor of a previous page'],
    ['cursor=', 'querystring/cursor "" is not a cursor: pass the nextCursor of a previous page'],
    ['cursor=-1', 'querystring/cursor "-1" is not a cursor: pass the nextCursor of a previous page'],
    ['cursor=1234567890123456789', 'querystring/cursor "1234567890123456789" is not a cursor: pass the nextCursor of a previous page'],
    ['page=0', 'querystring/page "0" must be a positive integer'],
    ['page=two', 'querystring/page "two" must be a positive integer'],
    ['page=1.5', 'querystring/page "1.5" must be a positive integer'],
    ['limit=0', 'querystring/limit must be >= 1'],
    ['limit=101', 'querystring/limit must be <= 100'],
    ['offset=-1', 'querystring/offset must be >= 0'],
    ['operation=merge', 'querystring/operation must be equal to one of the allowed values: "create", "read", "update", "delete"'],
    ['dateFrom=yesterday', 'querystring/dateFrom "yesterday" must be an ISO 8601 date (2024-01-31) or date-time (2024-01-31T12:00:00Z)'],
    ['dateFrom=2026-02-30', 'querystring/dateFrom "2026-02-30" must be an ISO 8601 date (2024-01-31) or date-time (2024-01-31T12:00:00Z)'],
    ['dateTo=2026-13-01T00:00:00Z', 'querystring/dateTo "2026-13-01T00:00:00Z" must be an ISO 8601 date (2024-01-31) or date-time (2024-01-31T12:00:00Z)'],
    ['dateTo=2026-06-01T12:00', 'querystring/dateTo "2026-06-01T12:00" must be an ISO 8601 date (2024-01-31) or date-time (2024-01-31T12:00:00Z)']
  ]
  for (const [query, message] of cases) {
    const res = await call(t, app, 'GET', `/api/v1/logs?${query}`)
    t.same([res.status, res.body], [400, badRequest(message)], query)
  }
})

t.test('filters', async (t) => {
  const app = await fresh()
  const [first, second, third] = await threeInvites(t, app)
  const get = async (query: string) => (await call(t, app, 'GET', `/api/v1/logs?${query}`)).body
  t.same(await get('user=usrMember01'), cursorPage([signup], null), 'user')
  t.same(ids(await get('user=usrAdmin001')), [third, second, first, sceneCreate.id], 'user (API writes with a personal key carry it)')
  t.same(await get('action=scene'), cursorPage([sceneCreate], null), 'action')
  t.same(ids(await get('action=workspace:invite&limit=2')), [third, second], 'action, paged')
  t.same(ids(await get('action=workspace:nonsense')), [third, second, first, sceneCreate.id, signup.id], 'an undocumented action is ignored')
  t.same(ids(await get('operation=create&user=usrMember01')), [signup.id], 'operation, combined with user')
  t.same(await get('operation=delete'), cursorPage([], null), 'operation matching nothing')
  t.same(ids(await get('dateFrom=2026-01-15')), [third, second, first, sceneCreate.id], 'dateFrom, a date')
  t.same(ids(await get('dateFrom=2026-01-02T00:00:00.001Z&dateTo=2026-05-31')), [sceneCreate.id], 'dateFrom, to the millisecond')
  t.same(ids(await get('dateTo=2026-01-02T00:00:00Z')), [signup.id], 'dateTo is inclusive')
  t.same(await get('dateTo=2026-01-01'), cursorPage([], null), 'before everything')
})

t.test('INFER: a date-only dateTo includes its whole (UTC) day; a date-time is exact', async (t) => {
  const app = await fresh()
  const [first, second, third] = await threeInvites(t, app) // written at 2026-06-01T12:00:00.000Z
  const get = async (query: string) => ids((await call(t, app, 'GET', `/api/v1/logs?${query}`)).body)
  t.same(await get('dateFrom=2026-06-01&dateTo=2026-06-01'), [third, second, first])
  t.same(await get('dateFrom=2026-06-02'), [])
  t.same(await get('dateFrom=2026-05-01&dateTo=2026-05-31'), [])
  t.same(await get('dateFrom=2026-06-01T11:59:59Z&dateTo=2026-06-01T11:59:59.999Z'), [])
  t.same(await get('dateFrom=2026-06-01T14:00:00%2B02:00&dateTo=2026-06-01T12:00:00.000000Z'), [third, second, first], 'offsets and long fractions')
  t.same(await get('dateTo=2026-06-01T13:00:00%2B02:00'), [sceneCreate.id, signup.id], '13:00+02:00 is before noon UTC')
})
