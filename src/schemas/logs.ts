// Audit log schemas: the only snake_case model of the API.
import { Type, type Static } from 'typebox'
import { MAX_SAFE_INTEGER, NullableSchema } from './common.js'

/** Actions the documentation lists; the filter accepts any string. */
export const DOCUMENTED_ACTIONS = [
  'workspace', 'workspace:team', 'workspace:invite', 'workspace:invite:redeem', 'workspace:preferences',
  'workspace:avatar', 'workspace:rename', 'workspace:user', 'workspace:user:role', 'collection', 'scene',
  'scene:readonly-link', 'scene:readonly-links', 'scene:link-sharing', 'scene:collection', 'scene:upload',
  'scene:image-upload', 'scene:slides', 'scene:comment', 'user:signup', 'ai:diagram-to-code',
  'ai:text-to-diagram', 'ai:text-to-drawing'
] as const

/** The reference's UUID pattern on log ids: versions 1-8 with the RFC variant, or the nil and max UUIDs. */
const LOG_ID_PATTERN = '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}' +
  '|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$'

/** `details` is any JSON value, spelled as the reference's typed union: a scalar, an object or an array, or null. */
const LogDetailsSchema = Type.Union([
  Type.Union([
    Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
    // Spelled as the reference spells it: Type.Object would add an empty `properties`.
    Type.Unsafe<Record<string, unknown>>({ type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} }),
    Type.Array(Type.Unknown())
  ]),
  Type.Null()
])

export const OperationSchema = Type.Enum(['create', 'read', 'update', 'delete'])

export const LogEntrySchema = Type.Object({
  id: Type.String({ format: 'uuid', pattern: LOG_ID_PATTERN }),
  action: Type.String(),
  operation: Type.String(),
  details: LogDetailsSchema,
  created_at: Type.String(),
  ip_address: NullableSchema(Type.String()),
  user_id: NullableSchema(Type.String()),
  workspace_id: NullableSchema(Type.String()),
  app_source: Type.Union([Type.Literal('admin'), Type.Literal('excalidraw-plus')]),
  source_type: Type.Enum(['user', 'api', 'crontab', 'webhook', 'guest']),
  source_id: NullableSchema(Type.String()),
  status: Type.Integer({ minimum: -2147483648, maximum: 2147483647 }),
  user_email: Type.Optional(Type.String()),
  user_full_name: Type.Optional(Type.String()),
  user_picture: Type.Optional(NullableSchema(Type.String()))
}, { additionalProperties: false })
export type LogEntry = Static<typeof LogEntrySchema>

export const LogPageSchema = Type.Object({
  logs: Type.Array(LogEntrySchema),
  nextCursor: NullableSchema(Type.String()),
  hasMore: Type.Boolean(),
  availableActions: Type.Array(Type.String()),
  // FIDELITY-adjacent: the reference marks these required, but the live service sends them only in
  // page mode; they are optional here so cursor-mode answers serialize as observed.
  totalCount: Type.Optional(Type.Number()),
  totalPages: Type.Optional(Type.Number()),
  currentPage: Type.Optional(Type.Number())
}, { additionalProperties: false })
export type LogPage = Static<typeof LogPageSchema>

export const LogsQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SAFE_INTEGER })),
  cursor: Type.Optional(Type.String()),
  page: Type.Optional(Type.String()),
  user: Type.Optional(Type.String()),
  action: Type.Optional(Type.String()),
  operation: Type.Optional(OperationSchema),
  dateFrom: Type.Optional(Type.String()),
  dateTo: Type.Optional(Type.String())
})
export type LogsQuery = Static<typeof LogsQuerySchema>
