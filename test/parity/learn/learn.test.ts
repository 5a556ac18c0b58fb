// learnFrom: each shape change a report can show becomes one change of the profile, with where it was seen;
// values, what parity's rules excuse and list items are not learned.
import t from 'tap'
import { learnFrom } from '../../../src/parity/learn/learn.js'
import type { ReportDifference } from '../../../src/parity/learn/report-reader.js'

const OP = 'GET /api/v1/scenes/{sceneId}'
const learnOne = (differences: ReportDifference[], operation = OP) => learnFrom([{ file: 'r.json', operations: [{ operation, differences }] }])
const d = (path: string, kind: string, emulator: unknown, target: unknown): ReportDifference => ({ path, kind, emulator, target })
const seen = (...paths: string[]) => paths.map((path) => ({ report: 'r.json', path }))

t.test('a field added, with a sample of the target\'s type (a structure the report cut stands as an empty one)', async (t) => {
  const learned = learnOne([
    d('body/metadata/revision', 'extra', null, 7),
    d('body/metadata/labels', 'extra', null, '{"a":"' + 'x'.repeat(170) + '…'),
    d('body/metadata/history', 'extra', null, '[1,2,3,' + '4,'.repeat(90) + '…')
  ])
  t.same(learned.operations, [{
    operation: OP,
    changes: [
      { change: 'field-added', path: '/metadata/revision', sample: 7, seen: seen('body/metadata/revision') },
      { change: 'field-added', path: '/metadata/labels', sample: {}, seen: seen('body/metadata/labels') },
      { change: 'field-added', path: '/metadata/history', sample: [], seen: seen('body/metadata/history') }
    ]
  }])
  t.equal(learned.learned, 3)
})

t.test('a field removed; a removal and an addition at one level with the same value are a rename', async (t) => {
  const learned = learnOne([
    d('body/metadata/isPrivate', 'missing', false, null),
    d('body/metadata/previewUrl', 'missing', null, null),
    d('body/metadata/is_private', 'extra', null, false),
    // Same value, another level: not a rename.
    d('body/previewUrl', 'extra', null, null),
    // A required field the document check found missing: its placeholder pairs with nothing.
    d('body/metadata/name', 'missing', '(required)', null),
    d('body/metadata/title', 'extra', null, '(required)')
  ])
  t.same(learned.operations[0].changes, [
    { change: 'field-renamed', path: '/metadata/isPrivate', to: 'is_private', seen: seen('body/metadata/isPrivate', 'body/metadata/is_private') },
    { change: 'field-removed', path: '/metadata/previewUrl', seen: seen('body/metadata/previewUrl') },
    { change: 'field-removed', path: '/metadata/name', seen: seen('body/metadata/name') },
    { change: 'field-added', path: '/previewUrl', sample: null, seen: seen('body/previewUrl') },
    { change: 'field-added', path: '/metadata/title', sample: '(required)', seen: seen('body/metadata/title') }
  ])
})

t.test('a JSON type changed, from a value or from what the document declares', async (t) => {
  const learned = learnOne([
    d('body/metadata/allowCalls', 'type', true, 'true'),
    d('body/metadata/totalElements', 'type', '(integer)', '12'),
    d('body/metadata/settings', 'type', 'dark', '{"theme":"dark","name":"' + 'x'.repeat(160) + '…'),
    // The whole answer retyped (a page unwrapped): nothing to sample it with.
    d('body', 'type', '{"limit":10}', '[]')
  ])
  t.same(learned.operations[0].changes, [
    { change: 'type-changed', path: '/metadata/allowCalls', from: 'boolean', to: 'string', sample: 'true', seen: seen('body/metadata/allowCalls') },
    { change: 'type-changed', path: '/metadata/totalElements', from: 'number', to: 'string', sample: '12', seen: seen('body/metadata/totalElements') },
    { change: 'type-changed', path: '/metadata/settings', from: 'string', to: 'object', sample: {}, seen: seen('body/metadata/settings') }
  ])
  t.equal(learned.skipped['not a shape change'], 1)
})

t.test('headers added or removed, and statuses, are learned; a header\'s value is not', async (t) => {
  const learned = learnOne([
    d('status', 'status', 200, 201),
    d('header/deprecation', 'header', null, '@1788220800'),
    d('header/x-ratelimit-reset', 'header', 'delta-seconds', null),
    d('header/content-type', 'header', 'application/json; charset=utf-8', 'application/json')
  ], 'POST /api/v1/collections')
  t.same(learned.operations[0].changes, [
    { change: 'status-changed', from: 200, to: 201, seen: seen('status') },
    { change: 'header-added', header: 'deprecation', value: '@1788220800', seen: seen('header/deprecation') },
    { change: 'header-removed', header: 'x-ratelimit-reset', seen: seen('header/x-ratelimit-reset') }
  ])
  t.equal(learned.skipped.value, 1)
})

t.test('values, what the rules excuse, list items and unsent steps are not learned', async (t) => {
  const learned = learnOne([
    d('body/metadata/name', 'value', 'Plan', 'Roadmap'),
    d('body/metadata/linkSharing', 'enum', '(one of [0,1])', 2),
    d('body/metadata/id', 'format', 'element-id id', 'uuid id'),
    d('body/data', 'length', 2, 3),
    d('body/data', 'order', ['a', 'b'], ['b', 'a']),
    d('body/creator', 'id', 'u1', 'u2'),
    // Excused by parity's own rules (people compare by type, scene versions are digests).
    d('body/email', 'value', 'ada@example.com', 'grace@example.com'),
    d('body/sceneVersion', 'value', 1, 2),
    d('body/data/3', 'extra', undefined, 'scn123'),
    d('body/data/0', 'missing', 'scn1', undefined),
    d('body', 'body', 'JSON', 'not JSON (text/html)'),
    d('request', 'not-sent', 'no sceneA from an earlier answer', 'sent')
  ])
  t.same(learned.operations, [])
  // The HTML page where the emulator answered JSON is the target failing, not a shape.
  t.same(learned.skipped, { 'value': 6, 'list item': 2, 'excused': 2, 'not a shape change': 1, 'target failure': 1, 'one-off status': 0 })
})

t.test('a change seen at two items of a list is every item\'s; one seen once stays at its item', async (t) => {
  const learned = learnOne([
    d('body/data/0/metadata/name', 'missing', 'A', null),
    d('body/data/0/metadata/title', 'extra', null, 'A'),
    d('body/data/1/metadata/name', 'missing', 'B', null),
    d('body/data/1/metadata/title', 'extra', null, 'B'),
    d('body/logs/2/isArchived', 'extra', null, false)
  ], 'GET /api/v1/scenes')
  t.same(learned.operations[0].changes, [
    { change: 'field-renamed', path: '/data/*/metadata/name', to: 'title', seen: seen('body/data/0/metadata/name', 'body/data/0/metadata/title', 'body/data/1/metadata/name', 'body/data/1/metadata/title') },
    { change: 'field-added', path: '/logs/2/isArchived', sample: false, seen: seen('body/logs/2/isArchived') }
  ])
})

t.test('two reports: an operation in both gets one change seen in both, the first sample kept', async (t) => {
  const learned = learnFrom([
    { file: 'a.json', operations: [{ operation: OP, differences: [d('body/metadata/revision', 'extra', null, 7)] }] },
    { file: 'b.json', operations: [{ operation: OP, differences: [{ ...d('body/metadata/revision', 'extra', null, 9), requests: [{ method: 'GET', path: '/scenes/s1', step: 4 }] }] }, { operation: 'GET /api/v1/collections', differences: [] }] }
  ])
  t.same(learned.operations, [{
    operation: OP,
    changes: [{ change: 'field-added', path: '/metadata/revision', sample: 7, seen: [{ report: 'a.json', path: 'body/metadata/revision' }, { report: 'b.json', path: 'body/metadata/revision', requests: [{ method: 'GET', path: '/scenes/s1', step: 4 }] }] }]
  }])
})

t.test('a grouped difference seen more than once at list items is every item\'s, however many answers showed it', async (t) => {
  const refs = Array.from({ length: 10 }, (_, i) => ({ method: 'GET', path: '/scenes?collectionId=c1', step: i + 1 }))
  const grouped = (field: string, count: number): ReportDifference => ({ ...d(`body/data/0/metadata/${field}`, 'extra', null, 1), pattern: `body/data/*/metadata/${field}`, count, requests: refs })
  // A shadowed suite listed its one-scene collection 15 times: seen on every item of every page.
  const one = learnFrom([{ file: 'r.json', operations: [{ operation: 'GET /api/v1/scenes', differs: 15, differences: [grouped('revision', 15)] }] }])
  t.same(one.operations[0].changes.map((c) => 'path' in c && c.path), ['/data/*/metadata/revision'])
  // Seen 30 times in 15 differing answers: at several items of one answer.
  const several = learnFrom([{ file: 'r.json', operations: [{ operation: 'GET /api/v1/scenes', differs: 15, differences: [grouped('revision', 30)] }] }])
  t.same(several.operations[0].changes.map((c) => 'path' in c && c.path), ['/data/*/metadata/revision'])
  // Seen once, at one item of one answer: that item's.
  const once = learnFrom([{ file: 'r.json', operations: [{ operation: 'GET /api/v1/scenes', differs: 1, differences: [{ ...grouped('revision', 1), requests: refs.slice(0, 1) }] }] }])
  t.same(once.operations[0].changes.map((c) => 'path' in c && c.path), ['/data/0/metadata/revision'])
})
