// Collections: list (the virtual private collection first), get, create, rename, soft delete
// with its scenes. Which collections a caller may name: real ones of its workspace, and `private` for personal keys.
import { fail } from '../errors.js'
import type { Collection } from '../schemas/collections.js'
import type { Page, PaginationQuery } from '../schemas/common.js'
import type { WorkspaceUser } from '../schemas/users.js'
import { PRIVATE_COLLECTION_ID } from '../store/scenes-store.js'
import { callerUserId, pageOf, recordAudit, type Caller, type OpContext } from './context.js'

export { PRIVATE_COLLECTION_ID }

export interface CollectionRef { collectionId: string }

/**
 * The virtual private collection of a personal key's owner.
 * INFER: its name, `created` (the user's join date) and null `updated` are guesses; the id is documented.
 */
export function privateCollectionOf (workspaceId: string, user: WorkspaceUser): Collection {
  return {
    id: PRIVATE_COLLECTION_ID,
    isDefault: false,
    workspace: workspaceId,
    creator: user.id,
    updater: null,
    teams: null,
    created: user.created,
    sortOrder: null,
    name: 'Private',
    updated: null,
    isDeleted: false,
    emoji: null
  }
}

/** Resolves a collection id the caller named: 403 for `private` with a workspace key, 404 when unknown. */
export function resolveCollection (ctx: Pick<OpContext, 'stores'> & { caller: Pick<Caller, 'workspaceId' | 'user'> }, collectionId: string): Collection {
  const { caller } = ctx
  if (collectionId === PRIVATE_COLLECTION_ID) {
    if (caller.user === null) fail('EMU_FORBIDDEN_PRIVATE')
    return privateCollectionOf(caller.workspaceId, caller.user)
  }
  const collection = ctx.stores.collections.get(caller.workspaceId, collectionId)
  if (!collection) fail('EMU_NOT_FOUND', 'Collection', collectionId)
  return collection
}

/** GET /collections: live collections in creation order; a personal key's private collection comes first. */
export function list (ctx: OpContext, page: PaginationQuery): Page<Collection> {
  const { workspaceId, user } = ctx.caller
  const virtual = user ? privateCollectionOf(workspaceId, user) : undefined
  return ctx.stores.collections.list(workspaceId, pageOf(ctx, page), virtual)
}

export function get (ctx: OpContext, { collectionId }: CollectionRef): Collection {
  return resolveCollection(ctx, collectionId)
}

/** POST /collections always creates a regular shared collection. */
export function create (ctx: OpContext, { name }: { name: string }): Collection {
  const now = ctx.clock.nowIso()
  const userId = callerUserId(ctx.caller)
  const collection: Collection = {
    id: ctx.ids.shortId(),
    isDefault: false,
    workspace: ctx.caller.workspaceId,
    creator: userId,
    updater: userId,
    teams: null,
    created: now,
    sortOrder: null,
    name,
    updated: now,
    isDeleted: false,
    emoji: null
  }
  return ctx.stores.transaction(() => {
    ctx.stores.collections.insert(ctx.caller.workspaceId, collection)
    recordAudit(ctx, { action: 'collection', operation: 'create', details: { collectionId: collection.id, name } })
    return collection
  })
}

export function rename (ctx: OpContext, { collectionId, name }: CollectionRef & { name: string }): Collection {
  const current = resolveCollection(ctx, collectionId)
  // INFER: the virtual private collection has no row to rename (third-party clients guard it too).
  if (current.id === PRIVATE_COLLECTION_ID) fail('EMU_BAD_REQUEST', 'The private collection cannot be renamed')
  const renamed: Collection = { ...current, name, updated: ctx.clock.nowIso(), updater: callerUserId(ctx.caller) }
  return ctx.stores.transaction(() => {
    ctx.stores.collections.replace(ctx.caller.workspaceId, renamed)
    recordAudit(ctx, { action: 'collection', operation: 'update', details: { collectionId, name, previousName: current.name } })
    return renamed
  })
}

export function remove (ctx: OpContext, { collectionId }: CollectionRef): Record<string, never> {
  const current = resolveCollection(ctx, collectionId)
  if (current.id === PRIVATE_COLLECTION_ID) fail('EMU_BAD_REQUEST', 'The private collection cannot be deleted')
  // INFER: the workspace needs a default collection for new scenes, so it cannot go to the trash.
  if (current.isDefault === true) fail('EMU_BAD_REQUEST', 'The default collection cannot be deleted')
  return ctx.stores.transaction(() => {
    const at = ctx.clock.now()
    ctx.stores.collections.softDelete(ctx.caller.workspaceId, current, at)
    // The official CLI documents "soft-delete a collection and every scene in it" (collectionDelete=trash-scenes, the
    // default); the MCP tool text says the scenes are not deleted (keep-scenes). INFER: kept scenes stay exactly as
    // they were, readable by id and listed by GET /scenes, still naming the trashed collection.
    const trashedScenes = ctx.compat.collectionDelete === 'trash-scenes'
      ? ctx.stores.scenes.softDeleteInCollection(ctx.caller.workspaceId, current.id, at)
      : 0
    recordAudit(ctx, { action: 'collection', operation: 'delete', details: { collectionId, name: current.name, trashedScenes } })
    return {}
  })
}
