// What the demo page shows, read the way the API reads it: through services/ with a harness caller that sees a
// workspace whole (private scenes too) and may not write; keys through the harness, never their secrets.
import { createHash } from 'node:crypto'

import { EmulatorError } from '../../errors.js'
import type { Collection } from '../../schemas/collections.js'
import type { Page } from '../../schemas/common.js'
import type { SceneRecord } from '../../schemas/scenes.js'
import type { SceneContent } from '../../schemas/scene-content.js'
import type { AdminKey } from '../../schemas/admin.js'
import type { SceneIdentity } from '../../lib/scene-identity.js'
import { contextFor, harnessCaller, type OpContext } from '../../services/context.js'
import * as collections from '../../services/collections.js'
import * as scenes from '../../services/scenes.js'
import * as sceneContent from '../../services/scene-content.js'
import * as users from '../../services/users.js'
import * as workspaces from '../../services/workspaces.js'
import { listKeys } from '../../harness/keys.js'
import type { RouteScope } from '../../lib/route-file.js'

export interface WorkspaceSummary {
  id: string
  name: string
  fixtureSet: string | null
  collections: number
  scenes: number
  users: number
  keys: AdminKey[]
}

export interface CollectionView { collection: Collection, scenes: SceneRecord[] }

/** The context of the page's reads in one workspace: the harness caller, made the one way (services/context.ts). */
export function harnessContext (app: RouteScope, workspaceId: string): OpContext {
  return contextFor(app, harnessCaller(workspaceId))
}

/** No workspace has this id: the caller of the reads of the whole emulator stands in none (global switches apply). */
const NO_ONE_WORKSPACE = '*'

/** The context of the page's reads across workspaces (workspaces.listAll): the harness caller of no one workspace. */
export function emulatorContext (app: RouteScope): OpContext {
  return harnessContext(app, NO_ONE_WORKSPACE)
}

/** Every item of an offset list, page by page (the largest page the API allows). */
function everything<T> (read: (page: { limit: number, offset: number }) => Page<T>): T[] {
  const items: T[] = []
  for (let offset = 0; ; offset += 100) {
    const page = read({ limit: 100, offset })
    items.push(...page.data)
    if (!page.hasNextPage) return items
  }
}

export function workspaceSummaries (app: RouteScope): WorkspaceSummary[] {
  return workspaces.listAll(emulatorContext(app)).map(({ id, name, fixtureSet }) => {
    const ctx = harnessContext(app, id)
    return {
      id,
      name,
      fixtureSet,
      collections: everything((page) => collections.list(ctx, page)).length,
      scenes: everything((page) => scenes.list(ctx, page)).length,
      users: everything((page) => users.list(ctx, page)).length,
      keys: listKeys(app, id)
    }
  })
}

/** Collections in API order with their live scenes; scenes of the virtual private collection come last. */
export function collectionViews (app: RouteScope, workspaceId: string): CollectionView[] {
  const ctx = harnessContext(app, workspaceId)
  const all = everything((page) => scenes.list(ctx, page))
  const views = everything((page) => collections.list(ctx, page)).map((collection) =>
    ({ collection, scenes: all.filter((scene) => scene.metadata.collection === collection.id) }))
  const privateScenes = all.filter((scene) => scene.metadata.collection === collections.PRIVATE_COLLECTION_ID)
  if (privateScenes.length === 0) return views
  const placeholder = { ...views[0]?.collection, id: collections.PRIVATE_COLLECTION_ID, name: 'Private (each member\'s own)', isDefault: false } as Collection
  return [...views, { collection: placeholder, scenes: privateScenes }]
}

export interface FoundScene { workspaceId: string, scene: SceneRecord, trashed: boolean }

/**
 * A scene by id in whichever workspace holds it (ids are unique across the emulator's workspaces), live scenes
 * first, then the trash (the page shows trashed scenes behind a toggle; the API answers 404 for them).
 */
export function findScene (app: RouteScope, sceneId: string, workspaceId?: string): FoundScene | undefined {
  const candidates = workspaceId === undefined ? workspaces.listAll(emulatorContext(app)).map((w) => w.id) : [workspaceId]
  for (const id of candidates) {
    try {
      return { workspaceId: id, scene: scenes.get(harnessContext(app, id), { sceneId }), trashed: false }
    } catch (error) {
      if (!(error instanceof EmulatorError && error.statusCode === 404)) throw error
    }
  }
  for (const id of candidates) {
    const scene = scenes.listTrashed(harnessContext(app, id)).find((record) => record.metadata.id === sceneId)
    if (scene !== undefined) return { workspaceId: id, scene, trashed: true }
  }
  return undefined
}

/** The content document GET /api/v1/scenes/{id}/content answers, or a trashed scene's stored content likewise. */
export function sceneDocument (app: RouteScope, found: FoundScene): SceneContent {
  return sceneContent.documentOf(harnessContext(app, found.workspaceId), found.scene)
}

/** The identity of the drawing sceneDocument answers, from the stored text and kept until the next write: no parse. */
export function sceneIdentityOf (app: RouteScope, found: FoundScene): SceneIdentity {
  return sceneContent.identityOf(harnessContext(app, found.workspaceId), found.scene)
}

/**
 * What a scene's card shows, as one token: `sceneVersion:contentEpoch` (what its picture is keyed on) and a digest
 * of the details beside it (name, pinned, private, element counts, updated), which a rename or a pin changes
 * without moving the version.
 */
export function cardToken ({ metadata: m }: SceneRecord): string {
  const details = JSON.stringify([m.name, m.pinned, m.isPrivate, m.totalElements, m.deletedElements, m.updated ?? m.created])
  return `${m.sceneVersion}:${m.contentEpoch}:${createHash('sha256').update(details).digest('base64url').slice(0, 12)}`
}

/** The card token of every live scene: the page polls it to refresh the cards (and pictures) that changed. */
export function sceneVersions (app: RouteScope, workspaceId: string): Record<string, string> {
  const ctx = harnessContext(app, workspaceId)
  return Object.fromEntries(everything((page) => scenes.list(ctx, page)).map((scene) => [scene.metadata.id, cardToken(scene)]))
}
