// Generic dump and restore of the rows of every table, for the whole database or one workspace (admin snapshots,
// per-workspace reset). Tables are read from the schema itself, so a new migration's tables are covered unasked.
import type { Statement } from 'better-sqlite3'
import type { Db } from './database.js'

/** The table whose `id` column is the workspace id; every other scoped table has a `workspace_id` column. */
const WORKSPACE_TABLE = 'workspaces'
const SCOPE_COLUMN = 'workspace_id'

export interface TableRows {
  table: string
  columns: string[]
  /** Row values in column order, in insertion order; plain values, never mutated after the dump. */
  rows: unknown[][]
}

export interface Dump {
  /** null: the whole database. */
  workspaceId: string | null
  tables: TableRows[]
  /** AUTOINCREMENT counters (sqlite_sequence) at dump time; whole-database dumps only. */
  sequences: Array<[string, number]>
}

interface TableInfo {
  name: string
  columns: string[]
  /** Column naming the owning workspace, or null for a table outside any workspace. */
  scope: string | null
  /** `seq` (INTEGER PRIMARY KEY) is a column, so it is kept; a table without one gets fresh rowids on restore. */
  selectAll: string
  selectScoped: string | null
  insert: string
  deleteAll: string
  deleteScoped: string | null
}

function describeTables (db: Db): TableInfo[] {
  // sqlite_master lists tables in creation order, which is parent-before-child for the foreign keys.
  const names = (db.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
  ).all() as Array<{ name: string }>).map((r) => r.name)
  return names.map((name) => {
    const columns = (db.prepare(`PRAGMA table_info(${quote(name)})`).all() as Array<{ name: string }>).map((c) => c.name)
    const scope = name === WORKSPACE_TABLE ? 'id' : columns.includes(SCOPE_COLUMN) ? SCOPE_COLUMN : null
    const list = columns.map(quote).join(', ')
    const table = quote(name)
    return {
      name,
      columns,
      scope,
      selectAll: `SELECT ${list} FROM ${table} ORDER BY rowid`,
      selectScoped: scope === null ? null : `SELECT ${list} FROM ${table} WHERE ${quote(scope)} = ? ORDER BY rowid`,
      insert: `INSERT INTO ${table} (${list}) VALUES (${columns.map(() => '?').join(', ')})`,
      deleteAll: `DELETE FROM ${table}`,
      deleteScoped: scope === null ? null : `DELETE FROM ${table} WHERE ${quote(scope)} = ?`
    }
  })
}

const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`

/** Prepares each statement once, on first use. */
function statementCache (db: Db): (sql: string) => Statement<unknown[]> {
  const prepared = new Map<string, Statement<unknown[]>>()
  return (sql) => {
    let stmt = prepared.get(sql)
    if (!stmt) prepared.set(sql, stmt = db.prepare<unknown[]>(sql))
    return stmt
  }
}

/** The AUTOINCREMENT counters (sqlite_sequence, present once a table with AUTOINCREMENT exists). */
function sequenceCounters (statement: (sql: string) => Statement<unknown[]>) {
  const exists = () => statement("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get() !== undefined
  return {
    read (): Array<[string, number]> {
      return exists() ? statement('SELECT name, seq FROM sqlite_sequence').raw().all() as Array<[string, number]> : []
    },
    /**
     * Counters only ever go up: a restored older state must not hand out a seq that a later per-workspace dump
     * still holds, or restoring that dump would collide. Reads depend on seq order only, so they stay exact.
     */
    raise (sequences: Array<[string, number]>): void {
      if (!exists()) return
      for (const [name, seq] of sequences) {
        const current = statement('SELECT seq FROM sqlite_sequence WHERE name = ?').get(name) as { seq: number } | undefined
        if (current === undefined) statement('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(name, seq)
        else if (current.seq < seq) statement('UPDATE sqlite_sequence SET seq = ? WHERE name = ?').run(seq, name)
      }
    }
  }
}

export function createSnapshotStore (db: Db) {
  // Read on the first dump or restore, not at every start: the schema is final once the database is open (migrations
  // run before), and most starts never take a snapshot.
  let described: TableInfo[] | undefined
  const tablesOf = (): TableInfo[] => (described ??= describeTables(db))
  const statement = statementCache(db)
  const sequences = sequenceCounters(statement)

  function removeRows (workspaceId: string | null): void {
    for (const info of [...tablesOf()].reverse()) {
      if (workspaceId === null) statement(info.deleteAll).run()
      else if (info.deleteScoped !== null) statement(info.deleteScoped).run(workspaceId)
    }
  }

  return {
    /** Every row of every table (workspaceId null), or every row that belongs to one workspace. */
    dump (workspaceId: string | null): Dump {
      return db.transaction((): Dump => {
        const scoped = tablesOf().filter((info) => workspaceId === null || info.selectScoped !== null)
        const dumped = scoped.map((info) => {
          const stmt = statement(workspaceId === null ? info.selectAll : info.selectScoped as string).raw()
          const rows = (workspaceId === null ? stmt.all() : stmt.all(workspaceId)) as unknown[][]
          return { table: info.name, columns: info.columns, rows }
        })
        return { workspaceId, tables: dumped, sequences: workspaceId === null ? sequences.read() : [] }
      })()
    },
    /** Replaces the rows the dump covers (all, or that workspace's) with the dumped ones, in one transaction. */
    restore (dump: Dump): void {
      db.transaction(() => {
        // Rows go back parent-first, but deferring the checks to commit keeps the order a non-issue.
        db.pragma('defer_foreign_keys = ON')
        removeRows(dump.workspaceId)
        for (const { table, rows } of dump.tables) {
          const info = tablesOf().find((candidate) => candidate.name === table)
          if (!info) throw new Error(`snapshot names table "${table}", which this database does not have`)
          const insert = statement(info.insert)
          for (const row of rows) insert.run(...row)
        }
        sequences.raise(dump.sequences)
      })()
    },
    /** Deletes one workspace's rows in every table (the workspace row included). */
    removeWorkspace (workspaceId: string): void {
      db.transaction(() => {
        db.pragma('defer_foreign_keys = ON')
        removeRows(workspaceId)
      })()
    },
    /** Empties every table (fixtures are seeded again by the caller). */
    removeAll (): void {
      db.transaction(() => {
        db.pragma('defer_foreign_keys = ON')
        removeRows(null)
      })()
    },
    /** Number of rows a dump holds (for listings). */
    rowCount: (dump: Dump): number => dump.tables.reduce((sum, t) => sum + t.rows.length, 0)
  }
}
export type SnapshotStore = ReturnType<typeof createSnapshotStore>
