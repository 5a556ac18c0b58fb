// Collection schemas.
import { Type, type Static } from 'typebox'
import { DateTimeSchema, NullableSchema } from './common.js'

export const EmojiSchema = Type.Object({
  id: Type.String(),
  native: Type.String(),
  unified: Type.String()
}, { additionalProperties: false })

export const CollectionSchema = Type.Object({
  id: Type.String(),
  isDefault: Type.Optional(Type.Boolean()),
  workspace: Type.String(),
  creator: NullableSchema(Type.String()),
  updater: Type.Optional(NullableSchema(Type.String())),
  teams: NullableSchema(Type.Array(Type.String())),
  created: DateTimeSchema,
  sortOrder: Type.Optional(NullableSchema(Type.String())),
  name: Type.String(),
  updated: NullableSchema(DateTimeSchema),
  isDeleted: Type.Optional(Type.Boolean()),
  emoji: Type.Optional(NullableSchema(EmojiSchema)),
  deletedAt: Type.Optional(Type.Number())
}, { additionalProperties: false })
export type Collection = Static<typeof CollectionSchema>

export const CollectionParamsSchema = Type.Object({
  collectionId: Type.String()
})

// The reference publishes no minLength for collection names, so an empty name is allowed, as the service allows it.
export const CreateCollectionBodySchema = Type.Object({
  name: Type.String()
}, { additionalProperties: false })
export type CreateCollectionBody = Static<typeof CreateCollectionBodySchema>

/** PATCH requires `name` despite the verb. */
export const RenameCollectionBodySchema = CreateCollectionBodySchema
