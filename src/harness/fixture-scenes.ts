// Turns a fixture scene entry plus its `.excalidraw` file into a full scene record with agreeing counters.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Type, type Static } from 'typebox'
import { ReadOnlyLinkSchema, SceneMetadataSchema, SlidesLinkSchema, type SceneRecord } from '../schemas/scenes.js'
import { emptyContent, validateStoredContent, type StoredContent } from '../content/index.js'
import { newSceneMetadata, withContentCounters } from '../services/scene-records.js'

export class FixtureError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'FixtureError'
  }
}

export const FixtureSceneSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  name: Type.String({ minLength: 1 }),
  collection: Type.String({ minLength: 1 }),
  /** The user whose private collection holds the scene (only with collection "private"). */
  owner: Type.Optional(Type.String()),
  pinned: Type.Optional(Type.Boolean()),
  content: Type.Union([Type.String(), Type.Null()]),
  created: Type.String(),
  creator: Type.Union([Type.String(), Type.Null()]),
  /** Other metadata fields; counters and sceneVersion are always derived from the content instead. */
  metadata: Type.Optional(Type.Partial(SceneMetadataSchema)),
  readOnlyLinks: Type.Optional(Type.Array(Type.Omit(ReadOnlyLinkSchema, ['scene', 'workspace']))),
  sharedSlidesLinks: Type.Optional(Type.Array(Type.Omit(SlidesLinkSchema, ['scene', 'workspace']))),
  /** File ids whose data the emulator pretends it cannot serve (GET lists them in filesFailedToEmbed). */
  unavailableFiles: Type.Optional(Type.Array(Type.String()))
}, { additionalProperties: false })
export type FixtureSceneInput = Static<typeof FixtureSceneSchema>

export interface FixtureScene {
  record: SceneRecord
  ownerId: string | null
  content: StoredContent
  unavailableFiles: string[]
  /** The content file read, as found (null: the scene has none): boot keeps an image only of a set read from inside its folder. */
  contentFile: string | null
}

interface SceneContext {
  workspaceId: string
  dirs: string[]
  where: string
  /** false in a set the build verified: the content's shape checks are skipped. */
  checked: boolean
}

/** The file a content name names: the first of the scene's folders that holds it. */
function contentFileOf (name: string | null, { dirs, where }: SceneContext): string | null {
  if (name === null) return null
  const file = dirs.map((dir) => join(dir, name)).find((path) => existsSync(path))
  if (!file) throw new FixtureError(`${where}: content file "${name}" not found in ${dirs.join(' or ')}`)
  return file
}

function readContent (file: string | null, { checked }: SceneContext): StoredContent {
  if (file === null) return emptyContent()
  let content: StoredContent
  try {
    content = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new FixtureError(`${file} is not valid JSON: ${(error as Error).message}`)
  }
  if (!checked) return content
  try {
    validateStoredContent(content)
  } catch (error) {
    throw new FixtureError(`${file}: ${(error as Error).message}`)
  }
  return content
}

export function buildFixtureScene (input: FixtureSceneInput, context: SceneContext): FixtureScene {
  const contentFile = contentFileOf(input.content, context)
  const content = readContent(contentFile, context)
  const base = newSceneMetadata({
    id: input.id,
    workspaceId: context.workspaceId,
    name: input.name,
    pinned: input.pinned ?? false,
    collectionId: input.collection,
    creatorId: input.creator,
    createdIso: input.created,
    content
  })
  const metadata = withContentCounters({ ...base, ...input.metadata, id: input.id, workspace: context.workspaceId }, content)
  const link = { scene: input.id, workspace: context.workspaceId }
  return {
    record: {
      metadata,
      readOnlyLinks: (input.readOnlyLinks ?? []).map((l) => ({ ...l, ...link })),
      sharedSlidesLinks: (input.sharedSlidesLinks ?? []).map((l) => ({ ...l, ...link }))
    },
    ownerId: input.collection === 'private' ? input.owner ?? null : null,
    content,
    unavailableFiles: input.unavailableFiles ?? [],
    contentFile
  }
}
