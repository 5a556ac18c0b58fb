// Opens the database and decorates `db` and `stores` (built by store/index.ts); closes it with the app.
import fp from 'fastify-plugin'
import { openDatabase, type Db } from '../store/database.js'
import { createStores, type Stores } from '../store/index.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    stores: Stores
  }
}

export default fp<{ dbPath: string, auditLogMax: number, readCacheMaxBytes: number }>(async (app, { dbPath, auditLogMax, readCacheMaxBytes }) => {
  const db = openDatabase(dbPath)
  app.decorate('db', db)
  app.decorate('stores', createStores(db, { auditLog: { maxEntries: auditLogMax }, readCache: { maxBytes: readCacheMaxBytes } }))
  app.addHook('onClose', async () => { db.close() })
}, { name: 'stores' })
