// How many statements that may write a database has run, counted in JavaScript as they run: the read cache's version
// (read-cache.ts), which SQLite's own counter (total_changes(), one query) cost on every cached read, two a request.
// openDatabase and openImage (database.ts) count each database they open from its first statement, so every statement
// any store prepares counts, whenever it was prepared, and so does exec(). Only that database is touched: its own
// prepare and exec, and the statements of it that may write (better-sqlite3's Statement and Database prototypes stay
// as they are, so a client's own better-sqlite3 databases in the same process are not counted, wrapped or slowed).
// A statement counts when it is not read-only (SQLite's sqlite3_stmt_readonly: every INSERT, UPDATE, DELETE and DDL,
// and the triggers they fire with them), before it runs: one that then writes nothing, fails or is rolled back counts
// all the same, which only empties the read cache once more than total_changes() would. Transaction control (BEGIN,
// COMMIT) and SELECTs do not count, and a read-only statement runs unwrapped.
import type Database from 'better-sqlite3'

type Db = Database.Database
type Statement = Database.Statement
interface Counter { writes: number }

const counters = new WeakMap<Db, Counter>()
const RUNNING_METHODS = ['run', 'get', 'all', 'iterate'] as const
type Running = Record<(typeof RUNNING_METHODS)[number], (...args: unknown[]) => unknown>

/** The statement, its running methods counting first (own properties: the prototype is shared by every database). */
function counted (statement: Statement, counter: Counter): Statement {
  const running = statement as unknown as Running
  for (const method of RUNNING_METHODS) {
    const original = running[method]
    running[method] = function (...args: unknown[]) {
      counter.writes++
      return original.apply(statement, args)
    }
  }
  return statement
}

/** Counts every statement of `db` that may write from now on; call it before its first statement (database.ts does). */
export function countWrites (db: Db): Db {
  if (counters.has(db)) return db
  const counter: Counter = { writes: 0 }
  counters.set(db, counter)
  const prepare = db.prepare
  const exec = db.exec
  db.prepare = function (source: string) {
    const statement = prepare.call(db, source)
    return statement.readonly ? statement : counted(statement, counter)
  } as Db['prepare']
  db.exec = function (source: string) {
    counter.writes++
    return exec.call(db, source)
  }
  return db
}

/**
 * The number of statements that may have written `db` so far: equal between two calls only when nothing was written
 * in between. Only for a database opened by database.ts (counted from its first statement): another would let a
 * cached answer outlive a write made by a statement prepared before counting began.
 */
export function writeCounter (db: Db): () => number {
  const counter = counters.get(db)
  if (counter === undefined) throw new Error('the read cache needs a database opened by openDatabase or openImage (store/database.ts), which counts its writes')
  return () => counter.writes
}
