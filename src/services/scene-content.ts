// Scene content: get (with filesFailedToEmbed), put (replace), patch (merge).
// Each write stores the content, the scene metadata that follows it and an audit entry in one transaction. The
// routes' answers are JSON text built around the stored elements text (content/served.ts), so a large drawing is
// stringified once per write and never parsed to be read.
import type { FileRecord, PatchSceneContentBody, PutSceneContentBody, SceneContent } from '../schemas/scene-content.js'
import type { SceneMetadata, SceneRecord } from '../schemas/scenes.js'
import { callerUserId, recordAudit, type OpContext } from './context.js'
import { emptyContent, mergeContent, replaceContent, type StoredContent } from '../content/index.js'
import { elementsText, servedContentText } from '../content/served.js'
import { boundTombstones } from '../content/tombstones.js'
import { identityOfText, type SceneIdentity } from '../lib/scene-identity.js'
import { withContentCounters } from './scene-records.js'
import type { StoredSceneText } from '../store/scene-content-store.js'
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
  return withContent(ctx, getScene(ctx, { sceneId }))
}

function withContent (ctx: OpContext, scene: SceneRecord): LoadedScene {
  const stored = ctx.stores.sceneContent.get(ctx.caller.workspaceId, scene.metadata.id)
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
 * What GET embeds: unavailable files are left out of `files` and listed in `failed`, in the order the scene holds
 * them; the answer omits `filesFailedToEmbed` when every file was embedded (reference description).
 */
function embedded (stored: Record<string, FileRecord>, unavailableFiles: string[]): { files: Record<string, FileRecord>, failed?: string[] } {
  if (unavailableFiles.length === 0) return { files: stored }
  const unavailable = new Set(unavailableFiles)
  const files: Record<string, FileRecord> = {}
  const failed: string[] = []
  for (const [id, record] of Object.entries(stored)) {
    if (unavailable.has(id)) failed.push(id)
    else files[id] = record
  }
  return failed.length === 0 ? { files } : { files, failed }
}

/** GET, as a document (MCP tools and the demo page read the elements). */
export function get (ctx: OpContext, { sceneId }: SceneRef): SceneContent {
  return documentOf(ctx, getScene(ctx, { sceneId }))
}

/** The document GET would answer for a scene record already found: the demo page reads trashed scenes this way. */
export function documentOf (ctx: OpContext, record: SceneRecord): SceneContent {
  const { scene, content, unavailableFiles } = withContent(ctx, record)
  const { files, failed } = embedded(content.files, unavailableFiles)
  const document = toDocument(content, scene.metadata.sceneVersion, files)
  return failed === undefined ? document : { ...document, filesFailedToEmbed: failed }
}

/** The identity of the drawing `get` answers (lib/scene-identity.ts): the page and take_screenshot key pictures by it. */
export function identity (ctx: OpContext, { sceneId }: SceneRef): SceneIdentity {
  return identityOf(ctx, getScene(ctx, { sceneId }))
}

/**
 * The identity of the drawing `documentOf` answers for a scene record already found, hashed from the stored elements
 * text (never parsed nor stringified) and kept in the read cache until the next write of any row: every content
 * write, reset and snapshot restore is one, so a kept identity is always its row's (store/read-cache.ts).
 */
export function identityOf (ctx: OpContext, record: SceneRecord): SceneIdentity {
  const { workspaceId } = ctx.caller
  return ctx.stores.readCache.get('scene drawing identity', [workspaceId, record.metadata.id], () => {
    const { head, elementsJson, unavailableFiles } = ctx.stores.sceneContent.getText(workspaceId, record.metadata.id) ?? emptyText()
    // What documentOf's files are: unavailable ones are not drawn.
    const { files } = embedded(head.files, unavailableFiles)
    return identityOfText({ elementsJson, background: head.appState.viewBackgroundColor, files })
  })
}

/** A scene without a content row reads as a new scene's content (every scene gets one when created or seeded). */
function emptyText (): StoredSceneText {
  const { elements, ...head } = emptyContent()
  return { head, elementsJson: elementsText(elements), unavailableFiles: [] }
}

/** GET, as the JSON text the route serves: the stored elements text is served as it is, never parsed. */
export function getText (ctx: OpContext, { sceneId }: SceneRef): string {
  const scene = getScene(ctx, { sceneId })
  const { head, elementsJson, unavailableFiles } = ctx.stores.sceneContent.getText(ctx.caller.workspaceId, sceneId) ?? emptyText()
  const { files, failed } = embedded(head.files, unavailableFiles)
  return servedContentText({ head, elementsJson, sceneVersion: scene.metadata.sceneVersion, files, filesFailedToEmbed: failed })
}

/** PUT: authoritative replacement; contentEpoch +1 even when nothing changed [LIVE]. Answers the JSON text served. */
export function put (ctx: OpContext, { sceneId, body }: SceneRef & { body: PutSceneContentBody }): string {
  // A replacement never reads what it replaces: only the scene (visible to the caller, else 404) is loaded.
  const scene = getScene(ctx, { sceneId })
  const content = replaceContent(body, ctx.ids, ctx.compat)
  // INFER: PUT files are authoritative (a referenced file missing from them is a 400), so every file the
  // scene keeps afterwards was just sent with its data: nothing stays unavailable.
  return commit(ctx, scene, {
    mode: 'replace', content, unavailableFiles: [], elementsSent: content.elements.length, filesSent: Object.keys(content.files).length
  })
}

/** PATCH: server-side merge; contentEpoch unchanged [LIVE]. Answers the JSON text served. */
export function patch (ctx: OpContext, { sceneId, body }: SceneRef & { body: PatchSceneContentBody }): string {
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

/** Metadata after a content write (how the real counters beyond contentEpoch move is not published). */
function metadataAfter (ctx: OpContext, previous: SceneMetadata, write: ContentWrite): SceneMetadata {
  return withContentCounters({
    ...previous,
    updated: ctx.clock.nowIso(),
    updater: callerUserId(ctx.caller),
    // INFER: every successful content write counts as one update, PUT and PATCH alike.
    updateCount: previous.updateCount + 1,
    contentEpoch: previous.contentEpoch + (write.mode === 'replace' ? 1 : 0)
    // INFER: revisionCount and lastRevision stay as they are: revisions are the editor's history snapshots,
    // which the API neither creates nor exposes (the API has no versioning endpoints).
  }, write.content)
}

/**
 * The responses of PUT and PATCH never carry filesFailedToEmbed. INFER: they answer with
 * the document just stored, so a file that is still unavailable to GET is in their `files`.
 */
function commit (ctx: OpContext, scene: SceneRecord, sent: ContentWrite): string {
  // The scene keeps at most the configured tombstones: the oldest unreferenced ones go (content/tombstones.ts).
  const elements = boundTombstones(sent.content.elements, ctx.stores.sceneContent.sceneTombstonesMax)
  const write = elements === sent.content.elements ? sent : { ...sent, content: { ...sent.content, elements } }
  const metadata = metadataAfter(ctx, scene.metadata, write)
  const { totalElements, deletedElements, contentEpoch, sceneVersion } = metadata
  // Stringified once: the stored text is also the answer's.
  const elementsJson = elementsText(write.content.elements)
  return ctx.stores.transaction(() => {
    ctx.stores.sceneContent.put(ctx.caller.workspaceId, metadata.id, write.content, write.unavailableFiles, elementsJson)
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
    return servedContentText({ head: write.content, elementsJson, sceneVersion, files: write.content.files })
  })
}
