// Control-API schemas of the request journal (/_emulator/requests): what was asked of /api/v1 and what went out.
import { Type, type Static } from 'typebox'
import { NullableSchema } from './common.js'
import { FAULT_KINDS, FAULT_PHASES } from './faults.js'

export const JournalBodySchema = Type.Object({
  /** The body as text, cut to EMULATOR_JOURNAL_BODY_BYTES; null when there was none (or it was never read). */
  text: NullableSchema(Type.String()),
  /** Size of the whole body in bytes, before any cut. */
  bytes: Type.Integer({ minimum: 0 }),
  truncated: Type.Boolean(),
  contentType: NullableSchema(Type.String())
}, { additionalProperties: false })
export type JournalBody = Static<typeof JournalBodySchema>

export const JournalFaultSchema = Type.Object({
  kind: Type.Enum(FAULT_KINDS),
  phase: Type.Enum(FAULT_PHASES),
  source: Type.Enum(['header', 'rule', 'rate']),
  rule: NullableSchema(Type.Integer()),
  delayMs: NullableSchema(Type.Integer())
}, { additionalProperties: false })

/** What an MCP request asked for (POST /api/v1/mcp): the JSON-RPC method and, for tools/call, the tool. */
export const JournalMcpSchema = Type.Object({
  method: Type.String(),
  tool: NullableSchema(Type.String())
}, { additionalProperties: false })
export type JournalMcp = Static<typeof JournalMcpSchema>

export const JournalEntrySchema = Type.Object({
  id: Type.Integer({ description: 'Increases by one per journaled request; restarts at 1 on POST /_emulator/reset' }),
  time: Type.String({ description: 'Arrival, on the emulator clock (ISO 8601)' }),
  method: Type.String(),
  path: Type.String({ description: 'As requested, without the query string' }),
  route: NullableSchema(Type.String({ description: 'Fastify route pattern, e.g. /api/v1/scenes/:sceneId' })),
  query: Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())])),
  status: NullableSchema(Type.Integer({ description: 'null when the connection was dropped before a response' })),
  durationMs: Type.Number({ description: 'Real (wall-clock) time from arrival to the end of the response' }),
  keyId: NullableSchema(Type.String({ description: 'Id of the API key; never its secret' })),
  workspaceId: NullableSchema(Type.String()),
  latencyMs: Type.Integer({ description: 'Delay the fault layer added' }),
  fault: NullableSchema(JournalFaultSchema),
  drift: NullableSchema(Type.String({ description: 'The X-Emulator-Drift header the drift layer sent' })),
  chaos: NullableSchema(Type.String({
    description: "What the chaos sweep served (EMULATOR_CHAOS=sweep), as X-Emulator-Chaos says it: 'sweep 503', 'sweep drop', 'sweep drift:rename-field'"
  })),
  mcp: NullableSchema(JournalMcpSchema),
  request: JournalBodySchema,
  response: JournalBodySchema
}, { additionalProperties: false })
export type JournalEntry = Static<typeof JournalEntrySchema>

export const JournalQuerySchema = Type.Object({
  workspaceId: Type.Optional(Type.String({ minLength: 1 })),
  method: Type.Optional(Type.String({ minLength: 1 })),
  path: Type.Optional(Type.String({ minLength: 1, description: 'Segment prefix: /scenes matches /api/v1/scenes and /api/v1/scenes/x, not /api/v1/scenesx' })),
  status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, description: 'Newest first; default 100' })),
  afterId: Type.Optional(Type.Integer({ minimum: 0, description: 'Only entries with a larger id: poll with the newest id seen' }))
}, { additionalProperties: false })
export type JournalQuery = Static<typeof JournalQuerySchema>

export const JournalPageSchema = Type.Object({
  /** EMULATOR_JOURNAL_SIZE: the most entries kept; 0 = the journal is off. */
  capacity: Type.Integer(),
  /** Entries that match the filters, before `limit`. */
  total: Type.Integer(),
  data: Type.Array(JournalEntrySchema)
}, { additionalProperties: false })

export const ClearedJournalSchema = Type.Object({ cleared: Type.Integer() }, { additionalProperties: false })
