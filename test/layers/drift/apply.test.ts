// applyDrift (random and forced modes), the kind registry, determinism, purity and the header value.
import t from 'tap'
import { Type } from 'typebox'
import { createRng } from '../../../src/lib/rng.js'
import { applyDrift, applyForced, applyRandom, driftHeaderValue } from '../../../src/layers/drift/apply.js'
import { DRIFT_KINDS, driftKind, driftKindNames, isDriftKindName } from '../../../src/layers/drift/kinds/index.js'
import type { DriftContext } from '../../../src/layers/drift/types.js'
import { problemList } from '../../problems.js'

const SceneRecord = Type.Object({
  metadata: Type.Object({
    id: Type.String(),
    name: Type.String(),
    isUntitled: Type.Optional(Type.Boolean()),
    created: Type.String(),
    updated: Type.Union([Type.String(), Type.Null()]),
    isPrivate: Type.Boolean(),
    sceneVersion: Type.String(),
    contentEpoch: Type.Integer(),
    linkSharing: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(3)]),
    totalElements: Type.Number()
  }, { additionalProperties: false }),
  readOnlyLinks: Type.Array(Type.Unknown()),
  sharedSlidesLinks: Type.Array(Type.Unknown())
}, { additionalProperties: false })
const ScenePage = Type.Object({
  limit: Type.Number(), offset: Type.Number(), hasNextPage: Type.Boolean(), data: Type.Array(SceneRecord)
}, { additionalProperties: false })

const scene = {
  metadata: {
    id: '4towcktqVl9', name: 'Roadmap', isUntitled: false, created: '2026-09-01T10:00:00.000Z', updated: null,
    isPrivate: false, sceneVersion: '15', contentEpoch: 0, linkSharing: 1, totalElements: 3
  },
  readOnlyLinks: [],
  sharedSlidesLinks: []
}
const page = { limit: 10, offset: 0, hasNextPage: true, data: [scene, { ...scene, metadata: { ...scene.metadata, id: 'APdEs2LYqDr' } }] }
const invite = {
  id: 'inv1', created: '2026-09-01T10:00:00.000Z', type: 'email', status: 'pending', email: 'ada@example.com',
  role: 'member', resolvedAt: null, redeemedBy: null
}
const logPage = {
  logs: [{
    id: '3f1c2a4e-8b7d-4c6a-9e2f-1a2b3c4d5e6f', action: 'scene', operation: 'create', details: { name: 'Roadmap' },
    created_at: '2026-09-01T10:00:00.000Z', ip_address: null, user_id: 'u1', workspace_id: 'ws1', app_source: 'excalidraw-plus',
    source_type: 'api', source_id: null, status: 200
  }],
  nextCursor: '1234567890',
  hasMore: true,
  availableActions: ['scene']
}

type Fixture = Omit<DriftContext, 'rng'>
const FIXTURES: Record<string, Fixture> = {
  'paged scene list': { method: 'GET', route: '/api/v1/scenes', statusCode: 200, body: page, schema: ScenePage },
  'scene record': { method: 'GET', route: '/api/v1/scenes/:sceneId', statusCode: 200, body: scene, schema: SceneRecord },
  'created invite': { method: 'POST', route: '/api/v1/workspaces/invites', statusCode: 200, body: invite },
  'log page': { method: 'GET', route: '/api/v1/logs', statusCode: 200, body: logPage },
  'DELETE {}': { method: 'DELETE', route: '/api/v1/collections/:collectionId', statusCode: 200, body: {} },
  '404 envelope': {
    method: 'GET', route: '/api/v1/scenes/:sceneId', statusCode: 404, body: { statusCode: 404, error: 'Not Found', message: 'Scene x not found' }
  }
}

const withSeed = (fixture: Fixture, seed: number): DriftContext => ({ ...fixture, rng: createRng(seed) })

function deepFreeze<T> (value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child)
    Object.freeze(value)
  }
  return value
}

t.test('the registry', async (t) => {
  t.same(Object.fromEntries(DRIFT_KINDS.map((kind) => [kind.name, kind.breaking])), {
    'rename-field': true,
    'drop-optional-field': false,
    'drop-required-field': true,
    'add-unknown-field': true,
    'null-field': true,
    'change-scalar-type': true,
    'rename-envelope': true,
    'unwrap-envelope': true,
    'switch-paging': true,
    'unknown-enum-value': true,
    'change-success-status': true,
    'change-error-envelope': true,
    'change-id-format': false,
    'older-shape': true,
    'deprecation': false,
    'mcp-rename-tool': true,
    'mcp-drop-tool': true,
    'mcp-rename-argument': true,
    'mcp-require-argument': true,
    'mcp-rename-result-field': true,
    'mcp-structured-result': true,
    'mcp-switch-error-channel': true
  }, 'names, stable order and breaking flags')
  t.same(driftKindNames, DRIFT_KINDS.map((kind) => kind.name))
  for (const kind of DRIFT_KINDS) t.match(kind.description, /^[^\n]{10,120}$/, `${kind.name} has a one-line description`)
  t.equal(driftKind('older-shape').name, 'older-shape')
  t.ok(isDriftKindName('deprecation'))
  t.notOk(isDriftKindName('nope'))
  t.throws(() => driftKind('nope'), RangeError)
})

t.test('random mode applies exactly one applicable kind, chosen by the rng', async (t) => {
  const counts = new Map<string, number>()
  const seeds = problemList()
  for (let seed = 1; seed <= 200; seed++) {
    const out = applyRandom(withSeed(FIXTURES['paged scene list'], seed), driftKindNames)
    seeds.ok(out !== null, `seed ${seed}: drifts`)
    const kinds = new Set(out?.changes.map((change) => change.split(' ')[0]))
    seeds.equal(kinds.size, 1, `seed ${seed}: one kind`)
    for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1)
  }
  t.same(seeds.problems, [], 'seeds 1-200: each drifts with exactly one kind')
  t.same([...counts.keys()].sort(), [
    'add-unknown-field', 'change-id-format', 'change-scalar-type', 'deprecation', 'drop-optional-field',
    'drop-required-field', 'null-field', 'older-shape', 'rename-envelope', 'rename-field', 'switch-paging',
    'unknown-enum-value', 'unwrap-envelope'
  ], 'every kind that applies to a GET page gets picked, and none that does not')
  const asSet = problemList()
  for (let seed = 1; seed <= 10; seed++) {
    asSet.same(applyRandom(withSeed(FIXTURES['paged scene list'], seed), ['rename-field', 'unwrap-envelope', 'deprecation']),
      applyRandom(withSeed(FIXTURES['paged scene list'], seed), ['deprecation', 'unwrap-envelope', 'rename-field', 'deprecation']),
      `seed ${seed}: the requested kinds are a set (order and repeats do not matter)`)
  }
  t.same(asSet.problems, [], 'seeds 1-10: the requested kinds are a set')
  t.equal(applyRandom(withSeed(FIXTURES['paged scene list'], 1), ['change-error-envelope', 'change-success-status']), null,
    'null when no requested kind applies')
  t.throws(() => applyRandom(withSeed(FIXTURES['404 envelope'], 1), ['change-error-envelope', 'typo']), RangeError,
    'unknown names fail even when another kind would apply')
  t.same(applyDrift(withSeed(FIXTURES['404 envelope'], 1), ['change-error-envelope']), {
    statusCode: 404,
    body: { error: { code: 'NOT_FOUND', message: 'Scene x not found' } },
    headers: {},
    changes: ['change-error-envelope']
  }, 'applyDrift defaults to random mode')
})

t.test('forced mode applies every applicable kind in the given order, each on the previous output', async (t) => {
  const out = applyForced(withSeed(FIXTURES['paged scene list'], 1), ['deprecation', 'change-error-envelope', 'rename-envelope'])
  t.same(out?.changes, ['deprecation', 'rename-envelope /data'], 'kinds that do not apply are skipped')
  t.same(Object.keys(out?.body as object), ['limit', 'offset', 'hasNextPage', 'items'])
  t.equal(out?.headers.Sunset, 'Mon, 01 Mar 2027 00:00:00 GMT')

  t.same(applyDrift(withSeed(FIXTURES['DELETE {}'], 1), ['change-success-status', 'add-unknown-field', 'deprecation'], 'forced'), {
    statusCode: 204,
    body: undefined,
    headers: {
      Deprecation: '@1788220800',
      Sunset: 'Mon, 01 Mar 2027 00:00:00 GMT',
      Link: '<https://plus.excalidraw.com/docs/api>; rel="deprecation"'
    },
    changes: ['change-success-status', 'deprecation']
  }, 'after a 204 no body kind applies any more')

  const order = applyForced(withSeed(FIXTURES['paged scene list'], 1), ['unwrap-envelope', 'switch-paging'])
  t.same(order?.changes, ['unwrap-envelope /data'], 'switch-paging no longer applies to a bare array')
  const twice = applyForced(withSeed(FIXTURES['scene record'], 3), ['drop-required-field', 'drop-required-field'])
  t.equal(twice?.changes.length, 2, 'a kind named twice applies twice')
  t.equal(applyForced(withSeed(FIXTURES['DELETE {}'], 1), ['rename-envelope']), null)
})

t.test('same seed and same context give byte-identical output; seeds differ', async (t) => {
  for (const [name, fixture] of Object.entries(FIXTURES)) {
    const outputs = new Set<string>()
    const runs = problemList()
    for (let seed = 1; seed <= 25; seed++) {
      const first = applyRandom(withSeed(fixture, seed), driftKindNames)
      const second = applyRandom(withSeed(fixture, seed), driftKindNames)
      runs.same(second, first, `${name}, seed ${seed}`)
      runs.equal(JSON.stringify(second), JSON.stringify(first), `${name}, seed ${seed}: byte-identical`)
      outputs.add(JSON.stringify(first))
    }
    t.same(runs.problems, [], `${name}: seeds 1-25 each give the same output twice`)
    t.ok(outputs.size > 1, `${name}: different seeds give different drift`)
  }
})

t.test('no kind mutates its input, and every result is JSON', async (tap) => {
  for (const [name, fixture] of Object.entries(FIXTURES)) {
    const before = JSON.stringify(fixture.body)
    const frozen = { ...fixture, body: deepFreeze(structuredClone(fixture.body)) }
    const t = problemList()
    for (const kind of DRIFT_KINDS) {
      for (const seed of [1, 2, 3]) {
        const ctx = withSeed(frozen, seed)
        // apply() is called even where appliesTo() says no: it must then return null, not throw.
        const out = kind.apply(ctx)
        t.equal(JSON.stringify(frozen.body), before, `${kind.name} on ${name}: input untouched`)
        if (out === null) {
          t.notOk(kind.appliesTo(ctx), `${kind.name} on ${name}: null only when it does not apply`)
          continue
        }
        t.ok(out.changes.length > 0, `${kind.name} on ${name}: names its changes`)
        if (out.body === undefined) t.equal(out.statusCode, 204, `${kind.name} on ${name}: no body only for 204`)
        else t.same(JSON.parse(JSON.stringify(out.body)), out.body, `${kind.name} on ${name}: JSON round-trips`)
      }
    }
    tap.same(t.problems, [], `${name}: every kind, seeds 1-3: input untouched, null only when it does not apply, changes named, JSON out`)
  }
})

t.test('driftHeaderValue', async (t) => {
  t.equal(driftHeaderValue(['rename-field /data/0/metadata/totalElements', 'deprecation']),
    'rename-field /data/0/metadata/totalElements, deprecation')
  t.equal(driftHeaderValue(['add-unknown-field /a,b/é%']), 'add-unknown-field /a%2Cb/%C3%A9%25', 'commas, % and non-ASCII are encoded')
  t.equal(driftHeaderValue(['null-field /\ud800']), 'null-field /%EF%BF%BD', 'a lone surrogate does not throw')
  const many = Array.from({ length: 300 }, (_, i) => `older-shape /data/${i}/metadata`)
  const value = driftHeaderValue(many, 200)
  t.ok(value.length <= 200, 'capped')
  t.match(value, /^older-shape \/data\/0\/metadata, .*, \.\.\. \(\+\d+ more\)$/)
  const kept = value.split(', ').length - 1
  t.equal(value.endsWith(`(+${300 - kept} more)`), true, 'counts what it left out')
  t.equal(driftHeaderValue(['x'.repeat(100)], 40), '... (+1 more)')
  t.equal(driftHeaderValue([]), '')
})
