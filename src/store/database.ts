// Opens the SQLite database (a file or :memory:) with the pragmas the emulator relies on.
import process from 'node:process'
import Database from 'better-sqlite3'
import { migrate } from './migrate.js'

export type Db = Database.Database

/**
 * The oldest Node release better-sqlite3 13's prebuilt binaries load on (package.json `engines` says `>=22.14`):
 * they need Node-API 10, which Node has from 22.14.0 (and 23.6.0); 22.11 to 22.13 report 9.
 */
export const OLDEST_NODE = { major: 22, minor: 14 } as const
const OLDEST_NODE_NAME = `${OLDEST_NODE.major}.${OLDEST_NODE.minor}`
const NODE_API_NEEDED = 10

/** What to do about it: in a checkout the npm scripts bring their own Node; an installed package runs on the caller's. */
const FIX = {
  checkout: 'from a clone of the repository, npm start and npx run the Node 24 that npm ci installed',
  package: `the test runner, or whatever starts the emulator, must run on Node.js ${OLDEST_NODE_NAME} or later`
}

/** The running Node's release and Node-API version, the two facts the floor reads. */
export interface NodeRelease { version: string, napi: string | undefined }

/** True when the release is at or above the floor, and its Node-API too (an odd line's early releases lack it). */
export function meetsNodeFloor ({ version, napi }: NodeRelease): boolean {
  const [major, minor] = (/^v?(\d+)\.(\d+)/.exec(version) ?? []).slice(1).map(Number)
  const releaseOk = major > OLDEST_NODE.major || (major === OLDEST_NODE.major && minor >= OLDEST_NODE.minor)
  return releaseOk && Number(napi) >= NODE_API_NEEDED
}

/**
 * The refusal, an Error whose stack is its message alone. A consumer's runner prints an uncaught error's stack
 * and Node prints the source line it was thrown from: here, one line of the minified bundle (about 2.5 KB)
 * with a caret. An error made without frames has no such line, so the reader sees the message alone.
 */
function refusal (message: string): Error {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  const error = new Error(message)
  Error.stackTraceLimit = limit
  error.stack = `Error: ${message}`
  return error
}

/**
 * Throws, naming the fix where the emulator runs (a checkout or an installed package), on a Node older than
 * `engines` accepts: there better-sqlite3's addon does not fail, it kills the process (a segmentation fault on Node
 * 20 and on 22.11 to 22.13), so this runs before the first database opens.
 */
export function assertSupportedNode (
  where: keyof typeof FIX = 'checkout',
  release: NodeRelease = { version: process.version, napi: process.versions.napi }
): void {
  if (!meetsNodeFloor(release)) {
    throw refusal(`Node.js ${OLDEST_NODE_NAME} or later is needed, this is ${release.version} (${FIX[where]})`)
  }
}

export function openDatabase (path: string, where: 'checkout' | 'package' = 'checkout'): Db {
  assertSupportedNode(where)
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

/**
 * An in-memory database from `image`, the bytes `serialize()` gave of one this process opened (so its schema is the
 * current one: no migration runs); writable, and independent of the database it was taken from.
 */
export function openImage (image: Buffer, where: 'checkout' | 'package' = 'checkout'): Db {
  assertSupportedNode(where)
  const db = new Database(image)
  db.pragma('foreign_keys = ON')
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
