// Scene content (catalogue §5, §7.6): get (with filesFailedToEmbed), put (replace), patch (merge).
// Each write stores the content, the scene metadata that follows it and an audit entry in one transaction.
import type { FileRecord, PatchSceneContentBody, PutSceneContentBody, SceneContent } from '../schemas/scene-content.js'
import type { SceneMetadata, SceneRecord } from '../schemas/scenes.js'
import { callerUserId, recordAudit, type OpContext } from './context.js'
import { emptyContent, mergeContent, replaceContent, type StoredContent } from '../content/index.js'
import { withContentCounters } from './scene-records.js'
import { get as getScene, type SceneRef } from './scenes.js'

interface LoadedScene {
  scene: SceneRecord
  content: StoredContent
  /** File ids whose data cannot be served (fixtures' `unavailableFiles`). */
  unavailableFiles: string[]
}

interface ContentWrite {
  mode: 'replace' | 'merge'
  content: StoredContent
  unavailableFiles: string[]
  elementsSent: number
  filesSent: number
}

/** The scene (404 unless visible to the caller) with its stored content. */
function loadScene (ctx: OpContext, sceneId: string): LoadedScene {
  const scene = getScene(ctx, { sceneId })
  const stored = ctx.stores.sceneContent.get(ctx.caller.workspaceId, sceneId)
  // Every scene gets a content row when created or seeded; a missing one reads as a new scene's content.
  if (stored === undefined) return { scene, content: emptyContent(), unavailableFiles: [] }
  return { scene, content: stored.content as StoredContent, unavailableFiles: stored.unavailableFiles }
}

/** The response document: the stored content in the reference's key order, with the scene's sceneVersion. */
function toDocument (content: StoredContent, sceneVersion: string, files: Record<string, FileRecord>): SceneContent {
  const { type, version, source, appState, elements } = content
  return { type, version, source, appState, elements, sceneVersion, files }
}

/**
 * GET: unavailable files are left out of `files` and listed in `filesFailedToEmbed`, in the order the
 * scene holds them; the key is omitted when every file was embedded (reference description).
 */
export function get (ctx: OpContext, { sceneId }: SceneRef): SceneContent {
  const { scene, content, unavailableFiles } = loadScene(ctx, sceneId)
  const unavailable = new Set(unavailableFiles)
  const files: Record<string, FileRecord> = {}
  const failed: string[] = []
  for (const [id, record] of Object.entries(content.files)) {
    if (unavailable.has(id)) failed.push(id)
    else files[id] = record
  }
  const document = toDocument(content, scene.metadata.sceneVersion, files)
  return failed.length === 0 ? document : { ...document, filesFailedToEmbed: failed }
}

/** PUT: authoritative replacement; contentEpoch +1 even when nothing changed [LIVE]. */
export function put (ctx: OpContext, { sceneId, body }: SceneRef & { body: PutSceneContentBody }): SceneContent {
  // A replacement never reads what it replaces: only the scene (visible to the caller, else 404) is loaded.
  const scene = getScene(ctx, { sceneId })
  const content = replaceContent(body, ctx.ids, ctx.compat)
  // INFER: PUT files are authoritative (a referenced file missing from them is a 400), so every file the
  // scene keeps afterwards was just sent with its data: nothing stays unavailable.
  return commit(ctx, scene, {
    mode: 'replace', content, unavailableFiles: [], elementsSent: content.elements.length, filesSent: Object.keys(content.files).length
  })
}

/** PATCH: server-side merge; contentEpoch unchanged [LIVE]. */
export function patch (ctx: OpContext, { sceneId, body }: SceneRef & { body: PatchSceneContentBody }): SceneContent {
  const loaded = loadScene(ctx, sceneId)
  const content = mergeContent(loaded.content, body, ctx.ids, ctx.compat)
  // INFER: a file re-sent with its data becomes servable; files not sent keep their state.
  const resent = new Set(Object.keys(body.files ?? {}))
  return commit(ctx, loaded.scene, {
    mode: 'merge',
    content,
    unavailableFiles: loaded.unavailableFiles.filter((id) => !resent.has(id)),
    elementsSent: Array.isArray(body.elements) ? body.elements.length : 0,
    filesSent: resent.size
  })
}

/** Metadata after a content write (catalogue §7.6; the rules beyond contentEpoch are unknown upstream). */
function metadataAfter (ctx: OpContext, previous: SceneMetadata, write: ContentWrite): SceneMetadata {
  return withContentCounters({
    ...previous,
    updated: ctx.clock.nowIso(),
    updater: callerUserId(ctx.caller),
    // INFER: every successful content write counts as one update, PUT and PATCH alike.
    updateCount: previous.updateCount + 1,
    contentEpoch: previous.contentEpoch + (write.mode === 'replace' ? 1 : 0)
    // INFER: revisionCount and lastRevision stay as they are: revisions are the editor's history snapshots,
    // which the API neither creates nor exposes (catalogue §9: no versioning endpoints).
  }, write.content)
}

/**
 * The responses of PUT and PATCH never carry filesFailedToEmbed (catalogue §2.3). INFER: they answer with
 * the document just stored, so a file that is still unavailable to GET is in their `files`.
 */
function commit (ctx: OpContext, scene: SceneRecord, write: ContentWrite): SceneContent {
  const metadata = metadataAfter(ctx, scene.metadata, write)
  const { totalElements, deletedElements, contentEpoch, sceneVersion } = metadata
  return ctx.stores.transaction(() => {
    ctx.stores.sceneContent.put(ctx.caller.workspaceId, metadata.id, write.content, write.unavailableFiles)
    // Only the owner's personal key sees a private scene, so the caller is its owner.
    ctx.stores.scenes.replaceMetadata(ctx.caller.workspaceId, metadata, callerUserId(ctx.caller))
    recordAudit(ctx, {
      action: 'scene',
      operation: 'update',
      details: {
        sceneId: metadata.id,
        mode: write.mode,
        elementsSent: write.elementsSent,
        filesSent: write.filesSent,
        totalElements,
        deletedElements,
        sceneVersion,
        contentEpoch
      }
    })
    return toDocument(write.content, sceneVersion, write.content.files)
  })
}
