// Scene metadata writes (catalogue §4): create with empty content, move/rename/pin, soft delete; each audited.
import { fail } from '../errors.js'
import type { SceneRecord } from '../schemas/scenes.js'
import { recordAudit, type AuditActor, type AuditDeps } from './audit.js'
import { PRIVATE_COLLECTION_ID, resolveCollection } from './collection-access.js'
import { emptyContent } from '../content/index.js'
import { newSceneMetadata } from './scene-records.js'

export interface SceneDraft { name: string, pinned: boolean, collectionId: string }
export interface ScenePatch { name?: string, pinned?: boolean, collectionId?: string }

const ownerOf = (actor: AuditActor, collectionId: string): string | null =>
  collectionId === PRIVATE_COLLECTION_ID ? actor.user?.id ?? null : null

/** Creates a scene with empty content in an already resolved collection. */
export function createScene (deps: AuditDeps, actor: AuditActor, draft: SceneDraft): SceneRecord {
  const content = emptyContent()
  const metadata = newSceneMetadata({
    id: deps.ids.shortId(),
    workspaceId: actor.workspaceId,
    name: draft.name,
    pinned: draft.pinned,
    collectionId: draft.collectionId,
    creatorId: actor.user?.id ?? null,
    createdIso: deps.clock.nowIso(),
    content
  })
  const record: SceneRecord = { metadata, readOnlyLinks: [], sharedSlidesLinks: [] }
  return deps.stores.transaction(() => {
    deps.stores.scenes.insert(actor.workspaceId, record, ownerOf(actor, draft.collectionId))
    deps.stores.sceneContent.put(actor.workspaceId, metadata.id, content)
    recordAudit(deps, actor, { action: 'scene', operation: 'create', details: { sceneId: metadata.id, name: metadata.name, collectionId: metadata.collection } })
    return record
  })
}

/** Reads a scene the caller can see, or answers 404 (other workspaces' and others' private scenes included). */
export function getVisibleScene (deps: AuditDeps, actor: AuditActor, sceneId: string): SceneRecord {
  const scene = deps.stores.scenes.get(actor.workspaceId, sceneId, { userId: actor.user?.id ?? null })
  if (!scene) fail('EMU_NOT_FOUND', 'Scene', sceneId)
  return scene
}

/** PATCH /scenes/{id}: rename, pin, or move to another collection; contentEpoch never changes here. */
export function updateScene (deps: AuditDeps, actor: AuditActor, sceneId: string, patch: ScenePatch): SceneRecord {
  const scene = getVisibleScene(deps, actor, sceneId)
  const target = patch.collectionId === undefined
    ? scene.metadata.collection
    : resolveCollection(deps.stores, actor, patch.collectionId).id
  const changed = Object.entries(patch).filter(([field, value]) =>
    field === 'collectionId' ? target !== scene.metadata.collection : scene.metadata[field as 'name' | 'pinned'] !== value)
  // INFER: an empty or no-op PATCH is schema-valid (catalogue §1.3) and answers the scene unchanged.
  if (changed.length === 0) return scene
  const metadata = {
    ...scene.metadata,
    name: patch.name ?? scene.metadata.name,
    pinned: patch.pinned ?? scene.metadata.pinned,
    collection: target,
    isPrivate: target === PRIVATE_COLLECTION_ID,
    updated: deps.clock.nowIso(),
    updater: actor.user?.id ?? null
  }
  return deps.stores.transaction(() => {
    deps.stores.scenes.replaceMetadata(actor.workspaceId, metadata, ownerOf(actor, target))
    const action = changed.some(([field]) => field === 'collectionId') ? 'scene:collection' : 'scene'
    recordAudit(deps, actor, { action, operation: 'update', details: { sceneId, changes: Object.fromEntries(changed) } })
    return { ...scene, metadata }
  })
}

/** DELETE /scenes/{id}: to the trash; the scene leaves lists and answers 404 afterwards. */
export function deleteScene (deps: AuditDeps, actor: AuditActor, sceneId: string): Record<string, never> {
  const scene = getVisibleScene(deps, actor, sceneId)
  return deps.stores.transaction(() => {
    deps.stores.scenes.softDelete(actor.workspaceId, sceneId, deps.clock.now())
    recordAudit(deps, actor, { action: 'scene', operation: 'delete', details: { sceneId, name: scene.metadata.name } })
    return {}
  })
}
