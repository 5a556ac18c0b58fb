// Field kinds: rename-field, drop-optional-field, drop-required-field, add-unknown-field, null-field.
import t from 'tap'
import { Type } from 'typebox'
import { createRng } from '../../../src/lib/rng.js'
import {
  addUnknownField, dropOptionalField, dropRequiredField, nullField, renameField, toCamelCase, toSnakeCase
} from '../../../src/layers/drift/kinds/fields.js'
import type { DriftContext } from '../../../src/layers/drift/types.js'

// Hand-built mirrors of the reference shapes, trimmed to what the tests use.
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()])
const SceneMetadata = Type.Object({
  id: Type.String(),
  name: Type.String({ minLength: 1 }),
  isUntitled: Type.Optional(Type.Boolean()),
  updated: Nullable(Type.String()),
  sceneVersion: Type.String(),
  linkSharing: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(3)]),
  readComments: Type.Optional(Type.Boolean()),
  totalElements: Type.Number()
}, { additionalProperties: false })
const SceneRecord = Type.Object({
  metadata: SceneMetadata,
  readOnlyLinks: Type.Array(Type.Object({ id: Type.String() }, { additionalProperties: false }))
}, { additionalProperties: false })
const ScenePage = Type.Object({
  limit: Type.Number(), offset: Type.Number(), hasNextPage: Type.Boolean(), data: Type.Array(SceneRecord)
}, { additionalProperties: false })
const Collection = Type.Object({
  id: Type.String(),
  creator: Nullable(Type.String()),
  name: Type.String(),
  updated: Nullable(Type.String({ format: 'date-time' })),
  isDeleted: Type.Optional(Type.Boolean())
}, { additionalProperties: false })
const LogPage = Type.Object({
  logs: Type.Array(Type.Object({
    id: Type.String({ format: 'uuid' }),
    action: Type.String(),
    created_at: Type.String(),
    user_id: Nullable(Type.String())
  }, { additionalProperties: false })),
  nextCursor: Nullable(Type.String()),
  hasMore: Type.Boolean(),
  availableActions: Type.Array(Type.String())
}, { additionalProperties: false })
const Workspace = Type.Object({
  id: Type.String(),
  roles: Type.Record(Type.String(), Type.Union([Type.Literal('member'), Type.Literal('admin')]))
}, { additionalProperties: false })
const DeleteBody = Type.Unsafe({ type: 'object', propertyNames: { type: 'string' }, additionalProperties: { not: {} } })

const metadata = {
  id: '4towcktqVl9', name: 'Roadmap', isUntitled: false, updated: null, sceneVersion: '15', linkSharing: 1,
  readComments: true, totalElements: 3
}
const scene = { metadata, readOnlyLinks: [] }
const scenePage = { limit: 10, offset: 0, hasNextPage: true, data: [scene] }
const collection = { id: '77i8dL6qc5t', creator: 'u1', name: 'Design', updated: null, isDeleted: false }
const logPage = {
  logs: [{ id: '3f1c2a4e-8b7d-4c6a-9e2f-1a2b3c4d5e6f', action: 'scene', created_at: '2026-09-01T10:00:00.000Z', user_id: 'u1' }],
  nextCursor: null,
  hasMore: false,
  availableActions: ['scene']
}

function ctx (body: unknown, schema: unknown, seed = 1, extra: Partial<DriftContext> = {}): DriftContext {
  return { method: 'GET', route: '/api/v1/scenes', statusCode: 200, body, schema, rng: createRng(seed), ...extra }
}

const notFound = { statusCode: 404, error: 'Not Found', message: 'Scene x not found' }

t.test('rename-field', async (t) => {
  t.equal(toSnakeCase('totalElements'), 'total_elements')
  t.equal(toSnakeCase('dataURL'), 'data_url')
  t.equal(toSnakeCase('name'), undefined)
  t.equal(toCamelCase('created_at'), 'createdAt')
  t.equal(toCamelCase('ip_address'), 'ipAddress')
  t.equal(toCamelCase('name'), undefined)

  const out = renameField.apply(ctx(scenePage, ScenePage, 2))
  t.same(out, {
    statusCode: 200,
    body: {
      limit: 10,
      offset: 0,
      hasNextPage: true,
      data: [{
        metadata: {
          id: '4towcktqVl9', name: 'Roadmap', isUntitled: false, updated: null, sceneVersion: '15', linkSharing: 1,
          readComments: true, total_elements: 3
        },
        readOnlyLinks: []
      }]
    },
    headers: {},
    changes: ['rename-field /data/0/metadata/totalElements']
  })
  t.same(Object.keys((out?.body as typeof scenePage).data[0].metadata), [
    'id', 'name', 'isUntitled', 'updated', 'sceneVersion', 'linkSharing', 'readComments', 'total_elements'
  ], 'the renamed key keeps its position')

  const logs = renameField.apply(ctx(logPage, LogPage, 7, { route: '/api/v1/logs' }))
  t.same(logs?.body, {
    logs: [{ id: '3f1c2a4e-8b7d-4c6a-9e2f-1a2b3c4d5e6f', action: 'scene', createdAt: '2026-09-01T10:00:00.000Z', user_id: 'u1' }],
    nextCursor: null,
    hasMore: false,
    availableActions: ['scene']
  })
  t.same(logs?.changes, ['rename-field /logs/0/created_at'], 'snake_case log fields turn camelCase')

  t.equal(renameField.appliesTo(ctx({ name: 'x', id: 'y' }, undefined)), false, 'no camelCase or snake_case key')
  t.equal(renameField.appliesTo(ctx(notFound, undefined, 1, { statusCode: 404 })), false, 'errors are left to change-error-envelope')
})

t.test('drop-optional-field', async (t) => {
  t.same(dropOptionalField.apply(ctx(scene, SceneRecord, 1)), {
    statusCode: 200,
    body: {
      metadata: { id: '4towcktqVl9', name: 'Roadmap', isUntitled: false, updated: null, sceneVersion: '15', linkSharing: 1, totalElements: 3 },
      readOnlyLinks: []
    },
    headers: {},
    changes: ['drop-optional-field /metadata/readComments']
  })
  t.equal(dropOptionalField.appliesTo(ctx(scene, undefined)), false, 'needs the schema to know what is optional')
  const { isUntitled: _isUntitled, readComments: _readComments, ...required } = metadata
  t.equal(dropOptionalField.apply(ctx({ metadata: required, readOnlyLinks: [] }, SceneRecord)), null,
    'null when no optional field is present')
})

t.test('drop-required-field', async (t) => {
  t.same(dropRequiredField.apply(ctx(collection, Collection, 3)), {
    statusCode: 200,
    body: { id: '77i8dL6qc5t', creator: 'u1', updated: null, isDeleted: false },
    headers: {},
    changes: ['drop-required-field /name']
  })
  t.equal(dropRequiredField.appliesTo(ctx(collection, undefined)), false)
  t.equal(dropRequiredField.appliesTo(ctx(notFound, undefined, 1, { statusCode: 404 })), false)
})

t.test('add-unknown-field', async (t) => {
  t.same(addUnknownField.apply(ctx({}, DeleteBody, 1, { method: 'DELETE', route: '/api/v1/scenes/:sceneId' })), {
    statusCode: 200,
    body: { schemaVersion: 2 },
    headers: {},
    changes: ['add-unknown-field /schemaVersion']
  }, 'a DELETE {} gains a field')
  t.same(addUnknownField.apply(ctx(collection, Collection, 2)), {
    statusCode: 200,
    body: { ...collection, etag: 'W/"e1"' },
    headers: {},
    changes: ['add-unknown-field /etag']
  })
  const workspace = { id: 'ws1', roles: { u1: 'admin', u2: 'member' } }
  for (let seed = 1; seed <= 30; seed++) {
    const out = addUnknownField.apply(ctx(workspace, Workspace, seed))
    t.same((out?.body as typeof workspace).roles, workspace.roles, `seed ${seed}: a map (roles) never gains a field`)
  }
  const Content = Type.Object({ elements: Type.Array(Type.Unknown()) }, { additionalProperties: false })
  for (let seed = 1; seed <= 10; seed++) {
    const out = addUnknownField.apply(ctx({ elements: [{ id: 'a' }, { id: 'b' }] }, Content, seed))
    t.match(out?.changes, [/^add-unknown-field \/[a-zA-Z]+$/], `seed ${seed}: an open \`{}\` item (an element) gains nothing`)
  }
})

t.test('null-field', async (t) => {
  t.same(nullField.apply(ctx(collection, Collection, 1)), {
    statusCode: 200,
    body: { ...collection, name: null },
    headers: {},
    changes: ['null-field /name']
  })
  for (let seed = 1; seed <= 30; seed++) {
    const changes = nullField.apply(ctx(collection, Collection, seed))?.changes ?? []
    t.notOk(changes.includes('null-field /creator') || changes.includes('null-field /updated'),
      `seed ${seed}: fields that may be null are not candidates`)
  }
  t.equal(nullField.appliesTo(ctx({ updated: null }, undefined)), false, 'already null')
  t.equal(nullField.appliesTo(ctx(undefined, undefined, 1, { statusCode: 204 })), false, 'no body')
})
