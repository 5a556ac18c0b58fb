// Workspace user schemas.
import { Type, type Static } from 'typebox'
import { DateTimeSchema, NullableSchema } from './common.js'
import { RoleSchema } from './workspaces.js'

/** The reference's email pattern, shared by users and email invites. */
export const EMAIL_PATTERN = "^(?!\\.)(?!.*\\.\\.)([A-Za-z0-9_'+\\-\\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$"

const enumOf = <const T extends readonly string[]>(values: T) => Type.Enum(values)

export const UserPreferencesSchema = Type.Object({
  ossAutoRedirect: Type.Optional(Type.Boolean()),
  sceneOrder: Type.Optional(enumOf(['manual', 'created', 'updated', 'name'])),
  initialRedirect: Type.Optional(enumOf(['dashboard', 'lastEditedScene', 'lastVisitedScene', 'privateCollection'])),
  hideDeprecatedFonts: Type.Optional(Type.Boolean()),
  enableAutoSceneNamingForPrivateCollections: Type.Optional(Type.Boolean()),
  blockCommentEmailNotifications: Type.Optional(Type.Boolean()),
  pushToTalkEnabled: Type.Optional(Type.Boolean()),
  theme: Type.Optional(enumOf(['light', 'dark', 'system'])),
  locale: Type.Optional(enumOf(['en', 'cs', 'de', 'es', 'fr', 'hu', 'it', 'ja', 'nl', 'pl', 'pt', 'ru'])),
  localeSuggestionDismissed: Type.Optional(Type.Boolean())
}, { additionalProperties: false })

const UsageWindowsSchema = Type.Record(Type.String(), Type.Object({
  lastUsed: Type.Number(),
  firstUsed: Type.Number(),
  count: Type.Number()
}, { additionalProperties: false }))

export const WorkspaceUserSchema = Type.Object({
  isInitialized: Type.Optional(Type.Boolean()),
  created: DateTimeSchema,
  uid: Type.String(),
  id: Type.String(),
  picture: NullableSchema(Type.String({ format: 'uri' })),
  email: Type.String({ format: 'email', pattern: EMAIL_PATTERN }),
  name: Type.String(),
  updated: NullableSchema(DateTimeSchema),
  workspaceTeams: Type.Record(Type.String(), Type.Array(Type.String())),
  subscriptionStatus: Type.Optional(Type.String()),
  lastActive: Type.Optional(NullableSchema(DateTimeSchema)),
  lastActiveRefreshedAt: Type.Optional(DateTimeSchema),
  preferences: Type.Optional(UserPreferencesSchema),
  lastVisitedScenes: Type.Optional(Type.Array(Type.String())),
  lastEditedScenes: Type.Optional(Type.Array(Type.String())),
  rateLimits: Type.Optional(Type.Object({
    textToDiagram: Type.Optional(UsageWindowsSchema),
    diagramToCode: Type.Optional(UsageWindowsSchema),
    nameScene: Type.Optional(UsageWindowsSchema)
  }, { additionalProperties: false })),
  libraryVersion: Type.Optional(Type.Number()),
  role: RoleSchema
}, { additionalProperties: false })
export type WorkspaceUser = Static<typeof WorkspaceUserSchema>

export const UserParamsSchema = Type.Object({ userId: Type.String() })

export const UpdateUserBodySchema = Type.Object({
  name: Type.Optional(Type.String()),
  picture: Type.Optional(NullableSchema(Type.String({ format: 'uri' }))),
  workspaceTeams: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  preferences: Type.Optional(UserPreferencesSchema),
  role: Type.Optional(RoleSchema)
}, { additionalProperties: false })
export type UpdateUserBody = Static<typeof UpdateUserBodySchema>
