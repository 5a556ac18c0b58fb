// Retention of the audit log: the newest `maxEntries` per workspace are kept and the oldest trimmed in batches.
// How many entries each workspace holds is kept by temporary triggers in the same transaction as every insert and
// delete of `audit_logs` (appends, trims, workspace deletions' cascades, snapshot restores), so deciding whether a
// write must trim costs one primary-key read instead of counting the log. Temporary objects belong to this
// connection only: not part of the stored schema, never in a snapshot (which reads sqlite_master).
import type { Db } from './database.js'

/**
 * Entries a workspace may hold over the bound before a trim: 1% of it (at least one), so a trim deletes a batch in
 * one statement now and then instead of a row on every write, and the log never holds more than 1% extra.
 */
export function trimBatch (maxEntries: number): number {
  return Math.max(1, Math.floor(maxEntries / 100))
}

// `trimmed_through`: the newest entry retention deleted, so a cursor into trimmed entries is told from any other.
// A workspace's row goes with its last entry (deleted workspaces, restores), so the table holds live workspaces only.
const SCHEMA = `
DROP TRIGGER IF EXISTS temp.audit_counts_insert;
DROP TRIGGER IF EXISTS temp.audit_counts_delete;
DROP TABLE IF EXISTS temp.audit_counts;
CREATE TEMP TABLE audit_counts (
  workspace_id TEXT PRIMARY KEY, held INTEGER NOT NULL, trimmed_through INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
INSERT INTO temp.audit_counts (workspace_id, held) SELECT workspace_id, COUNT(*) FROM main.audit_logs GROUP BY workspace_id;
CREATE TEMP TRIGGER audit_counts_insert AFTER INSERT ON main.audit_logs BEGIN
  INSERT INTO temp.audit_counts (workspace_id, held) VALUES (NEW.workspace_id, 1) ON CONFLICT DO UPDATE SET held = held + 1;
END;
CREATE TEMP TRIGGER audit_counts_delete AFTER DELETE ON main.audit_logs BEGIN
  UPDATE temp.audit_counts SET held = held - 1 WHERE workspace_id = OLD.workspace_id;
  DELETE FROM temp.audit_counts WHERE workspace_id = OLD.workspace_id AND held = 0;
END;
`

export interface AuditRetention {
  /** The newest entries kept per workspace (0: all), and how far over it a workspace goes before a trim. */
  readonly maxEntries: number
  readonly batch: number
  /** After an append: once the workspace holds `batch` entries over the bound, its oldest go, back to exactly the bound. */
  trim (workspaceId: string): void
  /**
   * The cursor a window reads from. FIDELITY: a cursor into trimmed entries continues at the oldest kept one (that
   * entry, then nothing older), as paging past expired entries would; the real service's retention is not documented.
   */
  cursorFor (workspaceId: string, beforeSeq: bigint | undefined): bigint | undefined
}

export function createAuditRetention (db: Db, maxEntries: number): AuditRetention {
  db.exec(SCHEMA)
  const batch = trimBatch(maxEntries)
  const state = db.prepare('SELECT held, trimmed_through AS trimmedThrough FROM temp.audit_counts WHERE workspace_id = ?').safeIntegers()
  // The n-th oldest entry of a workspace (the index holds them in seq order): everything up to it goes.
  const nthOldest = db.prepare('SELECT seq FROM main.audit_logs WHERE workspace_id = ? ORDER BY seq LIMIT 1 OFFSET ?').pluck().safeIntegers()
  const oldest = db.prepare('SELECT MIN(seq) FROM main.audit_logs WHERE workspace_id = ?').pluck().safeIntegers()
  const deleteThrough = db.prepare('DELETE FROM main.audit_logs WHERE workspace_id = ? AND seq <= ?')
  const markTrimmed = db.prepare('UPDATE temp.audit_counts SET trimmed_through = ? WHERE workspace_id = ?')
  const stateOf = (workspaceId: string) =>
    (state.get(workspaceId) as { held: bigint, trimmedThrough: bigint } | undefined) ?? { held: 0n, trimmedThrough: 0n }
  return {
    maxEntries,
    batch,
    trim (workspaceId) {
      if (maxEntries === 0) return
      const held = Number(stateOf(workspaceId).held)
      if (held < maxEntries + batch) return
      const through = nthOldest.get(workspaceId, held - maxEntries - 1) as bigint
      deleteThrough.run(workspaceId, through)
      markTrimmed.run(through, workspaceId)
    },
    cursorFor (workspaceId, beforeSeq) {
      // A read by offset has no cursor, and a log that keeps everything was never trimmed: no state to read.
      if (beforeSeq === undefined || maxEntries === 0) return beforeSeq
      const { trimmedThrough } = stateOf(workspaceId)
      // Sequence numbers start at 1: 0 means this workspace's log was never trimmed.
      if (trimmedThrough === 0n || beforeSeq > trimmedThrough) return beforeSeq
      const first = oldest.get(workspaceId) as bigint | null
      return first === null || beforeSeq >= first ? beforeSeq : first + 1n
    }
  }
}
