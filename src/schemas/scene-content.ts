// Scene content shapes of GET/PUT/PATCH /api/v1/scenes/{sceneId}/content,
// written from the reference OpenAPI. Element records themselves live in schemas/elements.ts.
import { Type, type Static, type TSchema } from 'typebox'

const SAFE_INTEGER_MAX = 9007199254740991
/** File ids: the key of `files` and `files[k].id`. */
export const FILE_ID_PATTERN = '^[A-Za-z0-9_-]{1,128}$'
export const DATA_URL_MAX_LENGTH = 20_971_520

/**
 * map<string, value> spelled as the reference spells it (propertyNames + additionalProperties);
 * Type.Record would emit patternProperties instead, which validates the same but reads differently in OpenAPI.
 */
function StringMap<T extends TSchema> (value: T) {
  return Type.Unsafe<Record<string, Static<T>>>(
    Type.Object({}, { propertyNames: Type.String(), additionalProperties: value })
  )
}

/** A string restricted to listed values, spelled `{type: string, enum}` as in the reference. */
function StringEnum<const V extends readonly string[]> (values: V) {
  return Type.Unsafe<V[number]>(Type.String({ enum: [...values] }))
}

const PositiveSafeInteger = () => Type.Integer({ exclusiveMinimum: 0, maximum: SAFE_INTEGER_MAX })

export const FileRecordSchema = Type.Object({
  mimeType: Type.String(),
  id: Type.String({ pattern: FILE_ID_PATTERN }),
  created: PositiveSafeInteger(),
  lastRetrieved: Type.Optional(PositiveSafeInteger()),
  version: Type.Optional(PositiveSafeInteger()),
  dataURL: Type.String({ maxLength: DATA_URL_MAX_LENGTH })
}, { additionalProperties: false })
export type FileRecord = Static<typeof FileRecordSchema>

export const FilesMapSchema = StringMap(FileRecordSchema)

/** Values of lockedMultiSelections may only be `true` (`{type: boolean, enum: [true]}` upstream). */
export const LockedMultiSelectionsSchema = StringMap(Type.Unsafe<true>(Type.Boolean({ enum: [true] })))

const storedAppStateProperties = {
  viewBackgroundColor: Type.String(),
  lockedMultiSelections: Type.Optional(LockedMultiSelectionsSchema)
}

/** The only app state the service keeps. */
export const StoredAppStateSchema = Type.Object(storedAppStateProperties, { additionalProperties: false })
export type StoredAppState = Static<typeof StoredAppStateSchema>

/** PATCH app state: the same two keys, both optional, nothing else (grid keys → 400, as the reference document closes it). */
export const PatchAppStateSchema = Type.Object({
  viewBackgroundColor: Type.Optional(Type.String()),
  lockedMultiSelections: Type.Optional(LockedMultiSelectionsSchema)
}, { additionalProperties: false })
export type PatchAppState = Static<typeof PatchAppStateSchema>

const FilesFailedToEmbedSchema = Type.Array(Type.String(), {
  description: 'Ids of referenced files that could not be embedded in this response. Accepted and ignored on writes.'
})

const sceneContentProperties = {
  type: StringEnum(['excalidraw']),
  version: Type.Number(),
  source: Type.String(),
  appState: Type.Object(storedAppStateProperties, { additionalProperties: false, readOnly: true }),
  // Items are `{}` upstream: elements are serialized exactly as stored, unknown fields included.
  elements: Type.Array(Type.Unknown(), { readOnly: true }),
  sceneVersion: Type.String(),
  files: FilesMapSchema
}

/** 200 body of GET content: `filesFailedToEmbed` lists the files that could not be embedded, when any. */
export const SceneContentSchema = Type.Object({
  ...sceneContentProperties,
  filesFailedToEmbed: Type.Optional(FilesFailedToEmbedSchema)
}, { additionalProperties: false })
export type SceneContent = Static<typeof SceneContentSchema>

/** 200 body of PUT and PATCH content: the reference declares no `filesFailedToEmbed` there. */
export const WrittenSceneContentSchema = Type.Object(sceneContentProperties, { additionalProperties: false })

/**
 * PUT body: closed root; `appState` and `elements` are `{}` upstream, so the service layer validates them
 * (services/scene-content.ts). `sceneVersion` and `filesFailedToEmbed` are accepted and ignored.
 */
export const PutSceneContentBodySchema = Type.Object({
  type: StringEnum(['excalidraw']),
  version: Type.Number(),
  source: Type.String(),
  appState: Type.Unknown(),
  elements: Type.Unknown(),
  sceneVersion: Type.Optional(Type.String()),
  files: FilesMapSchema,
  filesFailedToEmbed: Type.Optional(FilesFailedToEmbedSchema)
}, { additionalProperties: false })
export type PutSceneContentBody = Static<typeof PutSceneContentBodySchema>

/** PATCH body: closed root, every key optional; "at least one of elements/appState/files" is a service rule. */
export const PatchSceneContentBodySchema = Type.Object({
  elements: Type.Optional(Type.Unknown()),
  appState: Type.Optional(PatchAppStateSchema),
  files: Type.Optional(FilesMapSchema),
  filesFailedToEmbed: Type.Optional(FilesFailedToEmbedSchema)
}, { additionalProperties: false })
export type PatchSceneContentBody = Static<typeof PatchSceneContentBodySchema>
