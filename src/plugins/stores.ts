// Decorates `db` and `stores` with the database boot opened (harness/boot.ts), and closes it with the app.
import fp from 'fastify-plugin'
import type { Db } from '../store/database.js'
import type { Stores } from '../store/index.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    stores: Stores
  }
}

export default fp<{ db: Db, stores: Stores }>(async (app, { db, stores }) => {
  app.decorate('db', db)
  app.decorate('stores', stores)
  app.addHook('onClose', async () => { db.close() })
}, { name: 'stores' })
