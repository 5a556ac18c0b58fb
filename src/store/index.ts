// Every store over one database, built once: the `Stores` bag services and the harness take.
import type { Db } from './database.js'
import { createApiKeysStore } from './api-keys-store.js'
import { createAuditLogStore, type AuditLogOptions } from './audit-log-store.js'
import { createCollectionsStore } from './collections-store.js'
import { createInvitesStore } from './invites-store.js'
import { createSceneContentStore, type SceneContentOptions } from './scene-content-store.js'
import { createScenesStore } from './scenes-store.js'
import { createUsersStore } from './users-store.js'
import { createWorkspacesStore } from './workspaces-store.js'
import { createReadCache, type ReadCacheOptions } from './read-cache.js'

/** Settings the stores take: retention of the audit log and of scenes' tombstones, the read cache's budget. */
export interface StoreOptions { auditLog?: AuditLogOptions, sceneContent?: SceneContentOptions, readCache?: ReadCacheOptions }

export function createStores (db: Db, options: StoreOptions = {}) {
  return {
    workspaces: createWorkspacesStore(db),
    users: createUsersStore(db),
    apiKeys: createApiKeysStore(db),
    collections: createCollectionsStore(db),
    scenes: createScenesStore(db),
    sceneContent: createSceneContentStore(db, options.sceneContent),
    invites: createInvitesStore(db),
    auditLog: createAuditLogStore(db, options.auditLog),
    /** Exact read cache: reused only while no row has changed since (store/read-cache.ts). */
    readCache: createReadCache(db, options.readCache),
    /** Runs `work` in one SQLite transaction: a write and its audit entry commit together or not at all. */
    transaction: <T>(work: () => T): T => db.transaction(work)()
  }
}
export type Stores = ReturnType<typeof createStores>
