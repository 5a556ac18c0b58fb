// Invite schemas: email invites and link invites share one record.
import { Type, type Static } from 'typebox'
import { MAX_SAFE_INTEGER, NullableSchema } from './common.js'
import { RoleSchema } from './workspaces.js'
import { EMAIL_PATTERN } from './users.js'

export const MaxUsesSchema = Type.Union([
  Type.Integer({ exclusiveMinimum: 0, maximum: MAX_SAFE_INTEGER }),
  Type.Literal('unlimited')
])

export const InviteSchema = Type.Object({
  id: Type.String(),
  created: Type.String(),
  type: Type.Union([Type.Literal('link'), Type.Literal('email')]),
  status: Type.Union([Type.Literal('pending'), Type.Literal('redeemed'), Type.Literal('rejected')]),
  email: NullableSchema(Type.String()),
  role: RoleSchema,
  resolvedAt: NullableSchema(Type.String()),
  redeemedBy: NullableSchema(Type.String()),
  maxUses: Type.Optional(MaxUsesSchema),
  uses: Type.Optional(Type.Number()),
  restrictedDomains: Type.Optional(NullableSchema(Type.Array(Type.String())))
}, { additionalProperties: false })
export type Invite = Static<typeof InviteSchema>

export const InviteParamsSchema = Type.Object({ inviteId: Type.String() })

export const CreateEmailInviteBodySchema = Type.Object({
  role: RoleSchema,
  email: Type.String({ format: 'email', pattern: EMAIL_PATTERN })
}, { additionalProperties: false })

export const CreateLinkInviteBodySchema = Type.Object({
  role: RoleSchema,
  maxUses: Type.Optional(MaxUsesSchema),
  restrictedDomains: Type.Optional(NullableSchema(Type.Array(Type.String())))
}, { additionalProperties: false })

export const CreateInviteBodySchema = Type.Union([CreateEmailInviteBodySchema, CreateLinkInviteBodySchema])
export type CreateInviteBody = Static<typeof CreateInviteBodySchema>

export const UpdateInviteBodySchema = Type.Object({
  email: Type.Optional(NullableSchema(Type.String())),
  role: Type.Optional(RoleSchema),
  maxUses: Type.Optional(MaxUsesSchema),
  restrictedDomains: Type.Optional(NullableSchema(Type.Array(Type.String())))
}, { additionalProperties: false })
export type UpdateInviteBody = Static<typeof UpdateInviteBodySchema>
