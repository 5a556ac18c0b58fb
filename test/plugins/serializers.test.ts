// Response serialisers write nullable fields without a validator (plugins/validation.ts withNullableFields): for
// every value the schema allows, the JSON is the very one fast-json-stringify writes from the schema as declared.
import t, { type Test } from 'tap'
import fastJson from 'fast-json-stringify'
import { Type } from 'typebox'
import { withNullableFields } from '../../src/plugins/validation.js'
import { NullableSchema, paginated } from '../../src/schemas/common.js'
import { CollectionSchema } from '../../src/schemas/collections.js'
import { SceneRecordSchema } from '../../src/schemas/scenes.js'
import { JournalPageSchema } from '../../src/schemas/journal.js'
import { build, call } from '../helper.js'

const same = (t: Test, schema: object, values: unknown[], what: string) => {
  const declared = fastJson(schema as never)
  const rewritten = fastJson(withNullableFields(schema) as never)
  for (const value of values) t.equal(rewritten(value), declared(value), `${what}: ${JSON.stringify(value).slice(0, 60)}`)
}

t.test('every kind of nullable field, null and not', async (t) => {
  const schema = Type.Object({
    text: NullableSchema(Type.String()),
    when: NullableSchema(Type.String({ format: 'date-time' })),
    count: NullableSchema(Type.Integer()),
    tags: NullableSchema(Type.Array(Type.String())),
    emoji: NullableSchema(Type.Object({ id: Type.String(), native: Type.String() }, { additionalProperties: false })),
    kind: NullableSchema(Type.Literal('fixed')),
    either: NullableSchema(Type.Union([Type.Literal('a'), Type.Literal('b')]))
  })
  same(t, schema, [
    { text: null, when: null, count: null, tags: null, emoji: null, kind: null, either: null },
    { text: 'é "x"', when: '2026-01-01T00:00:00.000Z', count: 3, tags: ['a'], emoji: { id: 'r', native: '\u{1F680}' }, kind: 'fixed', either: 'b' }
  ], 'fields')
  t.ok((withNullableFields({ anyOf: [Type.Union([Type.Literal('a'), Type.Literal('b')]), Type.Null()] }) as { anyOf?: unknown }).anyOf, 'a union stays a union')
})

t.test('the pages the API serves: collections, scenes, the journal', async (t) => {
  const app = await build(t)
  const collections = (await call(t, app, 'GET', '/api/v1/collections?limit=100')).body
  const scenes = (await call(t, app, 'GET', '/api/v1/scenes?limit=100')).body
  const journal = (await app.inject({ method: 'GET', url: '/_emulator/requests' })).json()
  same(t, paginated(CollectionSchema), [collections], 'collections')
  same(t, paginated(SceneRecordSchema), [scenes], 'scenes')
  same(t, JournalPageSchema, [journal], 'journal')
})
