// Named snapshots of the database (whole, or one workspace) kept in process memory, restored exactly on demand.
// FIDELITY: no upstream counterpart; a test-harness feature. Snapshots do not survive a restart, even with a file DB.
import { fail } from '../errors.js'
import type { Clock } from '../lib/clock.js'
import type { Stores } from '../store/index.js'
import type { SnapshotSummary } from '../schemas/admin.js'
import type { Dump, SnapshotStore } from '../store/snapshot-store.js'
import type { Provisioning } from './provisioning.js'

export interface SnapshotDeps {
  stores: Stores
  snapshots: SnapshotStore
  clock: Clock
  provisioning: Provisioning
}

interface Held {
  summary: SnapshotSummary
  dump: Dump
  /** Creation baselines of the admin-made workspaces in scope, so reset keeps working after a restore. */
  baselines: Array<[string, Dump]>
}

export function createSnapshotService ({ stores, snapshots, clock, provisioning }: SnapshotDeps) {
  const held = new Map<string, Held>()
  // A counter, not the id factory: taking a snapshot must not shift the seeded ids a test expects next.
  let taken = 0
  const find = (id: string): Held => held.get(id) ?? fail('EMU_NOT_FOUND', 'Snapshot', id)

  return {
    take (workspaceId: string | null): SnapshotSummary {
      if (workspaceId !== null && !stores.workspaces.getDoc(workspaceId)) fail('EMU_NOT_FOUND', 'Workspace', workspaceId)
      const dump = snapshots.dump(workspaceId)
      const summary = { id: `snap_${++taken}`, workspaceId, createdAt: clock.nowIso(), rows: snapshots.rowCount(dump) }
      held.set(summary.id, { summary, dump, baselines: provisioning.baselinesOf(workspaceId) })
      return summary
    },
    /** Puts the rows back as they were (a deleted workspace comes back); the snapshot stays for reuse. */
    restore (id: string): SnapshotSummary {
      const snapshot = find(id)
      snapshots.restore(snapshot.dump)
      provisioning.restoreBaselines(snapshot.summary.workspaceId, snapshot.baselines)
      return snapshot.summary
    },
    list: (): SnapshotSummary[] => [...held.values()].map((h) => h.summary),
    remove (id: string): void {
      find(id)
      held.delete(id)
    }
  }
}
export type SnapshotService = ReturnType<typeof createSnapshotService>
