// Opens the database and decorates `db` and `stores` (built by store/index.ts); closes it with the app.
import fp from 'fastify-plugin'
import { RUNS_FROM_CHECKOUT } from '../package-files.js'
import { openDatabase, type Db } from '../store/database.js'
import { createStores, type Stores } from '../store/index.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    stores: Stores
  }
}

/** The settings the stores take (config/settings.ts): their bounds. */
interface StoreSettings { dbPath: string, auditLogMax: number, sceneTombstonesMax: number, readCacheMaxBytes: number }

export default fp<StoreSettings>(async (app, { dbPath, auditLogMax, sceneTombstonesMax, readCacheMaxBytes }) => {
  const db = openDatabase(dbPath, RUNS_FROM_CHECKOUT ? 'checkout' : 'package')
  app.decorate('db', db)
  app.decorate('stores', createStores(db, {
    auditLog: { maxEntries: auditLogMax }, sceneContent: { tombstonesMax: sceneTombstonesMax }, readCache: { maxBytes: readCacheMaxBytes }
  }))
  app.addHook('onClose', async () => { db.close() })
}, { name: 'stores' })
