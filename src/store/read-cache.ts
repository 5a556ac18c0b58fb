// Exact caching of reads: a value computed from the database is reused only while the database has not
// changed since. The write counter (write-count.ts) counts every statement that may write it, wherever it was prepared
// (routes, admin, snapshots, resets), so any write at all empties the cache; it replaced SQLite's total_changes(),
// a query on every cached read. State that is not
// in the database (the compatibility switches) empties it through clear() when it changes. Bounded in entries and
// in bytes, so a long run of reads over large drawings never holds more than the budget.
// One key scheme for every entry: the read's name and the values its answer depends on, as JSON, so no two reads
// or values can run together into one key whatever text they hold.
import type { Config } from '../config/types.js'
import type { Db } from './database.js'
import { writeCounter } from './write-count.js'

/** Entries kept before the cache starts over; a test suite's pages and keys fit many times over. */
const MAX_ENTRIES = 2000
/** What an answer kept as an object (a key, a user) is counted as: small records, well under this. */
const OBJECT_BYTES = 512

/** EMULATOR_READ_CACHE_MAX_BYTES: about the most the kept answers take (their bytes and keys'); 0 keeps nothing. */
export type ReadCacheSettings = Pick<Config, 'readCacheMaxBytes'>

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
  /** The entries and bytes kept now. */
  held(): { entries: number, bytes: number }
  /**
   * The kept value of `read` for these dependencies, or a `keep` for a value computed asynchronously from the
   * database as it is now: `keep` drops it when anything was written (or the cache cleared) in between, since it
   * may then be stale.
   */
  lookup<T>(read: string, dependsOn: readonly unknown[]): { found: true, value: T } | { found: false, keep: (value: T) => void }
}

/** The one key scheme. */
const keyOf = (read: string, dependsOn: readonly unknown[]): string => JSON.stringify([read, ...dependsOn])

/**
 * About the memory an answer holds: bytes for text and buffers (one byte a character: the answers are mostly
 * ASCII), what an object says it holds in its `byteLength` (a kept MCP answer), else a small record's.
 */
function sizeOf (key: string, value: unknown): number {
  const said = typeof value === 'object' && value !== null && 'byteLength' in value ? value.byteLength : undefined
  const bytes = typeof said === 'number' ? said : typeof value === 'string' ? value.length : OBJECT_BYTES
  return key.length + bytes
}

export function createReadCache (db: Db, { readCacheMaxBytes = 64 * 1024 * 1024 }: Partial<ReadCacheSettings> = {}): ReadCache {
  const version = writeCounter(db)
  let seenVersion = -1
  let entries = new Map<string, unknown>()
  let bytes = 0
  const startOver = (): void => {
    entries = new Map()
    bytes = 0
  }
  /** The entries valid at the current version: emptied when anything was written since. */
  const current = (): Map<string, unknown> => {
    const now = version()
    if (now !== seenVersion) {
      startOver()
      seenVersion = now
    }
    return entries
  }
  /** Keeps a value; when it would pass a bound the cache starts over, and a value over the whole budget is not kept. */
  const keep = (valid: Map<string, unknown>, key: string, value: unknown): void => {
    const size = sizeOf(key, value)
    if (size > readCacheMaxBytes) return
    if (valid.size >= MAX_ENTRIES || bytes + size > readCacheMaxBytes) {
      startOver()
      valid = entries
    }
    valid.set(key, value)
    bytes += size
  }
  return {
    get<T> (read: string, dependsOn: readonly unknown[], compute: () => T): T {
      const valid = current()
      const key = keyOf(read, dependsOn)
      if (valid.has(key)) return valid.get(key) as T
      const value = compute()
      keep(valid, key, value)
      return value
    },
    set<T> (read: string, dependsOn: readonly unknown[], value: T): void {
      const valid = current()
      const key = keyOf(read, dependsOn)
      if (valid.has(key)) bytes -= sizeOf(key, valid.get(key))
      valid.delete(key)
      keep(valid, key, value)
    },
    clear: startOver,
    held: () => ({ entries: entries.size, bytes }),
    lookup<T> (read: string, dependsOn: readonly unknown[]) {
      const valid = current()
      const key = keyOf(read, dependsOn)
      if (valid.has(key)) return { found: true as const, value: valid.get(key) as T }
      // current() hands out a new map after any write, as clear() and a full cache do: only the same map still
      // holds this version.
      return { found: false as const, keep: (value: T) => { if (current() === valid) keep(valid, key, value) } }
    }
  }
}
