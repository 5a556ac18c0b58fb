// Opens the SQLite database (a file or :memory:) with the pragmas the emulator relies on.
import process from 'node:process'
import Database from 'better-sqlite3'
import { countWrites } from './write-count.js'
import { migrate } from './migrate.js'

export type Db = Database.Database

/**
 * The Node releases the emulator runs on, which package.json `engines` states and CI tests (.ci/node-versions: the floor
 * 22.14.0 and the LTS): 22 from 22.14, and 24 and later. better-sqlite3 13's prebuilt binaries need Node-API 10, which
 * Node has from 22.14.0 and 23.6.0 (22.11 to 22.13 and 23.0 to 23.5 report 9); the 23 line, odd and out of support
 * since 2025-06, is refused whole, so no release that engines admits is refused, nor one it refuses let through.
 */
export const NODE_ENGINES = '^22.14.0 || >=24'
const FLOOR = { major: 22, minor: 14 } as const
const FIRST_AFTER_FLOOR_LINE = 24
const NODE_API_NEEDED = 10
const SUPPORTED_NAME = `${FLOOR.major}.${FLOOR.minor} or later on the ${FLOOR.major} line, or ${FIRST_AFTER_FLOOR_LINE} or later`

/** What to do about it: in a checkout the npm scripts bring their own Node; an installed package runs on the caller's. */
const FIX = {
  checkout: 'from a clone of the repository, npm start and npx run the Node 24 that npm ci installed',
  package: 'the test runner, or whatever starts the emulator, must run on one of those'
}

/** The running Node's release and Node-API version, the two facts the guard reads. */
export interface NodeRelease { version: string, napi: string | undefined }

/** True when `engines` admits the release (see NODE_ENGINES) and it has Node-API 10 (a build without it cannot load the addon). */
export function supportsNode ({ version, napi }: NodeRelease): boolean {
  const [major, minor] = (/^v?(\d+)\.(\d+)/.exec(version) ?? []).slice(1).map(Number)
  const releaseOk = (major === FLOOR.major && minor >= FLOOR.minor) || major >= FIRST_AFTER_FLOOR_LINE
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
 * Throws, naming the fix where the emulator runs (a checkout or an installed package), on a Node `engines` does not
 * admit (the 23 line too): below the floor better-sqlite3's addon does not fail, it kills the process (a segmentation
 * fault on Node 20 and on 22.11 to 22.13), so this runs before the first database opens.
 */
export function assertSupportedNode (
  where: keyof typeof FIX = 'checkout',
  release: NodeRelease = { version: process.version, napi: process.versions.napi }
): void {
  if (!supportsNode(release)) {
    throw refusal(`Node.js ${SUPPORTED_NAME}, is needed, this is ${release.version} (${FIX[where]})`)
  }
}

export function openDatabase (path: string, where: 'checkout' | 'package' = 'checkout'): Db {
  assertSupportedNode(where)
  const db = countWrites(new Database(path))
  db.pragma('foreign_keys = ON')
  if (path !== ':memory:') {
    // WAL keeps readers fast while a write commits; NORMAL sync is durable across process crashes.
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
  }
  migrate(db)
  return db
}

let sqliteVersionOf: string | undefined

/** The SQLite library's version better-sqlite3 carries (one query, once per process): what an image made by it is good for. */
export function sqliteVersion (where: 'checkout' | 'package' = 'checkout'): string {
  if (sqliteVersionOf !== undefined) return sqliteVersionOf
  assertSupportedNode(where)
  const db = new Database(':memory:')
  try {
    return (sqliteVersionOf = db.prepare('SELECT sqlite_version()').pluck().get() as string)
  } finally {
    db.close()
  }
}

/**
 * An in-memory database from `image`, the bytes `serialize()` gave of one this process opened (so its schema is the
 * current one: no migration runs); writable, and independent of the database it was taken from.
 */
export function openImage (image: Buffer, where: 'checkout' | 'package' = 'checkout'): Db {
  assertSupportedNode(where)
  const db = countWrites(new Database(image))
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
