// Opens the database and builds every store once; decorates `db` and `stores` (DESIGN §3.3).
import fp from 'fastify-plugin'
import { openDatabase, type Db } from '../store/database.js'
import { createApiKeysStore } from '../store/api-keys-store.js'
import { createAuditLogStore } from '../store/audit-log-store.js'
import { createCollectionsStore } from '../store/collections-store.js'
import { createInvitesStore } from '../store/invites-store.js'
import { createSceneContentStore } from '../store/scene-content-store.js'
import { createScenesStore } from '../store/scenes-store.js'
import { createUsersStore } from '../store/users-store.js'
import { createWorkspacesStore } from '../store/workspaces-store.js'
import { createReadCache } from '../store/read-cache.js'

export function createStores (db: Db) {
  return {
    workspaces: createWorkspacesStore(db),
    users: createUsersStore(db),
    apiKeys: createApiKeysStore(db),
    collections: createCollectionsStore(db),
    scenes: createScenesStore(db),
    sceneContent: createSceneContentStore(db),
    invites: createInvitesStore(db),
    auditLog: createAuditLogStore(db),
    /** Exact read cache: reused only while no row has changed since (store/read-cache.ts). */
    readCache: createReadCache(db),
    /** Runs `work` in one SQLite transaction: a write and its audit entry commit together or not at all. */
    transaction: <T>(work: () => T): T => db.transaction(work)()
  }
}
export type Stores = ReturnType<typeof createStores>

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    stores: Stores
  }
}

export default fp<{ dbPath: string }>(async (app, { dbPath }) => {
  const db = openDatabase(dbPath)
  app.decorate('db', db)
  app.decorate('stores', createStores(db))
  app.addHook('onClose', async () => { db.close() })
}, { name: 'stores' })
