// Opens the SQLite database (a file or :memory:) with the pragmas the emulator relies on.
import Database from 'better-sqlite3'
import { migrate } from './migrate.js'

export type Db = Database.Database

export function openDatabase (path: string): Db {
  const db = new Database(path)
  db.pragma('foreign_keys = ON')
  if (path !== ':memory:') {
    // WAL keeps readers fast while a write commits; NORMAL sync is durable across process crashes.
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
  }
  migrate(db)
  return db
}

/** True when the database holds no workspace yet (first start of a persistent file). */
export function isEmpty (db: Db): boolean {
  return (db.prepare('SELECT COUNT(*) AS n FROM workspaces').get() as { n: number }).n === 0
}
