// Every store over one database, built once: the `Stores` bag services and the harness take.
import type { Db } from './database.js'
import { createApiKeysStore } from './api-keys-store.js'
import { createAuditLogStore, type AuditLogSettings } from './audit-log-store.js'
import { createCollectionsStore } from './collections-store.js'
import { createInvitesStore } from './invites-store.js'
import { createSceneContentStore, type SceneContentSettings } from './scene-content-store.js'
import { createScenesStore } from './scenes-store.js'
import { createUsersStore } from './users-store.js'
import { createWorkspacesStore } from './workspaces-store.js'
import { createReadCache, type ReadCacheSettings } from './read-cache.js'

/**
 * The settings the stores take, named as in Config: retention of the audit log and of scenes' tombstones, the read
 * cache's budget. Each absent one takes its store's default (tests build stores without settings).
 */
export type StoreSettings = AuditLogSettings & SceneContentSettings & ReadCacheSettings

export function createStores (db: Db, settings: Partial<StoreSettings> = {}) {
  return {
    workspaces: createWorkspacesStore(db),
    users: createUsersStore(db),
    apiKeys: createApiKeysStore(db),
    collections: createCollectionsStore(db),
    scenes: createScenesStore(db),
    sceneContent: createSceneContentStore(db, settings),
    invites: createInvitesStore(db),
    auditLog: createAuditLogStore(db, settings),
    /** Exact read cache: reused only while no row has changed since (store/read-cache.ts). */
    readCache: createReadCache(db, settings),
    /** Runs `work` in one SQLite transaction: a write and its audit entry commit together or not at all. */
    transaction: <T>(work: () => T): T => db.transaction(work)()
  }
}
export type Stores = ReturnType<typeof createStores>
