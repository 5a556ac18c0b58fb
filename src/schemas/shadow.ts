// Control-API schema of the shadow report (/_emulator/shadow): parity's report shape (mode `shadow`), kept while
// a shadow runs; shadow-report.ts holds the same as plain types, checked against this at compile time.
import { Type, type Static } from 'typebox'
import type { Agree, Same } from '../lib/type-equality.js'
import { NullableSchema } from './common.js'
import type { ShadowReport } from './shadow-report.js'

const count = Type.Integer({ minimum: 0 })

const RequestRefSchema = Type.Object({
  method: Type.String(),
  path: Type.String({ description: 'Below the API base URL, query included' }),
  step: Type.Integer({ minimum: 1, description: 'The request\'s number in the session (the recording\'s step)' }),
  file: Type.Optional(Type.String({ description: 'With --record: the recorded step\'s file' }))
}, { additionalProperties: false })

const differenceFields = {
  path: Type.String({ description: '`status`, `header/<name>`, or a JSON pointer below `body`' }),
  kind: Type.String({ description: 'status, header, missing, extra, type, value, enum, format, length, order, id, schema, body' }),
  emulator: Type.Unknown(),
  target: Type.Unknown(),
  requests: Type.Array(RequestRefSchema, { description: 'The requests that showed it (at most the first 10)' }),
  count: Type.Integer({ minimum: 1 }),
  pattern: Type.Optional(Type.String({ description: 'The path with list indices as *' })),
  status: Type.Optional(Type.Integer({ description: 'The status of the target\'s answers that showed it' })),
  followsFrom: Type.Optional(Type.Object({
    method: Type.String(), path: Type.String(), step: Type.Integer({ minimum: 1 }), file: Type.Optional(Type.String()), status: Type.Integer()
  }, { additionalProperties: false, description: 'The refused write it follows from, when every sighting came after it' })),
  notFound: Type.Optional(Type.String({ description: 'missing-route: the target\'s route-not-found body, with <method> and <path>' })),
  lastSeen: Type.String({ format: 'date-time' })
}

export const ShadowReportSchema = Type.Object({
  tool: Type.String(),
  version: Type.String(),
  mode: Type.Literal('shadow'),
  target: Type.String(),
  startedAt: Type.String({ format: 'date-time' }),
  durationMs: count,
  keys: Type.Array(Type.Object({
    label: Type.String(),
    kind: Type.Union([Type.Literal('workspace'), Type.Literal('personal')]),
    permission: Type.Union([Type.Literal('read'), Type.Literal('full')]),
    role: Type.Union([Type.Literal('admin'), Type.Literal('member')])
  }, { additionalProperties: false }), { description: 'Each client key as learned from the target\'s answers (never the key)' }),
  requests: Type.Object({ target: count, emulator: count }, { additionalProperties: false }),
  operations: Type.Array(Type.Object({
    operation: Type.String(),
    requests: count,
    same: count,
    differs: count,
    statuses: Type.Optional(Type.Record(Type.String(), count, { description: 'Answers per pair of statuses, "200 201": the emulator\'s, then the target\'s' })),
    differences: Type.Array(Type.Object(differenceFields, { additionalProperties: false })),
    accepted: Type.Array(Type.Object({ ...differenceFields, reason: Type.String(), rule: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }))
  }, { additionalProperties: false })),
  shared: Type.Array(Type.Object({
    path: Type.String(), kind: Type.String(), emulator: Type.Unknown(), target: Type.Unknown()
  }, { additionalProperties: false })),
  unusedAccept: Type.Array(Type.Object({
    operation: Type.Optional(Type.String()), path: Type.String(), kind: Type.Optional(Type.String()), reason: Type.String(), rule: Type.Integer({ minimum: 1 })
  }, { additionalProperties: false })),
  summary: Type.Object({ operations: count, same: count, differs: count, accepted: count }, { additionalProperties: false }),
  shadow: Type.Object({
    state: Type.Union([Type.Literal('waiting'), Type.Literal('importing'), Type.Literal('ready'), Type.Literal('failed')], {
      description: 'waiting for the first request with a key; importing the target workspace; ready; failed (see reason)'
    }),
    reason: NullableSchema(Type.String()),
    forwarded: Type.Integer({ minimum: 0, description: 'Client requests forwarded to the target' }),
    compared: count,
    importRequests: Type.Integer({ minimum: 0, description: 'Requests the start-up import sent to the target: the only ones the shadow adds' }),
    failures: Type.Array(Type.Object({
      operation: Type.String(),
      side: Type.Union([Type.Literal('target'), Type.Literal('shadow')]),
      reason: Type.String(),
      time: Type.String({ format: 'date-time' })
    }, { additionalProperties: false }), { description: 'Newest first, at most 100: requests not compared because a side failed' })
  }, { additionalProperties: false })
}, { additionalProperties: false })

// A difference between the schema and the plain type fails the type-check.
export type ShadowSchemaAgrees = Agree<Same<Static<typeof ShadowReportSchema>, ShadowReport>>
