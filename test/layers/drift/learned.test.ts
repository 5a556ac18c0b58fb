// applyLearned: a profile's changes on one answer, pure. Each change kind where it matches, `*` over list items,
// the status it was learned from only, body changes on 2xx answers only, the input never mutated, faults contained.
import type { FastifyRequest } from 'fastify'
import t from 'tap'
import type { LearnedChange } from '../../../src/formats/drift-profile.js'
import { applyLearned, converted } from '../../../src/layers/drift/learned.js'
import { learnedSafely } from '../../../src/layers/drift/pipeline.js'

const c = (change: Record<string, unknown>): LearnedChange => ({ seen: [], ...change }) as unknown as LearnedChange
const SCENE = { metadata: { name: 'Plan', isPrivate: false, allowCalls: true, total: 3 }, readOnlyLinks: [] }

t.test('each body change at its pointer, in the order rename, remove, retype, add', async (t) => {
  const body = structuredClone(SCENE)
  const out = applyLearned([
    c({ change: 'field-added', path: '/metadata/revision', sample: { n: 1 } }),
    c({ change: 'type-changed', path: '/metadata/allowCalls', from: 'boolean', to: 'string', sample: 'x' }),
    c({ change: 'field-removed', path: '/metadata/total' }),
    c({ change: 'field-renamed', path: '/metadata/isPrivate', to: 'is_private' })
  ], { statusCode: 200, body })
  t.same(out, {
    statusCode: 200,
    body: { metadata: { name: 'Plan', is_private: false, allowCalls: 'true', revision: { n: 1 } }, readOnlyLinks: [] },
    headers: {},
    removedHeaders: [],
    changes: ['learned /metadata/isPrivate', 'learned /metadata/total', 'learned /metadata/allowCalls', 'learned /metadata/revision']
  })
  t.same(Object.keys((out!.body as any).metadata), ['name', 'is_private', 'allowCalls', 'revision'], 'a renamed field keeps its place')
  t.same(body, SCENE, 'the input is not mutated')
})

t.test('`*` is every item of a list; a concrete index only that item; absent places are left alone', async (t) => {
  const page = { data: [{ metadata: { name: 'A' } }, { metadata: { name: 'B' } }, { other: 1 }], limit: 10 }
  const out = applyLearned([
    c({ change: 'field-renamed', path: '/data/*/metadata/name', to: 'title' }),
    c({ change: 'field-added', path: '/data/1/color', sample: 'blue' }),
    c({ change: 'field-removed', path: '/nowhere/x' }),
    c({ change: 'type-changed', path: '/limit', from: 'string', to: 'number', sample: 1 })
  ], { statusCode: 200, body: page })
  t.same(out?.body, { data: [{ metadata: { title: 'A' } }, { metadata: { title: 'B' }, color: 'blue' }, { other: 1 }], limit: 10 })
  t.same(out?.changes, ['learned /data/0/metadata/name', 'learned /data/1/metadata/name', 'learned /data/1/color'])
  t.equal(applyLearned([c({ change: 'field-removed', path: '/nowhere' })], { statusCode: 200, body: page }), null, 'nothing matched: null')
})

t.test('status and headers: the status it was learned from only; body changes not on an error', async (t) => {
  const changes = [
    c({ change: 'status-changed', from: 200, to: 201 }),
    c({ change: 'field-added', path: '/revision', sample: 1 }),
    c({ change: 'header-added', header: 'deprecation', value: '@1' }),
    c({ change: 'header-removed', header: 'x-ratelimit-reset' })
  ]
  t.same(applyLearned(changes, { statusCode: 200, body: { id: 'c1' } }), {
    statusCode: 201,
    body: { id: 'c1', revision: 1 },
    headers: { deprecation: '@1' },
    removedHeaders: ['x-ratelimit-reset'],
    changes: ['learned status', 'learned /revision', 'learned header/deprecation', 'learned header/x-ratelimit-reset']
  })
  const error = { statusCode: 404, error: 'Not Found', message: 'no' }
  t.same(applyLearned(changes, { statusCode: 404, body: error }), {
    statusCode: 404, body: error, headers: { deprecation: '@1' }, removedHeaders: ['x-ratelimit-reset'], changes: ['learned header/deprecation', 'learned header/x-ratelimit-reset']
  })
  t.same(applyLearned([c({ change: 'status-changed', from: 200, to: 204 })], { statusCode: 200, body: {} }),
    { statusCode: 204, body: undefined, headers: {}, removedHeaders: [], changes: ['learned status'] }, 'a 204 carries no body')
  t.same(applyLearned([c({ change: 'status-changed', from: 200, to: 404 }), c({ change: 'field-added', path: '/error', sample: 'Not Found' })], { statusCode: 200, body: {} })?.body,
    { error: 'Not Found' }, 'an answer the profile moved to an error status takes the body changes learned with it')
})

t.test('a retyped value: the drift kinds\' own retyping, else the sample, else an empty value of the type', async (t) => {
  t.same([
    converted(12, 'string', ''), converted('12', 'number', 0), converted(true, 'string', ''), converted('true', 'boolean', false),
    converted(1790856099526, 'string', ''), converted('2026-10-01T12:01:39.526Z', 'number', 0),
    converted('abc', 'number', 7), converted('abc', 'object', []), converted(3, 'array', [1]), converted(false, 'number', 0), converted('x', 'null', 1)
  ], ['12', 12, 'true', true, '2026-10-01T12:01:39.526Z', 1790856099526, 7, {}, [1], 0, null])
})

t.test('a fault while applying a profile costs the answer only its changes, logged', async (t) => {
  const logged: unknown[] = []
  const request = { log: { error: (entry: unknown, message: string) => logged.push([entry, message]) } } as unknown as FastifyRequest
  const failure = new Error('boom')
  t.equal(learnedSafely(request, () => { throw failure }), null)
  t.same(logged, [[{ err: failure }, 'drift profile failed; response sent without its changes']])
  const out = applyLearned([c({ change: 'field-removed', path: '/a' })], { statusCode: 200, body: { a: 1 } })
  t.equal(learnedSafely(request, () => out), out)
})
