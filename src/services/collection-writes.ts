// Collection writes (catalogue §3.2, §3.4, §3.5): create, rename, soft delete with its scenes; each audited.
import { fail } from '../errors.js'
import type { Collection } from '../schemas/collections.js'
import { recordAudit, type AuditActor, type AuditDeps } from './audit.js'
import { PRIVATE_COLLECTION_ID, resolveCollection } from './collection-access.js'

/** POST /collections always creates a regular shared collection. */
export function createCollection (deps: AuditDeps, actor: AuditActor, name: string): Collection {
  const now = deps.clock.nowIso()
  const collection: Collection = {
    id: deps.ids.shortId(),
    isDefault: false,
    workspace: actor.workspaceId,
    creator: actor.user?.id ?? null,
    updater: actor.user?.id ?? null,
    teams: null,
    created: now,
    sortOrder: null,
    name,
    updated: now,
    isDeleted: false,
    emoji: null
  }
  return deps.stores.transaction(() => {
    deps.stores.collections.insert(actor.workspaceId, collection)
    recordAudit(deps, actor, { action: 'collection', operation: 'create', details: { collectionId: collection.id, name } })
    return collection
  })
}

export function renameCollection (deps: AuditDeps, actor: AuditActor, collectionId: string, name: string): Collection {
  const current = resolveCollection(deps.stores, actor, collectionId)
  // INFER: the virtual private collection has no row to rename (third-party clients guard it too).
  if (current.id === PRIVATE_COLLECTION_ID) fail('EMU_BAD_REQUEST', 'The private collection cannot be renamed')
  const renamed: Collection = { ...current, name, updated: deps.clock.nowIso(), updater: actor.user?.id ?? null }
  return deps.stores.transaction(() => {
    deps.stores.collections.replace(actor.workspaceId, renamed)
    recordAudit(deps, actor, { action: 'collection', operation: 'update', details: { collectionId, name, previousName: current.name } })
    return renamed
  })
}

export function deleteCollection (deps: AuditDeps, actor: AuditActor, collectionId: string): Record<string, never> {
  const current = resolveCollection(deps.stores, actor, collectionId)
  if (current.id === PRIVATE_COLLECTION_ID) fail('EMU_BAD_REQUEST', 'The private collection cannot be deleted')
  // INFER: the workspace needs a default collection for new scenes, so it cannot go to the trash.
  if (current.isDefault === true) fail('EMU_BAD_REQUEST', 'The default collection cannot be deleted')
  return deps.stores.transaction(() => {
    const at = deps.clock.now()
    deps.stores.collections.softDelete(actor.workspaceId, current, at)
    // INFER: the official CLI documents "soft-delete a collection and every scene in it" (the MCP tool text
    // disagrees); trashing the scenes too means no live scene points at a trashed collection.
    const trashedScenes = deps.stores.scenes.softDeleteInCollection(actor.workspaceId, current.id, at)
    recordAudit(deps, actor, { action: 'collection', operation: 'delete', details: { collectionId, name: current.name, trashedScenes } })
    return {}
  })
}
