// Which collections a key may name (catalogue §1.1, §3): real ones of its workspace, and `private` for personal keys.
import { fail } from '../errors.js'
import type { Stores } from '../store/index.js'
import type { Collection } from '../schemas/collections.js'
import type { WorkspaceUser } from '../schemas/users.js'
import { PRIVATE_COLLECTION_ID } from '../store/scenes-store.js'

export { PRIVATE_COLLECTION_ID }

export interface Caller { workspaceId: string, user: WorkspaceUser | null }

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
export function resolveCollection (stores: Stores, caller: Caller, collectionId: string): Collection {
  if (collectionId === PRIVATE_COLLECTION_ID) {
    if (caller.user === null) fail('EMU_FORBIDDEN_PRIVATE')
    return privateCollectionOf(caller.workspaceId, caller.user)
  }
  const collection = stores.collections.get(caller.workspaceId, collectionId)
  if (!collection) fail('EMU_NOT_FOUND', 'Collection', collectionId)
  return collection
}
