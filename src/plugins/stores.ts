// Opens the database and decorates `db` and `stores` (built by store/index.ts); closes it with the app.
import fp from 'fastify-plugin'
import { RUNS_FROM_CHECKOUT } from '../config.js'
import { openDatabase, type Db } from '../store/database.js'
import { createStores, type Stores } from '../store/index.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    stores: Stores
  }
}

export default fp<{ dbPath: string }>(async (app, { dbPath }) => {
  const db = openDatabase(dbPath, RUNS_FROM_CHECKOUT ? 'checkout' : 'package')
  app.decorate('db', db)
  app.decorate('stores', createStores(db))
  app.addHook('onClose', async () => { db.close() })
}, { name: 'stores' })
