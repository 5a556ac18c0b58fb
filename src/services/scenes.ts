// Scene metadata: list (by collection or all), get, create with empty content, move/rename/pin,
// soft delete; each write audited. And two harness reads for the demo page: the trash, a private scene's owner.
import { fail } from '../errors.js'
import type { Page, PaginationQuery } from '../schemas/common.js'
import type { SceneRecord } from '../schemas/scenes.js'
import type { WorkspaceUser } from '../schemas/users.js'
import { callerUserId, pageOf, recordAudit, viewerOf, type OpContext } from './context.js'
import { PRIVATE_COLLECTION_ID, resolveCollection } from './collections.js'
import { emptyContent } from '../content/index.js'
import { newSceneMetadata } from './scene-records.js'

export interface SceneRef { sceneId: string }
export interface SceneDraft { name: string, pinned: boolean, collectionId: string }
export interface ScenePatch { name?: string, pinned?: boolean, collectionId?: string }

const ownerIdFor = (ctx: OpContext, collectionId: string): string | null =>
  collectionId === PRIVATE_COLLECTION_ID ? callerUserId(ctx.caller) : null

/**
 * GET /scenes and GET /collections/{id}/scenes: the scenes the caller sees, optionally of one collection.
 * An unknown collection is a 404, `private` with a workspace key a 403, as on the collection routes.
 */
export function list (ctx: OpContext, { collectionId, ...page }: PaginationQuery & { collectionId?: string }): Page<SceneRecord> {
  const resolved = collectionId === undefined ? undefined : resolveCollection(ctx, collectionId).id
  return ctx.stores.scenes.list(ctx.caller.workspaceId, viewerOf(ctx.caller), { collectionId: resolved }, pageOf(ctx, page))
}

/** POST /scenes and POST /collections/{id}/scenes: a scene with empty content in the named collection. */
export function create (ctx: OpContext, draft: SceneDraft): SceneRecord {
  const collectionId = resolveCollection(ctx, draft.collectionId).id
  const content = emptyContent()
  const metadata = newSceneMetadata({
    id: ctx.ids.shortId(),
    workspaceId: ctx.caller.workspaceId,
    name: draft.name,
    pinned: draft.pinned,
    collectionId,
    creatorId: callerUserId(ctx.caller),
    createdIso: ctx.clock.nowIso(),
    content
  })
  const record: SceneRecord = { metadata, readOnlyLinks: [], sharedSlidesLinks: [] }
  return ctx.stores.transaction(() => {
    ctx.stores.scenes.insert(ctx.caller.workspaceId, record, ownerIdFor(ctx, collectionId))
    ctx.stores.sceneContent.put(ctx.caller.workspaceId, metadata.id, content)
    recordAudit(ctx, { action: 'scene', operation: 'create', details: { sceneId: metadata.id, name: metadata.name, collectionId: metadata.collection } })
    return record
  })
}

/** A scene the caller can see, or 404 (other workspaces' and others' private scenes included). */
export function get (ctx: OpContext, { sceneId }: SceneRef): SceneRecord {
  const scene = ctx.stores.scenes.get(ctx.caller.workspaceId, sceneId, viewerOf(ctx.caller))
  if (!scene) fail('EMU_NOT_FOUND', 'Scene', sceneId)
  return scene
}

/** The caller's workspace's trash, private scenes included: the harness's view only (the API answers 404 for them). */
export function listTrashed (ctx: OpContext): SceneRecord[] {
  if (ctx.caller.seesPrivate !== true) throw new Error('the trash is the harness\'s view: no API caller lists it')
  return ctx.stores.scenes.listTrashed(ctx.caller.workspaceId)
}

/** The member a private scene (live or trashed) belongs to; null for a shared scene or an owner who left. */
export function privateOwner (ctx: OpContext, { sceneId }: SceneRef): WorkspaceUser | null {
  const ownerId = ctx.stores.scenes.ownerOf(ctx.caller.workspaceId, sceneId)
  return ownerId === null ? null : ctx.stores.users.get(ctx.caller.workspaceId, ownerId) ?? null
}

/** PATCH /scenes/{id}: rename, pin, or move to another collection; contentEpoch never changes here. */
export function update (ctx: OpContext, { sceneId, patch }: SceneRef & { patch: ScenePatch }): SceneRecord {
  const scene = get(ctx, { sceneId })
  const target = patch.collectionId === undefined
    ? scene.metadata.collection
    : resolveCollection(ctx, patch.collectionId).id
  const changed = Object.entries(patch).filter(([field, value]) =>
    field === 'collectionId' ? target !== scene.metadata.collection : scene.metadata[field as 'name' | 'pinned'] !== value)
  // INFER: an empty or no-op PATCH is schema-valid and answers the scene unchanged.
  if (changed.length === 0) return scene
  const metadata = {
    ...scene.metadata,
    name: patch.name ?? scene.metadata.name,
    pinned: patch.pinned ?? scene.metadata.pinned,
    collection: target,
    isPrivate: target === PRIVATE_COLLECTION_ID,
    updated: ctx.clock.nowIso(),
    updater: callerUserId(ctx.caller)
  }
  return ctx.stores.transaction(() => {
    ctx.stores.scenes.replaceMetadata(ctx.caller.workspaceId, metadata, ownerIdFor(ctx, target))
    const action = changed.some(([field]) => field === 'collectionId') ? 'scene:collection' : 'scene'
    recordAudit(ctx, { action, operation: 'update', details: { sceneId, changes: Object.fromEntries(changed) } })
    return { ...scene, metadata }
  })
}

/** DELETE /scenes/{id}: to the trash; the scene leaves lists and answers 404 afterwards. */
export function remove (ctx: OpContext, { sceneId }: SceneRef): Record<string, never> {
  const scene = get(ctx, { sceneId })
  return ctx.stores.transaction(() => {
    ctx.stores.scenes.softDelete(ctx.caller.workspaceId, sceneId, ctx.clock.now())
    recordAudit(ctx, { action: 'scene', operation: 'delete', details: { sceneId, name: scene.metadata.name } })
    return {}
  })
}
