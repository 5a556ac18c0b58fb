// Workspace schemas.
import { Type, type Static } from 'typebox'
import { DateTimeSchema, NullableSchema } from './common.js'

// An enum rather than a union of literals, so a bad role gets ajv's message that lists the allowed values.
export const RoleSchema = Type.Enum(['member', 'admin'])

export const WorkspacePreferencesSchema = Type.Object({
  disableAi: Type.Optional(Type.Boolean()),
  enableAutoSceneNaming: Type.Optional(Type.Boolean()),
  disableEmailEditing: Type.Optional(Type.Boolean()),
  disableSceneSharing: Type.Optional(Type.Boolean()),
  userApiKeysEnabled: Type.Optional(Type.Boolean())
}, { additionalProperties: false })

export const WorkspaceSchema = Type.Object({
  id: Type.String(),
  users: Type.Array(Type.String()),
  roles: Type.Record(Type.String(), RoleSchema),
  name: Type.String(),
  created: DateTimeSchema,
  picture: NullableSchema(Type.String({ format: 'uri' })),
  subscriptionStatus: Type.Enum(['payment_failed', 'active', 'canceled', 'trialing', 'overdue']),
  creator: NullableSchema(Type.String()),
  updater: NullableSchema(Type.String()),
  apiVersion: Type.Optional(Type.String()),
  willCancelAt: NullableSchema(DateTimeSchema),
  blockedUsers: Type.Optional(Type.Array(Type.String())),
  type: Type.Optional(Type.Union([Type.Null(), Type.Literal(1), Type.Literal(2)])),
  preferences: Type.Optional(WorkspacePreferencesSchema),
  flags: Type.Optional(Type.Number()),
  isDeleted: Type.Optional(Type.Boolean()),
  deletedAt: Type.Optional(Type.Number())
}, { additionalProperties: false })
export type Workspace = Static<typeof WorkspaceSchema>

export const UpdateWorkspaceBodySchema = Type.Object({
  name: Type.Optional(Type.String()),
  picture: Type.Optional(NullableSchema(Type.String({ format: 'uri' })))
}, { additionalProperties: false })
export type UpdateWorkspaceBody = Static<typeof UpdateWorkspaceBodySchema>
