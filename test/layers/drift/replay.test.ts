// Forced steps with pointers: the targeted rng picks the named site, repeats of one change are applied once,
// and a step that cannot reach its pointer is dropped with a warning.
import t from 'tap'
import { Type } from 'typebox'
import { createRng } from '../../../src/lib/rng.js'
import { applySteps, targetedRng } from '../../../src/layers/drift/replay.js'
import type { DriftContext } from '../../../src/layers/drift/types.js'

const Collection = Type.Object({
  id: Type.String(), name: Type.String(), creator: Type.String(), isDeleted: Type.Optional(Type.Boolean())
}, { additionalProperties: false })
const Page = Type.Object({ limit: Type.Number(), offset: Type.Number(), hasNextPage: Type.Boolean(), data: Type.Array(Collection) })
const page = {
  limit: 2, offset: 0, hasNextPage: true,
  data: [{ id: 'c1', name: 'One', creator: 'u1', isDeleted: false }, { id: 'c2', name: 'Two', creator: 'u1', isDeleted: false }]
}
const ctx = (seed = 1): DriftContext => ({ method: 'GET', route: '/api/v1/collections', statusCode: 200, body: page, schema: Page, rng: createRng(seed) })

t.test('targetedRng', async (t) => {
  const rng = targetedRng(createRng(1), '/data/1/name')
  const sites = [{ pointer: '/data/0/name' }, { pointer: '/data/1' }, { pointer: '/data/1/name' }]
  t.equal(rng.pick(sites), sites[2], 'the site at the pointer')
  const parent = [{ pointer: '/data/0', names: ['name'] }, { pointer: '/data/1', names: ['etag', 'name'] }]
  t.equal(rng.pick(parent), parent[1], 'or the parent that offers the last token as a new field')
  t.equal(rng.pick(['etag', 'name', 'tags']), 'name', 'and then that name')
  const plain = createRng(5)
  const draws = [plain.pick([1, 2, 3]), plain.pick([1, 2, 3])]
  const fallback = targetedRng(createRng(5), '/nowhere')
  t.same([fallback.pick([1, 2, 3]), fallback.pick([1, 2, 3])], draws, 'otherwise it draws like the rng it wraps')
})

t.test('applySteps', async (t) => {
  for (let seed = 1; seed <= 5; seed++) {
    const out = applySteps(ctx(seed), [{ kind: 'null-field', pointer: '/data/1/creator' }, { kind: 'add-unknown-field', pointer: '/data/0/etag' }])
    t.same(out.result?.changes, ['null-field /data/1/creator', 'add-unknown-field /data/0/etag'], `seed ${seed}: exactly the named sites`)
    t.same((out.result?.body as typeof page).data, [
      { id: 'c1', name: 'One', creator: 'u1', isDeleted: false, etag: 'W/"e1"' },
      { id: 'c2', name: 'Two', creator: null, isDeleted: false }
    ])
    t.same(out.warnings, [])
  }
  const switched = applySteps(ctx(), [
    { kind: 'switch-paging', pointer: '/offset' }, { kind: 'switch-paging', pointer: '/hasNextPage' }, { kind: 'switch-paging', pointer: '/nextCursor' }
  ])
  t.same(switched.result?.changes, ['switch-paging /offset', 'switch-paging /hasNextPage', 'switch-paging /nextCursor'],
    'one change reported at three sites is applied once')
  t.same(switched.warnings, [])
  const twice = applySteps(ctx(), [{ kind: 'drop-required-field', pointer: '/data/0/name' }, { kind: 'drop-required-field', pointer: '/data/1/name' }])
  t.same(twice.result?.changes, ['drop-required-field /data/0/name', 'drop-required-field /data/1/name'], 'two changes of one kind are two')
  const missed = applySteps(ctx(), [{ kind: 'drop-optional-field', pointer: '/data/0/name' }, { kind: 'change-error-envelope' }])
  t.equal(missed.result, null)
  t.same(missed.warnings, ['drop-optional-field has nothing to change at /data/0/name', 'change-error-envelope does not apply to this response'])
})
