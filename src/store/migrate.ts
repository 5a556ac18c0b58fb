// Applies pending migrations in order, tracked with PRAGMA user_version.
import type { Database } from 'better-sqlite3'
import { MIGRATIONS } from './migrations/index.js'

/** Returns how many migrations ran. */
export function migrate (db: Database, migrations: readonly string[] = MIGRATIONS): number {
  const current = db.pragma('user_version', { simple: true }) as number
  let applied = 0
  for (let version = current + 1; version <= migrations.length; version++) {
    db.transaction(() => {
      db.exec(migrations[version - 1])
      db.pragma(`user_version = ${version}`)
    })()
    applied++
  }
  return applied
}
