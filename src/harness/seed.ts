// Writes a loaded fixture set into the stores, one transaction per workspace (boot, reset, tests).
import { auditSourceId } from '../lib/ids.js'
import type { Stores } from '../store/index.js'
import type { FixtureSet, FixtureWorkspace } from './fixtures.js'

export interface SeedOptions {
  /** Load the fixture's keys too (false when the caller mints its own keys for a copied workspace). */
  withKeys?: boolean
}

export function seedWorkspace (stores: Stores, fixture: FixtureWorkspace, fixtureSet: string | null, options: SeedOptions = {}): void {
  const { workspace } = fixture
  stores.transaction(() => {
    stores.workspaces.insert(workspace, fixtureSet)
    for (const user of fixture.users) stores.users.insert(workspace.id, user)
    for (const collection of fixture.collections) stores.collections.insert(workspace.id, collection)
    for (const scene of fixture.scenes) {
      stores.scenes.insert(workspace.id, scene.record, scene.ownerId)
      stores.sceneContent.put(workspace.id, scene.record.metadata.id, scene.content, scene.unavailableFiles)
    }
    for (const invite of fixture.invites) stores.invites.insert(workspace.id, invite)
    // A fixture's entries name their keys as the API's entries do (one source_id format, whoever wrote them).
    for (const entry of fixture.logs) {
      stores.auditLog.append(workspace.id, typeof entry.source_id === 'string' ? { ...entry, source_id: auditSourceId(entry.source_id) } : entry)
    }
    if (options.withKeys !== false) seedKeys(stores, fixture)
  })
}

function seedKeys (stores: Stores, fixture: FixtureWorkspace): void {
  const created = Date.parse(fixture.workspace.created)
  for (const key of fixture.keys) {
    const stored = stores.apiKeys.insert({
      id: key.id,
      secret: key.secret,
      workspaceId: fixture.workspace.id,
      label: key.label ?? null,
      kind: key.kind,
      userId: key.user ?? null,
      permission: key.permission,
      routes: key.routes ?? null,
      expiresAt: key.expiresAt ? Date.parse(key.expiresAt) : null,
      createdAt: created
    })
    if (key.revoked === true) stores.apiKeys.revoke(stored.id, created)
  }
}

export function seedFixtureSet (stores: Stores, set: FixtureSet): void {
  for (const workspace of set.workspaces) seedWorkspace(stores, workspace, set.name)
}
