// Isolated workspaces for test suites (admin API): create empty or demo copies with fresh keys, delete, and
// reset one workspace or the whole emulator. State at creation is kept in memory as the workspace's baseline.
import { fail } from '../errors.js'
import type { Clock } from '../lib/clock.js'
import type { IdFactory } from '../lib/ids.js'
import type { Stores } from '../store/index.js'
import type { CreateWorkspaceBody, ProvisionedWorkspace, WorkspaceReset } from '../schemas/admin.js'
import type { Collection } from '../schemas/collections.js'
import type { WorkspaceUser } from '../schemas/users.js'
import type { Dump, SnapshotStore } from '../store/snapshot-store.js'
import type { FixtureSet, FixtureWorkspace } from './fixtures.js'
import { mintKey } from './keys.js'
import { seedFixtureSet, seedWorkspace } from './seed.js'

export interface ProvisioningDeps {
  stores: Stores
  snapshots: SnapshotStore
  clock: Clock
  ids: IdFactory
  fixtures: FixtureSet
}

/** INFER: the name of a workspace created without one; any name the real service accepts would do. */
export const DEFAULT_WORKSPACE_NAME = 'Test Workspace'
const DEFAULT_COLLECTION_NAME = 'General'

/** An empty workspace as a one-workspace fixture: an admin and the default collection, nothing else. */
function emptyWorkspace ({ clock, ids }: ProvisioningDeps, id: string, name: string): FixtureWorkspace {
  const now = clock.nowIso()
  const adminId = ids.shortId()
  const admin: WorkspaceUser = {
    created: now, uid: `uid-${adminId}`, id: adminId, picture: null,
    // INFER: a unique, well-formed address under the reserved .test TLD (RFC 2606), one per workspace.
    email: `admin.${id.toLowerCase()}@emulator.test`,
    name: 'Workspace Admin', updated: null, workspaceTeams: {}, lastActive: null, role: 'admin'
  }
  const general: Collection = {
    id: ids.shortId(), isDefault: true, workspace: id, creator: adminId, updater: null, teams: [],
    created: now, sortOrder: null, name: DEFAULT_COLLECTION_NAME, updated: null, isDeleted: false, emoji: null
  }
  return {
    dir: '',
    workspace: {
      id, name, created: now, picture: null, subscriptionStatus: 'active', creator: adminId, updater: null,
      willCancelAt: null, preferences: { userApiKeysEnabled: true }
    },
    users: [admin], keys: [], collections: [general], scenes: [], invites: [], logs: []
  }
}

/**
 * The demo fixture under a new workspace id. Scene, collection and user ids stay as they are: every table is
 * keyed per workspace. Only the fields that name the workspace change; the fixture's own keys are not copied.
 */
function relocate (fixture: FixtureWorkspace, id: string, name: string | undefined): FixtureWorkspace {
  const link = <T extends { workspace: string }>(l: T): T => ({ ...l, workspace: id })
  return {
    ...fixture,
    workspace: { ...fixture.workspace, id, name: name ?? fixture.workspace.name },
    keys: [],
    collections: fixture.collections.map(link),
    scenes: fixture.scenes.map((scene) => ({
      ...scene,
      record: {
        ...scene.record,
        metadata: link(scene.record.metadata),
        readOnlyLinks: scene.record.readOnlyLinks.map(link),
        sharedSlidesLinks: scene.record.sharedSlidesLinks.map(link)
      }
    })),
    logs: fixture.logs.map((entry) => ({ ...entry, workspace_id: id }))
  }
}

function mintStarterKeys (deps: ProvisioningDeps, workspaceId: string, admin: WorkspaceUser): ProvisionedWorkspace['keys'] {
  const mint = (permission: 'read' | 'full', kind: 'workspace' | 'personal', label: string) =>
    mintKey(deps, { workspaceId, permission, kind, userId: kind === 'personal' ? admin.id : null, label }).key
  return {
    full: mint('full', 'workspace', 'workspace full (admin API)'),
    read: mint('read', 'workspace', 'workspace read (admin API)'),
    personal: mint('full', 'personal', `personal key of ${admin.name} (admin API)`)
  }
}

export function createProvisioning (deps: ProvisioningDeps) {
  const { stores, snapshots, fixtures } = deps
  /** Admin-created workspaces → their rows right after creation (keys included), for per-workspace reset. */
  const baselines = new Map<string, Dump>()
  const fixtureOf = (id: string) => fixtures.workspaces.find((w) => w.workspace.id === id)

  return {
    /** The workspace's compatibility switches are the admin route's business (layers/compat), not the store's. */
    create (body: Omit<CreateWorkspaceBody, 'compat'>): Omit<ProvisionedWorkspace, 'compat'> {
      const id = deps.ids.shortId()
      const source = body.fixtures === 'demo'
        ? relocate(fixtures.workspaces[0], id, body.name)
        : emptyWorkspace(deps, id, body.name ?? DEFAULT_WORKSPACE_NAME)
      // Loaded fixtures always hold an admin (fixtures.ts checks), and an empty workspace is made with one.
      const admin = source.users.find((u) => u.role === 'admin') as WorkspaceUser
      return stores.transaction(() => {
        seedWorkspace(stores, source, null, { withKeys: false })
        const keys = mintStarterKeys(deps, id, admin)
        baselines.set(id, snapshots.dump(id))
        return { workspace: { id, name: source.workspace.name }, users: source.users, keys }
      })
    },

    /** Deletes the workspace and, through the cascades, everything in it, its keys included. */
    remove (id: string): void {
      if (!stores.workspaces.remove(id)) fail('EMU_NOT_FOUND', 'Workspace', id)
      baselines.delete(id)
    },

    /** A fixture workspace comes back from its fixtures (even after a delete); an admin-made one to its baseline. */
    reset (id: string): WorkspaceReset {
      const fixture = fixtureOf(id)
      if (fixture) {
        stores.transaction(() => {
          snapshots.removeWorkspace(id)
          seedWorkspace(stores, fixture, fixtures.name)
        })
        return { workspace: { id, name: fixture.workspace.name }, restoredFrom: 'fixtures' }
      }
      const baseline = baselines.get(id)
      if (!baseline) {
        if (stores.workspaces.getDoc(id)) fail('EMU_NO_BASELINE', id)
        fail('EMU_NOT_FOUND', 'Workspace', id)
      }
      snapshots.restore(baseline)
      const doc = stores.workspaces.getDoc(id)
      return { workspace: { id, name: doc?.name ?? id }, restoredFrom: 'creation' }
    },

    /** Every table emptied and the fixture set seeded again; admin-made workspaces are gone. */
    resetAll (): string[] {
      stores.transaction(() => {
        snapshots.removeAll()
        seedFixtureSet(stores, fixtures)
      })
      baselines.clear()
      return fixtures.workspaces.map((w) => w.workspace.id)
    },

    /** Baselines a snapshot carries along: all of them, or that workspace's. */
    baselinesOf (workspaceId: string | null): Array<[string, Dump]> {
      return [...baselines].filter(([id]) => workspaceId === null || id === workspaceId)
    },

    /** Puts back the baselines a snapshot carried, so a restored admin workspace can still be reset. */
    restoreBaselines (workspaceId: string | null, entries: Array<[string, Dump]>): void {
      if (workspaceId === null) baselines.clear()
      else baselines.delete(workspaceId)
      for (const [id, dump] of entries) baselines.set(id, dump)
    }
  }
}
export type Provisioning = ReturnType<typeof createProvisioning>
