// learnFrom and what the service changed rather than what happened once: each change for the status it was seen
// with, the target's failures and one-off statuses left out, a missing route learned as one.
import t from 'tap'
import { learnFrom } from '../../../src/parity/learn/learn.js'
import type { ReportDifference, ReportOperation } from '../../../src/parity/learn/report-reader.js'

const OP = 'GET /api/v1/scenes/{sceneId}'
const learn = (operation: Omit<ReportOperation, 'operation'>, name = OP) => learnFrom([{ file: 'r.json', operations: [{ operation: name, ...operation }] }])
const d = (path: string, kind: string, emulator: unknown, target: unknown, status?: number): ReportDifference =>
  ({ path, kind, emulator, target, ...(status === undefined ? {} : { status }) })
const seen = (...paths: string[]) => paths.map((path) => ({ report: 'r.json', path }))

t.test('a change carries the status it was seen with: a 404 body\'s field, a 401\'s header', async (t) => {
  const learned = learn({
    differences: [
      d('body/code', 'extra', null, 'scene_not_found', 404),
      d('body/metadata/revision', 'extra', null, 7, 200),
      d('header/www-authenticate', 'header', null, 'Bearer', 401),
      d('body/error', 'missing', 'Unauthorized', null, 401),
      d('body/err', 'extra', null, 'Unauthorized', 401)
    ]
  })
  t.same(learned.operations[0].changes, [
    { change: 'header-added', header: 'www-authenticate', value: 'Bearer', status: 401, seen: seen('header/www-authenticate') },
    { change: 'field-renamed', path: '/error', to: 'err', status: 401, seen: seen('body/error', 'body/err') },
    { change: 'field-added', path: '/code', sample: 'scene_not_found', status: 404, seen: seen('body/code') },
    { change: 'field-added', path: '/metadata/revision', sample: 7, status: 200, seen: seen('body/metadata/revision') }
  ])
  // The same field on two statuses is two changes; a removal and an addition on different statuses are no rename.
  const two = learn({ differences: [d('body/code', 'extra', null, 'x', 404), d('body/code', 'extra', null, 'y', 409), d('body/name', 'missing', 'a', null, 200), d('body/title', 'extra', null, 'a', 404)] })
  t.same(two.operations[0].changes.map((c) => `${c.change} ${'path' in c ? c.path : ''} ${'status' in c ? c.status : ''}`), [
    'field-removed /name 200', 'field-added /code 404', 'field-added /code 409', 'field-added /title 404'
  ])
})

t.test('the target failing is not learned: a 5xx, an HTML page where the emulator answered JSON, any difference on a 5xx', async (t) => {
  const learned = learn({
    statuses: { '200 200': 28, '200 502': 1 },
    differences: [
      d('status', 'status', 200, 502, 502),
      d('body', 'body', 'JSON', 'not JSON (text/html)', 502),
      d('header/retry-after', 'header', null, '30', 503),
      d('body', 'body', 'JSON', 'not JSON (text/html; charset=utf-8)', 200)
    ]
  })
  t.same(learned.operations, [])
  t.same(learned.skipped, { 'value': 0, 'list item': 0, 'excused': 0, 'not a shape change': 0, 'target failure': 4, 'one-off status': 0 })
})

t.test('a status change is learned only when every answer the emulator gave that status agrees', async (t) => {
  const status = d('status', 'status', 200, 404, 404)
  const once = learn({ statuses: { '200 200': 28, '200 404': 1 }, differences: [status] })
  t.same([once.operations, once.skipped['one-off status']], [[], 1], 'one 404 among 29 answers')
  const every = learn({ statuses: { '200 404': 29, '404 404': 3 }, differences: [status] })
  t.same(every.operations[0].changes, [{ change: 'status-changed', from: 200, to: 404, seen: seen('status') }], 'every 200 became a 404')
  // A report written before statuses were counted: two targets for one emulator status disagree.
  const disagree = learn({ differences: [status, d('status', 'status', 200, 409, 409)] })
  t.same([disagree.operations, disagree.skipped['one-off status']], [[], 2])
  const old = learn({ differences: [d('status', 'status', 200, 201)] }, 'POST /api/v1/collections')
  t.same(old.operations[0].changes, [{ change: 'status-changed', from: 200, to: 201, seen: seen('status') }], 'and one status difference alone, as before')
})

t.test('a target 5xx does not make a status change one-off: its pairs are the target failing, counted apart', async (t) => {
  const created = d('status', 'status', 200, 201, 201)
  const failed = d('status', 'status', 200, 502, 502)
  const expected = [{ operation: 'POST /api/v1/collections', changes: [{ change: 'status-changed', from: 200, to: 201, seen: seen('status') }] }]
  const counted = learn({ statuses: { '200 201': 28, '200 502': 1 }, differences: [created, failed] }, 'POST /api/v1/collections')
  t.same([counted.operations, counted.skipped['one-off status'], counted.skipped['target failure']], [expected, 0, 1], 'with the report\'s status counts')
  const older = learn({ differences: [created, failed] }, 'POST /api/v1/collections')
  t.same([older.operations, older.skipped['one-off status'], older.skipped['target failure']], [expected, 0, 1], 'a report without them')
  // A 4xx is an answer of the API: 200->201 and 200->409 still disagree.
  const conflict = learn({ statuses: { '200 201': 28, '200 409': 1 }, differences: [created, d('status', 'status', 200, 409, 409)] }, 'POST /api/v1/collections')
  t.same([conflict.operations, conflict.skipped['one-off status']], [[], 2])
})

t.test('a missing route is learned as route-missing with the target\'s not-found; without it, not at all', async (t) => {
  const notFound = '{"message":"Route <method>:<path> not found","error":"Not Found","statusCode":404}'
  const learned = learn({
    statuses: { '200 404': 2 },
    differences: [{ ...d('route', 'missing-route', 'answered 200', 'operation missing at the target (route not found, 404)', 404), notFound }]
  }, 'POST /api/v1/workspaces/invites')
  t.same(learned.operations, [{ operation: 'POST /api/v1/workspaces/invites', changes: [{ change: 'route-missing', status: 404, body: notFound, seen: seen('route') }] }])
  const older = learn({ differences: [d('route', 'missing-route', 'answered 200', 'operation missing at the target (route not found, 404)')] })
  t.same([older.operations, older.skipped['not a shape change']], [[], 1], 'a report that did not keep the not-found: nothing to replay')
})

t.test('a rename the shadow side imported in the new shape: the old name lost at one item, the new one on every item, is every item\'s', async (t) => {
  // The service renamed sortOrder on every collection; the import read its records under the new name, so only
  // the client's own collection (index 3) had the old name to lose, with no value to pair by.
  const learned = learn({
    statuses: { '200 200': 2 },
    differences: [
      { ...d('body/data/0/sort_order', 'extra', null, 'a0', 200), pattern: 'body/data/*/sort_order', count: 7 },
      { ...d('body/data/3/sortOrder', 'missing', null, null, 200), pattern: 'body/data/*/sortOrder', count: 1 }
    ]
  }, 'GET /api/v1/collections')
  t.same(learned.operations[0].changes, [
    { change: 'field-renamed', path: '/data/*/sortOrder', to: 'sort_order', status: 200, seen: seen('body/data/3/sortOrder', 'body/data/0/sort_order') }
  ])
  // A removal with a value, or at no list item, still needs the value to pair.
  const valued = learn({ differences: [{ ...d('body/data/0/b', 'extra', null, 'x', 200), pattern: 'body/data/*/b', count: 4 }, { ...d('body/data/1/a', 'missing', 'y', null, 200), pattern: 'body/data/*/a', count: 1 }] })
  t.same(valued.operations[0].changes.map((c) => c.change), ['field-removed', 'field-added'])
})
