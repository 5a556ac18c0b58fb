// Exact caching of reads: a value computed from the database is reused only while the database has not
// changed since. SQLite's total_changes() counts every row this connection inserted, updated or deleted (all
// writes go through it: routes, admin, snapshots, resets), so any write at all empties the cache.
import type { Db } from './database.js'

/** Entries kept before the cache starts over; a test suite's pages and keys fit many times over. */
const MAX_ENTRIES = 2000

export interface ReadCache {
  /** The cached value for `key` at the database's current version, computing and keeping it when absent. */
  get<T>(key: string, compute: () => T): T
  /**
   * Keeps `value` for `key` at the database's current version: for a write that already holds what the next read
   * of `key` would compute (PUT content answers the very document GET then serves). Call it after the commit.
   */
  set<T>(key: string, value: T): void
  /**
   * The cached value for `key`, or a `keep` for a value computed asynchronously from the database as it is now:
   * `keep` drops it when anything was written in between, since it may then be stale.
   */
  lookup<T>(key: string): { found: true, value: T } | { found: false, keep: (value: T) => void }
}

export function createReadCache (db: Db): ReadCache {
  const version = db.prepare('SELECT total_changes()').pluck()
  let seenVersion = -1
  let entries = new Map<string, unknown>()
  /** The entries valid at the current version: emptied when anything was written since, or when full. */
  const current = (): Map<string, unknown> => {
    const now = version.get() as number
    if (now !== seenVersion || entries.size >= MAX_ENTRIES) {
      entries = new Map()
      seenVersion = now
    }
    return entries
  }
  return {
    get<T> (key: string, compute: () => T): T {
      const valid = current()
      if (valid.has(key)) return valid.get(key) as T
      const value = compute()
      valid.set(key, value)
      return value
    },
    set<T> (key: string, value: T): void {
      current().set(key, value)
    },
    lookup<T> (key: string) {
      const valid = current()
      if (valid.has(key)) return { found: true as const, value: valid.get(key) as T }
      // current() hands out a new map after any write (or when full): only the same map still holds this version.
      return { found: false as const, keep: (value: T) => { if (current() === valid) valid.set(key, value) } }
    }
  }
}
