// Exact caching of reads: a value computed from the database is reused only while the database has not
// changed since. SQLite's total_changes() counts every row this connection inserted, updated or deleted (all
// writes go through it: routes, admin, snapshots, resets), so any write at all empties the cache. State that is not
// in the database (the compatibility switches) empties it through clear() when it changes.
// One key scheme for every entry: the read's name and the values its answer depends on, as JSON, so no two reads
// or values can run together into one key whatever text they hold.
import type { Db } from './database.js'

/** Entries kept before the cache starts over; a test suite's pages and keys fit many times over. */
const MAX_ENTRIES = 2000

export interface ReadCache {
  /** The value of `read` for these dependencies at the database's current version, computed and kept when absent. */
  get<T>(read: string, dependsOn: readonly unknown[], compute: () => T): T
  /**
   * Keeps `value` as `read`'s for these dependencies at the database's current version: for a write that already
   * holds what the next read would compute (PUT content answers the very document GET then serves). Call it after
   * the commit.
   */
  set<T>(read: string, dependsOn: readonly unknown[], value: T): void
  /** Drops every entry: for a change a kept answer may depend on that is not a database write. */
  clear(): void
}

/** The one key scheme. */
const keyOf = (read: string, dependsOn: readonly unknown[]): string => JSON.stringify([read, ...dependsOn])

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
    get<T> (read: string, dependsOn: readonly unknown[], compute: () => T): T {
      const valid = current()
      const key = keyOf(read, dependsOn)
      if (valid.has(key)) return valid.get(key) as T
      const value = compute()
      valid.set(key, value)
      return value
    },
    set<T> (read: string, dependsOn: readonly unknown[], value: T): void {
      current().set(keyOf(read, dependsOn), value)
    },
    clear (): void {
      entries = new Map()
    }
  }
}
