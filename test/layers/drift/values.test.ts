// Value kinds: change-scalar-type, unknown-enum-value, change-id-format.
import t from 'tap'
import { Type } from 'typebox'
import { createRng } from '../../../src/lib/rng.js'
import {
  changeIdFormat, changeScalarType, reformatId, retype, unknownEnumValue, unknownEnumValueKind
} from '../../../src/layers/drift/kinds/values.js'
import type { DriftContext } from '../../../src/layers/drift/types.js'

// Hand-built mirrors of the reference shapes, trimmed to what the tests use.
const Str = Type.String()
const NullableStr = Type.Union([Type.String(), Type.Null()])
const Role = Type.Union([Type.Literal('member'), Type.Literal('admin')])
const Invite = Type.Object({
  id: Str,
  created: Str,
  type: Type.Union([Type.Literal('link'), Type.Literal('email')]),
  status: Type.Union([Type.Literal('pending'), Type.Literal('redeemed'), Type.Literal('rejected')]),
  email: NullableStr,
  role: Role,
  resolvedAt: NullableStr,
  maxUses: Type.Optional(Type.Union([Type.Integer({ exclusiveMinimum: 0 }), Type.Literal('unlimited')])),
  uses: Type.Optional(Type.Number())
}, { additionalProperties: false })
const InvitePage = Type.Object({
  limit: Type.Number(), offset: Type.Number(), hasNextPage: Type.Boolean(), data: Type.Array(Invite)
}, { additionalProperties: false })
const Workspace = Type.Object({
  id: Str,
  roles: Type.Record(Type.String(), Role),
  subscriptionStatus: Type.Union(['payment_failed', 'active', 'canceled', 'trialing', 'overdue'].map((s) => Type.Literal(s))),
  type: Type.Optional(Type.Unsafe({ enum: [null, 1, 2] }))
}, { additionalProperties: false })
const SceneRecord = Type.Object({
  metadata: Type.Object({
    id: Str, sceneVersion: Str, linkSharing: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(3)])
  }, { additionalProperties: false }),
  readOnlyLinks: Type.Array(Type.Object({
    id: Str, scene: Str, type: Type.Literal('readonly'), status: Type.Union([Type.Literal('active'), Type.Literal('inactive')])
  }, { additionalProperties: false }))
}, { additionalProperties: false })
const ErrorEnvelope = Type.Object({ statusCode: Type.Literal(404), error: Type.Literal('Not Found'), message: Str })
const LogPage = Type.Object({
  logs: Type.Array(Type.Object({
    id: Type.String({ format: 'uuid' }),
    details: Type.Unknown(),
    created_at: Str
  }, { additionalProperties: false })),
  nextCursor: NullableStr,
  hasMore: Type.Boolean()
}, { additionalProperties: false })

const invite = {
  id: 'inv1', created: '2026-09-01T10:00:00.000Z', type: 'link', status: 'pending', email: null, role: 'member',
  resolvedAt: null, maxUses: 'unlimited', uses: 0
}
const workspace = { id: 'ws1', roles: { u1: 'admin' }, subscriptionStatus: 'active', type: null }
const scene = {
  metadata: { id: 'APdEs2LYqDr', sceneVersion: '15', linkSharing: 1 },
  readOnlyLinks: [{ id: 'lnk1', scene: 'APdEs2LYqDr', type: 'readonly', status: 'active' }]
}

function ctx (body: unknown, schema: unknown, seed = 1, extra: Partial<DriftContext> = {}): DriftContext {
  return { method: 'GET', route: '/api/v1/workspaces/invites', statusCode: 200, body, schema, rng: createRng(seed), ...extra }
}

t.test('change-scalar-type', async (t) => {
  t.equal(retype(3), '3')
  t.equal(retype('15'), 15)
  t.equal(retype('007'), undefined, 'a numeric string that would not round-trip stays put')
  t.equal(retype('2026-09-01T10:00:00.000Z'), 1788256800000)
  t.equal(retype(1788256800000), '2026-09-01T10:00:00.000Z')
  t.equal(retype(true), 'true')
  t.equal(retype('false'), false)
  t.equal(retype('Roadmap'), undefined)
  t.equal(retype(null), undefined)

  t.same(changeScalarType.apply(ctx(invite, Invite, 7)), {
    statusCode: 200,
    body: {
      id: 'inv1', created: 1788256800000, type: 'link', status: 'pending', email: null, role: 'member',
      resolvedAt: null, maxUses: 'unlimited', uses: 0
    },
    headers: {},
    changes: ['change-scalar-type /created']
  })
  const log = { logs: [{ id: '3f1c2a4e-8b7d-4c6a-9e2f-1a2b3c4d5e6f', details: 5, created_at: 'yesterday' }], nextCursor: null, hasMore: true }
  t.same(changeScalarType.apply(ctx(log, LogPage, 1, { route: '/api/v1/logs' }))?.changes, ['change-scalar-type /hasMore'],
    '`details` accepts any JSON, so retyping it would not be drift')
})

t.test('unknown-enum-value', async (t) => {
  t.equal(unknownEnumValue([0, 1, 3], 'linkSharing'), 2, 'the gap in linkSharing')
  t.equal(unknownEnumValue(['pending', 'redeemed', 'rejected'], 'status'), 'expired')
  t.equal(unknownEnumValue(['member', 'admin'], 'role'), 'owner')
  t.equal(unknownEnumValue(['payment_failed', 'active', 'canceled', 'trialing', 'overdue'], 'subscriptionStatus'), 'paused')
  t.equal(unknownEnumValue([null, 1, 2], 'type'), 0)
  t.equal(unknownEnumValue(['a', 'unknown'], 'other'), 'unknown_2')
  t.equal(unknownEnumValue(['a', 'b'], 'constructor'), 'unknown', 'field names are looked up as own keys only')

  const page = { limit: 10, offset: 0, hasNextPage: false, data: [invite] }
  t.same(unknownEnumValueKind.apply(ctx(page, InvitePage, 1)), {
    statusCode: 200,
    body: {
      limit: 10,
      offset: 0,
      hasNextPage: false,
      data: [{
        id: 'inv1', created: '2026-09-01T10:00:00.000Z', type: 'link', status: 'expired', email: null, role: 'member',
        resolvedAt: null, maxUses: 'unlimited', uses: 0
      }]
    },
    headers: {},
    changes: ['unknown-enum-value /data/0/status']
  })
  t.same(unknownEnumValueKind.apply(ctx(scene, SceneRecord, 7, { route: '/api/v1/scenes/:sceneId' })), {
    statusCode: 200,
    body: {
      metadata: { id: 'APdEs2LYqDr', sceneVersion: '15', linkSharing: 2 },
      readOnlyLinks: [{ id: 'lnk1', scene: 'APdEs2LYqDr', type: 'readonly', status: 'active' }]
    },
    headers: {},
    changes: ['unknown-enum-value /metadata/linkSharing']
  })
  const seen = new Set<string>()
  for (let seed = 1; seed <= 40; seed++) {
    const out = unknownEnumValueKind.apply(ctx(workspace, Workspace, seed, { route: '/api/v1/workspaces' }))
    seen.add(`${out?.changes[0]} → ${JSON.stringify(out?.body)}`)
  }
  t.same([...seen].sort(), [
    'unknown-enum-value /roles/u1 → {"id":"ws1","roles":{"u1":"owner"},"subscriptionStatus":"active","type":null}',
    'unknown-enum-value /subscriptionStatus → {"id":"ws1","roles":{"u1":"admin"},"subscriptionStatus":"paused","type":null}',
    'unknown-enum-value /type → {"id":"ws1","roles":{"u1":"admin"},"subscriptionStatus":"active","type":0}'
  ], 'map values and enums listing null are candidates too')
  t.equal(unknownEnumValueKind.appliesTo(ctx(invite, undefined)), false, 'no schema, no enum')
  t.equal(unknownEnumValueKind.appliesTo(ctx({ statusCode: 404, error: 'Not Found', message: 'x' }, ErrorEnvelope)), false,
    'single-valued enums (constants) are not candidates')
})

t.test('change-id-format', async (t) => {
  t.equal(reformatId('APdEs2LYqDr', 'scn_'), reformatId('APdEs2LYqDr', 'scn_'), 'derived from the id alone')
  t.match(reformatId('3f1c2a4e-8b7d-4c6a-9e2f-1a2b3c4d5e6f', 'log_'), /^log_[A-Za-z0-9]{16}$/, 'a UUID becomes a prefixed id')

  const out = changeIdFormat.apply(ctx(scene, SceneRecord, 7, { route: '/api/v1/scenes/:sceneId' }))
  t.same(out, {
    statusCode: 200,
    body: {
      metadata: { id: '5c1433d7-da5f-4869-9db7-1581f92c694d', sceneVersion: '15', linkSharing: 1 },
      readOnlyLinks: [{ id: 'lnk1', scene: '5c1433d7-da5f-4869-9db7-1581f92c694d', type: 'readonly', status: 'active' }]
    },
    headers: {},
    changes: ['change-id-format /metadata/id', 'change-id-format /readOnlyLinks/0/scene']
  }, 'every occurrence of the id changes together')
  const link = changeIdFormat.apply(ctx(scene, SceneRecord, 1, { route: '/api/v1/scenes/:sceneId' }))
  t.same(link?.changes, ['change-id-format /readOnlyLinks/0/id'])
  t.equal((link?.body as typeof scene).readOnlyLinks[0].id, 'lnk_ct3tFJsdVA5zEano', 'prefixed after the field that holds the record')

  const content = {
    elements: [{ id: 'Q4x6Lh5y2C9vK8mN3pR1s', type: 'image', fileId: 'f1' }],
    files: { f1: { id: 'f1', mimeType: 'image/png' } }
  }
  const seen = new Set<string>()
  for (let seed = 1; seed <= 20; seed++) {
    const result = changeIdFormat.apply(ctx(content, undefined, seed, { route: '/api/v1/scenes/:sceneId/content' }))
    seen.add(JSON.stringify(result?.changes))
  }
  t.same([...seen].sort(), [
    '["change-id-format /elements/0/fileId","change-id-format /files/f1","change-id-format /files/f1/id"]',
    '["change-id-format /elements/0/id"]'
  ], 'map keys equal to the id are renamed too')

  const log = { logs: [{ id: '3f1c2a4e-8b7d-4c6a-9e2f-1a2b3c4d5e6f', details: null, created_at: 'x' }], nextCursor: null, hasMore: false }
  t.equal(changeIdFormat.appliesTo(ctx(log, LogPage)), false, 'ids whose schema has a format or pattern stay put')
})
