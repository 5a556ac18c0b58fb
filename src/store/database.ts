// Opens the SQLite database (a file or :memory:) with the pragmas the emulator relies on.
import process from 'node:process'
import Database from 'better-sqlite3'
import { migrate } from './migrate.js'

export type Db = Database.Database

/** The oldest Node major better-sqlite3's prebuilt binaries load on (package.json `engines` says the same). */
export const OLDEST_NODE_MAJOR = 22

/** What to do about it: in a checkout the npm scripts bring their own Node; an installed package runs on the caller's. */
const FIX = {
  checkout: 'from a clone of the repository, npm start and npx run the Node 24 that npm ci installed',
  package: `the test runner, or whatever starts the emulator, must run on Node.js ${OLDEST_NODE_MAJOR} or later`
}

/**
 * Throws, naming the fix where the emulator runs (a checkout or an installed package), on a Node older than
 * `engines` accepts: there better-sqlite3's addon does not fail, it kills the process (a segmentation fault on Node
 * 20), so this runs before the first database opens.
 */
export function assertSupportedNode (version: string = process.version, where: keyof typeof FIX = 'checkout'): void {
  const major = Number(/^v?(\d+)/.exec(version)?.[1])
  if (major < OLDEST_NODE_MAJOR) {
    throw new Error(`Node.js ${OLDEST_NODE_MAJOR} or later is needed, this is ${version} (${FIX[where]})`)
  }
}

export function openDatabase (path: string, where: 'checkout' | 'package' = 'checkout'): Db {
  assertSupportedNode(process.version, where)
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

/**
 * A digest of every stored id (all tables with an `id` column): equal for equal contents, different once any row
 * was added or removed. Seeds the id stream of a reopened database (lib/ids.ts continueFrom).
 */
export function idDigest (db: Db): string {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[]
  const parts: string[] = []
  for (const table of tables) {
    const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]
    if (!columns.includes('id')) continue
    const ids = db.prepare(`SELECT id FROM "${table}" ORDER BY id`).pluck().all() as unknown[]
    parts.push(`${table}:${ids.length}:${ids.join(',')}`)
  }
  return parts.join('\n')
}
