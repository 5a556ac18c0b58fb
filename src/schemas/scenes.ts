// Scene record schemas: metadata plus read-only and slides links.
import { Type, type Static } from 'typebox'
import { MAX_SAFE_INTEGER, NullableSchema, PaginationQuerySchema } from './common.js'

export const SceneMetadataSchema = Type.Object({
  workspace: Type.String(),
  name: Type.String({ minLength: 1 }),
  isUntitled: Type.Optional(Type.Boolean()),
  created: Type.String(),
  updated: NullableSchema(Type.String()),
  previewUrl: NullableSchema(Type.String({ pattern: '^(?!.*\\.(html|js|php|css|exe)$).*' })),
  previewFilename: NullableSchema(Type.String()),
  previewBackground: Type.String(),
  isDeleted: Type.Boolean(),
  isPrivate: Type.Boolean(),
  creator: NullableSchema(Type.String()),
  updater: NullableSchema(Type.String()),
  sceneVersion: Type.String(),
  contentEpoch: Type.Integer({ minimum: 0, maximum: MAX_SAFE_INTEGER, default: 0 }),
  lastAcknowledgedVersion: Type.Optional(Type.Integer({ minimum: -MAX_SAFE_INTEGER, maximum: MAX_SAFE_INTEGER })),
  linkSharing: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(3)]),
  readComments: Type.Optional(Type.Boolean()),
  writeComments: Type.Optional(Type.Boolean()),
  allowCalls: Type.Optional(Type.Boolean()),
  collection: Type.String(),
  updateCount: Type.Number(),
  revisionCount: Type.Number(),
  lastRevision: NullableSchema(Type.String()),
  totalElements: Type.Number(),
  deletedElements: Type.Number(),
  pinned: Type.Boolean(),
  hasNonDeletedFrames: Type.Optional(Type.Boolean()),
  isSlidesSharingEnabled: Type.Optional(Type.Boolean()),
  isWelcomeScene: Type.Optional(Type.Boolean()),
  id: Type.String()
}, { additionalProperties: false })
export type SceneMetadata = Static<typeof SceneMetadataSchema>

const linkCommon = {
  id: Type.String(),
  scene: Type.String(),
  workspace: Type.String(),
  created: Type.String(),
  updated: Type.String(),
  updatedBy: NullableSchema(Type.String()),
  creator: Type.String(),
  preview: NullableSchema(Type.String()),
  previewPath: NullableSchema(Type.String())
}

export const ReadOnlyLinkSchema = Type.Object({
  ...linkCommon,
  type: Type.Literal('readonly'),
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]),
  name: NullableSchema(Type.String()),
  data: Type.Object({
    showTitle: Type.Optional(Type.Boolean()),
    showMenu: Type.Optional(Type.Boolean()),
    darkMode: Type.Optional(Type.Boolean()),
    disableInteraction: Type.Optional(Type.Boolean()),
    showDarkModeToggle: Type.Optional(Type.Boolean()),
    showFrameOutlines: Type.Optional(Type.Boolean()),
    x: Type.Number(),
    y: Type.Number(),
    width: Type.Number(),
    height: Type.Number()
  }, { additionalProperties: false })
}, { additionalProperties: false })
export type ReadOnlyLink = Static<typeof ReadOnlyLinkSchema>

export const SlidesLinkSchema = Type.Object({
  ...linkCommon,
  isActive: Type.Boolean(),
  type: Type.Literal('slides'),
  data: Type.Object({
    name: Type.String(),
    showSlideTitle: Type.Boolean(),
    animateSlides: Type.Boolean(),
    disallowDownload: Type.Optional(Type.Boolean()),
    autoPlaySlides: Type.Optional(Type.Number({ minimum: 0, maximum: 100 }))
  }, { additionalProperties: false })
}, { additionalProperties: false })
export type SlidesLink = Static<typeof SlidesLinkSchema>

export const SceneRecordSchema = Type.Object({
  metadata: SceneMetadataSchema,
  readOnlyLinks: Type.Array(ReadOnlyLinkSchema),
  sharedSlidesLinks: Type.Array(SlidesLinkSchema)
}, { additionalProperties: false })
export type SceneRecord = Static<typeof SceneRecordSchema>

export const SceneParamsSchema = Type.Object({ sceneId: Type.String() })

export const ListScenesQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  collectionId: Type.Optional(Type.String({ minLength: 1 }))
})

export const CreateSceneBodySchema = Type.Object({
  name: Type.String({ minLength: 1 }),
  pinned: Type.Boolean(),
  collectionId: Type.String({ minLength: 1 })
}, { additionalProperties: false })

export const CreateCollectionSceneBodySchema = Type.Object({
  name: Type.String({ minLength: 1 }),
  pinned: Type.Boolean()
}, { additionalProperties: false })

export const UpdateSceneBodySchema = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1 })),
  pinned: Type.Optional(Type.Boolean()),
  collectionId: Type.Optional(Type.String({ minLength: 1 }))
}, { additionalProperties: false })
