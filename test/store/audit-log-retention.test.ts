// Audit log retention (store/audit-log-retention.ts): the newest entries per workspace are kept, the oldest trimmed
// in batches back to exactly the bound; counts follow cascades and snapshot restores; 0 keeps everything.
import t from 'tap'
import { openDatabase } from '../../src/store/database.js'
import { createAuditLogStore } from '../../src/store/audit-log-store.js'
import { trimBatch } from '../../src/store/audit-log-retention.js'
import { createSnapshotStore } from '../../src/store/snapshot-store.js'
import type { LogEntry } from '../../src/schemas/logs.js'

function setUp (maxEntries: number) {
  const db = openDatabase(':memory:')
  for (const id of ['wsA', 'wsB']) db.prepare("INSERT INTO workspaces (id, fixture_set, doc) VALUES (?, 'x', '{}')").run(id)
  return { db, log: createAuditLogStore(db, { auditLogMax: maxEntries }) }
}

function entry (workspaceId: string, n: number): LogEntry {
  return {
    id: `${workspaceId}-${n}`, action: 'scene', operation: 'update', details: { n }, created_at: '2026-01-01T00:00:00.000Z',
    ip_address: null, user_id: null, workspace_id: workspaceId, app_source: 'excalidraw-plus', source_type: 'api', source_id: 'k', status: 200
  } as LogEntry
}

/** Appends entries numbered from..to (inclusive), oldest first. */
function appendRange (log: ReturnType<typeof createAuditLogStore>, workspaceId: string, from: number, to: number): void {
  for (let n = from; n <= to; n++) log.append(workspaceId, entry(workspaceId, n))
}

/** The numbers of the entries kept, newest first. */
const kept = (log: ReturnType<typeof createAuditLogStore>, workspaceId: string) =>
  log.listAll(workspaceId).map((row) => (row.entry.details as { n: number }).n)
const range = (newest: number, oldest: number) => Array.from({ length: newest - oldest + 1 }, (_, i) => newest - i)

t.test('the batch is 1% of the bound, at least one entry', async (t) => {
  t.same([trimBatch(1), trimBatch(10), trimBatch(199), trimBatch(200), trimBatch(2000), trimBatch(50_000)], [1, 1, 1, 2, 20, 500])
})

t.test('a bound under 200 trims on every write past it: exactly the newest are kept', async (t) => {
  const { log } = setUp(10)
  appendRange(log, 'wsA', 1, 10)
  t.same(kept(log, 'wsA'), range(10, 1), 'at the bound nothing goes')
  appendRange(log, 'wsA', 11, 25)
  t.same(kept(log, 'wsA'), range(25, 16), 'the newest 10, in order')
  t.same(log.count('wsA', {}), 10)
})

t.test('a larger bound trims in batches, back to exactly the bound, keeping the newest', async (t) => {
  const { log } = setUp(300)
  appendRange(log, 'wsA', 1, 302)
  t.equal(log.count('wsA', {}), 302, 'up to batch - 1 over the bound before a trim')
  log.append('wsA', entry('wsA', 303))
  t.same(kept(log, 'wsA'), range(303, 4), 'the batch-th entry over trims back to the newest 300')
  appendRange(log, 'wsA', 304, 1000)
  const held = log.count('wsA', {})
  t.ok(held >= 300 && held < 303, `held ${held}: never under the bound, never a batch over`)
  t.same(kept(log, 'wsA'), range(1000, 1001 - held))
})

t.test('each workspace keeps its own newest entries', async (t) => {
  const { log } = setUp(5)
  appendRange(log, 'wsB', 1, 3)
  appendRange(log, 'wsA', 1, 20)
  t.same(kept(log, 'wsB'), [3, 2, 1], 'a quiet workspace loses nothing to a busy one')
  t.same(kept(log, 'wsA'), range(20, 16))
})

t.test('0 keeps every entry', async (t) => {
  const { log } = setUp(0)
  appendRange(log, 'wsA', 1, 5000)
  t.equal(log.count('wsA', {}), 5000)
  t.same(kept(log, 'wsA').slice(-3), [3, 2, 1])
})

t.test('the counts follow deleted workspaces and snapshot restores', async (t) => {
  const { db, log } = setUp(5)
  const snapshots = createSnapshotStore(db)
  appendRange(log, 'wsA', 1, 3)
  const dump = snapshots.dump(null)
  appendRange(log, 'wsA', 4, 9)
  t.same(kept(log, 'wsA'), range(9, 5))
  snapshots.restore(dump)
  t.same(kept(log, 'wsA'), [3, 2, 1], 'the restored log')
  appendRange(log, 'wsA', 10, 12)
  t.same(kept(log, 'wsA'), [12, 11, 10, 3, 2], 'counted from what the restore brought back')
  db.prepare("DELETE FROM workspaces WHERE id = 'wsA'").run()
  db.prepare("INSERT INTO workspaces (id, fixture_set, doc) VALUES ('wsA', 'x', '{}')").run()
  appendRange(log, 'wsA', 1, 5)
  t.same(kept(log, 'wsA'), range(5, 1), 'a cascade took the count with the entries')
  t.same(db.prepare('SELECT workspace_id, held FROM temp.audit_counts ORDER BY 1').all(), [{ workspace_id: 'wsA', held: 5 }])
})

t.test('cursors across a trim', async (t) => {
  const { log } = setUp(5)
  appendRange(log, 'wsA', 1, 5)
  const seqOf = (n: number) => BigInt(log.listAll('wsA').find((row) => (row.entry.details as { n: number }).n === n)!.seq)
  const window = (beforeSeq: bigint, limit = 10) => log.list('wsA', {}, { beforeSeq, offset: 0n, limit }).map((row) => (row.entry.details as { n: number }).n)
  const atThree = seqOf(3)
  const atOne = seqOf(1)
  appendRange(log, 'wsA', 6, 7)
  t.same(window(atThree), [], 'the oldest kept entry as a cursor: nothing kept is older (1 and 2 were trimmed)')
  t.same(window(seqOf(5)), [4, 3], 'a cursor into kept entries reads on as before')
  t.same(window(atOne), [3], 'a cursor into trimmed entries continues at the oldest kept one')
  t.same(window(0n), [3], 'so does 0 once the log was trimmed')
  const untrimmed = setUp(5).log
  appendRange(untrimmed, 'wsA', 1, 2)
  t.same(untrimmed.list('wsA', {}, { beforeSeq: 0n, offset: 0n, limit: 10 }), [], 'nothing is older than 0 in a log never trimmed')
})
