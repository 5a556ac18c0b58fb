// Schemas of the control API under /_emulator only: workspaces, keys, reset, snapshots, clock.
// Admin errors share the public envelope; 401 is declared everywhere because EMULATOR_ADMIN_TOKEN may be set.
import { Type, type Static, type TSchema } from 'typebox'
import { DateTimeSchema, NullableSchema, errorEnvelope } from './common.js'
import { WorkspaceUserSchema } from './users.js'
import { InviteSchema } from './invites.js'
import { CompatSchema, PartialCompatSchema } from '../config/compat-schema.js'

/** The optional-body route-schema key, under the name the admin modules use (see schemas/common.ts). */

export const ConflictSchema = Type.Object({
  statusCode: Type.Number({ enum: [409] }),
  error: Type.String({ enum: ['Conflict'] }),
  message: Type.String()
}, { additionalProperties: false })

const ADMIN_ERRORS: Record<number, TSchema> = {
  400: errorEnvelope(400, 'Bad Request'),
  401: errorEnvelope(401, 'Unauthorized'),
  404: errorEnvelope(404, 'Not Found'),
  409: ConflictSchema
}

/** The response map of an admin route: its 200 schema, 401 (admin token) and the given error statuses. */
export function adminResponses (ok: TSchema, ...errors: Array<400 | 404 | 409>): Record<number, TSchema> {
  const map: Record<number, TSchema> = { 200: ok, 401: ADMIN_ERRORS[401] }
  for (const status of errors) map[status] = ADMIN_ERRORS[status]
  return map
}

/** Epoch milliseconds or an ISO-8601 date-time, accepted wherever the admin API takes a moment. */
export const MomentSchema = Type.Union([
  // Any ISO-8601 date-time, offsets included: the admin API is the emulator's own, not the reference's.
  Type.String({ format: 'date-time' }),
  Type.Integer({ minimum: 0, maximum: 8.64e15 })
])
export type Moment = Static<typeof MomentSchema>

/** A Moment (already validated by its schema) as epoch milliseconds. */
export const momentToMs = (moment: Moment): number => (typeof moment === 'number' ? moment : Date.parse(moment))

// -- workspaces --

export const WorkspaceRefSchema = Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: false })

export const CreateWorkspaceBodySchema = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  fixtures: Type.Optional(Type.Enum(['demo', 'empty'])),
  /** This workspace's own values of some compatibility switches; the others follow the global settings. */
  compat: Type.Optional(PartialCompatSchema)
}, { additionalProperties: false })
export type CreateWorkspaceBody = Static<typeof CreateWorkspaceBodySchema>

export const ProvisionedKeysSchema = Type.Object({
  full: Type.String(),
  read: Type.String(),
  personal: Type.String()
}, { additionalProperties: false })

export const ProvisionedWorkspaceSchema = Type.Object({
  workspace: WorkspaceRefSchema,
  users: Type.Array(WorkspaceUserSchema),
  keys: ProvisionedKeysSchema,
  /** The compatibility switches the workspace runs under (its own values over the global ones). */
  compat: CompatSchema
}, { additionalProperties: false })
export type ProvisionedWorkspace = Static<typeof ProvisionedWorkspaceSchema>

export const WorkspaceIdParamsSchema = Type.Object({ id: Type.String({ minLength: 1 }) })

export const WorkspaceResetSchema = Type.Object({
  workspace: WorkspaceRefSchema,
  /** `fixtures` for a fixture workspace, `creation` for one made through POST /_emulator/workspaces. */
  restoredFrom: Type.Enum(['fixtures', 'creation'])
}, { additionalProperties: false })
export type WorkspaceReset = Static<typeof WorkspaceResetSchema>

export const ResetAllSchema = Type.Object({
  /** The fixture workspaces now present, in load order. */
  workspaces: Type.Array(Type.String()),
  /** The control parts (drift, faults, journal, clock...) returned to their start. */
  control: Type.Array(Type.String())
}, { additionalProperties: false })

// -- invites (the admin API plays the invited person) --

export const InviteIdParamsSchema = Type.Object({ inviteId: Type.String({ minLength: 1 }) })

export const AcceptInviteBodySchema = Type.Object({
  /** Required for a link invite; an email invite's own address when left out (it must match when given). */
  email: Type.Optional(Type.String({ format: 'email' })),
  /** The new user's name; the email's local part when left out. */
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 }))
}, { additionalProperties: false })
export type AcceptInviteBody = Static<typeof AcceptInviteBodySchema>

export const AcceptedInviteSchema = Type.Object({
  invite: InviteSchema,
  /** The workspace user the invite created, with the invite's role. */
  user: WorkspaceUserSchema
}, { additionalProperties: false })
export type AcceptedInvite = Static<typeof AcceptedInviteSchema>

export const RejectedInviteSchema = Type.Object({ invite: InviteSchema }, { additionalProperties: false })

// -- keys --

/** `METHOD /path` relative to /api/v1 with OpenAPI braces; `*` for any method (see api/v1/auth.ts). */
export const RouteRuleSchema = Type.String({ pattern: '^(\\*|GET|POST|PUT|PATCH|DELETE) /\\S*$' })

export const CreateKeyBodySchema = Type.Object({
  workspaceId: Type.String({ minLength: 1 }),
  permission: Type.Enum(['read', 'full']),
  kind: Type.Enum(['workspace', 'personal']),
  userId: Type.Optional(Type.String({ minLength: 1 })),
  routes: Type.Optional(NullableSchema(Type.Array(RouteRuleSchema))),
  expiresAt: Type.Optional(NullableSchema(MomentSchema)),
  label: Type.Optional(NullableSchema(Type.String({ maxLength: 200 })))
}, { additionalProperties: false })
/** The typed helpers' createKey options are checked against it (test/harness-client-helpers.test.ts). */
export type CreateKeyBody = Static<typeof CreateKeyBodySchema>

const adminKeyFields = {
  id: Type.String(),
  workspaceId: Type.String(),
  kind: Type.Enum(['workspace', 'personal']),
  permission: Type.Enum(['read', 'full']),
  userId: NullableSchema(Type.String()),
  routes: NullableSchema(Type.Array(Type.String())),
  expiresAt: NullableSchema(DateTimeSchema),
  revokedAt: NullableSchema(DateTimeSchema),
  createdAt: DateTimeSchema,
  label: NullableSchema(Type.String()),
  /** The first characters of the secret, to recognise a key; the secret itself is shown once, at creation. */
  hint: Type.String()
}

export const AdminKeySchema = Type.Object(adminKeyFields, { additionalProperties: false })
export type AdminKey = Static<typeof AdminKeySchema>

export const CreatedKeySchema = Type.Object({ ...adminKeyFields, key: Type.String() }, { additionalProperties: false })
export type CreatedKey = Static<typeof CreatedKeySchema>

export const ListKeysQuerySchema = Type.Object({ workspaceId: Type.String({ minLength: 1 }) }, { additionalProperties: false })
export const KeyListSchema = Type.Object({ data: Type.Array(AdminKeySchema) }, { additionalProperties: false })
export const KeyParamsSchema = Type.Object({ id: Type.String({ minLength: 1 }) })

// -- snapshots --

export const CreateSnapshotBodySchema = Type.Object({
  workspaceId: Type.Optional(Type.String({ minLength: 1 }))
}, { additionalProperties: false })

export const SnapshotSchema = Type.Object({
  id: Type.String(),
  /** null: the whole database. */
  workspaceId: NullableSchema(Type.String()),
  createdAt: DateTimeSchema,
  /** Rows held, a hint of the memory a snapshot takes. */
  rows: Type.Integer({ minimum: 0 })
}, { additionalProperties: false })
export type SnapshotSummary = Static<typeof SnapshotSchema>

export const SnapshotListSchema = Type.Object({ data: Type.Array(SnapshotSchema) }, { additionalProperties: false })
export const SnapshotParamsSchema = Type.Object({ id: Type.String({ minLength: 1 }) })

// -- clock --

export const SetClockBodySchema = Type.Object({
  now: Type.Optional(MomentSchema),
  advanceMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 8.64e15 }))
}, { additionalProperties: false })

export const ClockStateSchema = Type.Object({
  now: DateTimeSchema,
  epochMs: Type.Integer(),
  /** false: real time; true: frozen, moving only through the admin API. */
  virtual: Type.Boolean()
}, { additionalProperties: false })
export type ClockState = Static<typeof ClockStateSchema>
