// Control-API schemas of stub rules (/_emulator/stubs): force one answer on a route pattern.
import { Type, type Static } from 'typebox'
import { NullableSchema } from './common.js'

export const StubRuleBodySchema = Type.Object({
  method: Type.Optional(Type.String({ minLength: 1, description: 'HTTP method, or * (the default) for any' })),
  path: Type.String({ minLength: 1, description: 'Route pattern without /api/v1, as fault rules take it: /scenes/{sceneId}, /scenes/*, /collections/**' }),
  status: Type.Integer({ minimum: 100, maximum: 599 }),
  headers: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z0-9!#$%&\'*+.^_`|~-]+$' }), Type.String())),
  body: Type.Optional(Type.Unknown({ description: 'Any JSON; absent: an empty body' })),
  times: Type.Optional(Type.Integer({ minimum: 1, description: 'Answers before the rule goes quiet; always when absent' })),
  workspaceId: Type.Optional(Type.String({ minLength: 1, description: 'Only requests of this workspace' })),
  keyId: Type.Optional(Type.String({ minLength: 1, description: 'Only requests made with this key (its id, not its secret)' }))
}, { additionalProperties: false })
export type StubRuleBody = Static<typeof StubRuleBodySchema>

export const StubViewSchema = Type.Object({
  id: Type.Integer(),
  method: Type.String(),
  path: Type.String(),
  status: Type.Integer(),
  headers: Type.Record(Type.String(), Type.String()),
  body: Type.Unknown(),
  times: NullableSchema(Type.Integer()),
  remaining: NullableSchema(Type.Integer()),
  fired: Type.Integer(),
  workspaceId: NullableSchema(Type.String()),
  keyId: NullableSchema(Type.String())
}, { additionalProperties: false })
export type StubView = Static<typeof StubViewSchema>

export const StubListSchema = Type.Object({ data: Type.Array(StubViewSchema) }, { additionalProperties: false })
export const StubParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) })
export const ClearedStubsSchema = Type.Object({ cleared: Type.Integer() }, { additionalProperties: false })
