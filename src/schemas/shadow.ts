// Control-API schema of the shadow report (/_emulator/shadow): the parity report's shape, kept while a shadow runs.
import { Type, type Static } from 'typebox'
import type { Agree, Same } from '../lib/type-equality.js'
import { NullableSchema } from './common.js'
import type { ShadowReport } from './shadow-report.js'

export const ShadowDifferenceSchema = Type.Object({
  path: Type.String({ description: '`status`, `header/<name>`, or a JSON pointer below `body`' }),
  kind: Type.String({ description: 'status, header, missing, extra, type, value, enum, format, length, order, id, schema, body, not-sent' }),
  emulator: Type.Unknown(),
  target: Type.Unknown(),
  requests: Type.Integer({ minimum: 1, description: 'Requests of the operation that showed this difference' }),
  lastSeen: Type.String({ format: 'date-time', description: 'When a request last showed it' })
}, { additionalProperties: false })

export const ShadowOperationSchema = Type.Object({
  operation: Type.String({ description: '`GET /api/v1/scenes/{sceneId}`, or `POST /api/v1/mcp tools/call get_scene`' }),
  requests: Type.Integer({ minimum: 0 }),
  same: Type.Integer({ minimum: 0 }),
  differs: Type.Integer({ minimum: 0 }),
  differences: Type.Array(ShadowDifferenceSchema)
}, { additionalProperties: false })

export const ShadowFailureSchema = Type.Object({
  operation: Type.String(),
  side: Type.Union([Type.Literal('target'), Type.Literal('shadow')]),
  reason: Type.String(),
  time: Type.String({ format: 'date-time' })
}, { additionalProperties: false })

export const ShadowReportSchema = Type.Object({
  target: Type.String(),
  startedAt: Type.String({ format: 'date-time' }),
  operations: Type.Array(ShadowOperationSchema),
  summary: Type.Object({ operations: Type.Integer(), same: Type.Integer(), differs: Type.Integer() }, { additionalProperties: false }),
  shadow: Type.Object({
    state: Type.Union([Type.Literal('waiting'), Type.Literal('importing'), Type.Literal('ready'), Type.Literal('failed')], { description: 'waiting for the first request with a key; importing the target workspace; ready; failed (see reason)' }),
    reason: NullableSchema(Type.String()),
    forwarded: Type.Integer({ minimum: 0, description: 'Client requests forwarded to the target' }),
    compared: Type.Integer({ minimum: 0 }),
    importRequests: Type.Integer({ minimum: 0, description: 'Requests the start-up import sent to the target: the only ones the shadow adds' }),
    failures: Type.Array(ShadowFailureSchema, { description: 'Newest first, at most 100: requests not compared because a side failed' })
  }, { additionalProperties: false })
}, { additionalProperties: false })
// A difference between the schema and the plain type fails the type-check.
export type ShadowSchemaAgrees = Agree<Same<Static<typeof ShadowReportSchema>, ShadowReport>>
