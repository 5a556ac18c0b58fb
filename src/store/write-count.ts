// How many statements that may write a database has run, counted in JavaScript as they run: the read cache's version
// (read-cache.ts), which SQLite's own counter (total_changes(), one query) cost on every cached read, two a request.
// Every statement of every better-sqlite3 database of this process counts, wherever and whenever it was prepared (the
// count is kept on Statement's prototype, not in the stores), and so does exec(). A statement counts when it is not
// read-only (SQLite's sqlite3_stmt_readonly: every INSERT, UPDATE, DELETE and DDL, and the triggers they fire with
// them), before it runs: one that then writes nothing, fails or is rolled back counts all the same, which only empties
// the read cache once more than total_changes() would. Transaction control (BEGIN, COMMIT) and SELECTs do not count.
import Database from 'better-sqlite3'

type Db = Database.Database
type Statement = Database.Statement

const kWrites = Symbol('emulator.writes')
type Counted = Db & { [kWrites]?: number }

const WRITING_METHODS = ['run', 'get', 'all', 'iterate'] as const

let installed = false

function count (db: Counted): void {
  db[kWrites] = (db[kWrites] ?? 0) + 1
}

/** Wraps Statement's running methods and Database's exec once per process (better-sqlite3 has no hook for it). */
function install (): void {
  if (installed) return
  installed = true
  const probe = new Database(':memory:')
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<(typeof WRITING_METHODS)[number], (...args: unknown[]) => unknown>
  probe.close()
  for (const method of WRITING_METHODS) {
    const original = proto[method]
    proto[method] = function (this: Statement, ...args: unknown[]) {
      if (!this.readonly) count(this.database as Counted)
      return original.apply(this, args)
    }
  }
  const exec = Database.prototype.exec
  Database.prototype.exec = function (this: Db, sql: string) {
    count(this as Counted)
    return exec.call(this, sql)
  }
}

/**
 * The number of statements that may have written `db` so far: equal between two calls only when nothing was written
 * in between. Counting starts process-wide on the first call; call it before the database's first write that matters
 * (the read cache calls it when it is made, before it keeps anything).
 */
export function writeCounter (db: Db): () => number {
  install()
  const counted = db as Counted
  return () => counted[kWrites] ?? 0
}
