// Who the demo editor saves as. The product's editor always saves as a signed-in member, so the emulator's does
// too: a private scene's owner (the only member who may open it; saving as anyone else would also move the scene
// to them), else the workspace's first admin (who may edit every shared scene). A workspace without members saves
// as a workspace key would, with no user. The page names this identity; the audit log records it.

import type { WorkspaceUser } from '../../schemas/users.js'
import type { Caller, OpContext } from '../../services/context.js'
import { PRIVATE_COLLECTION_ID } from '../../services/collections.js'
import * as scenes from '../../services/scenes.js'
import * as users from '../../services/users.js'
import { harnessContext, type FoundScene } from './data.js'
import type { RouteScope } from '../../lib/route-file.js'

/** The key id the editor's saves carry in the audit log (`source_id`): no API key is involved. */
export const EDITOR_KEY_ID = 'emulator-editor'

export interface EditorIdentity {
  /** Null: saves as a workspace key would (no user); the scene is still editable. */
  user: WorkspaceUser | null
  /** Why this identity, as the page says it. */
  reason: string
  /** Set when the editor may not save at all: the page opens read-only and says why. */
  readOnly: string | null
}

function firstAdmin (ctx: OpContext): WorkspaceUser | null {
  for (let offset = 0; ; offset += 100) {
    const page = users.list(ctx, { limit: 100, offset })
    const admin = page.data.find((user) => user.role === 'admin')
    if (admin !== undefined) return admin
    if (!page.hasNextPage) return null
  }
}

export function editorIdentity (app: RouteScope, found: FoundScene): EditorIdentity {
  const { workspaceId, scene, trashed } = found
  const ctx = harnessContext(app, workspaceId)
  const inTrash = trashed ? 'the scene is in the trash (the API answers 404 for it)' : null
  if (scene.metadata.collection === PRIVATE_COLLECTION_ID) {
    const owner = scenes.privateOwner(ctx, { sceneId: scene.metadata.id })
    if (owner === null) return { user: null, reason: 'private scene', readOnly: 'its owner is no longer a member of the workspace' }
    return { user: owner, reason: 'the owner of this private scene', readOnly: inTrash }
  }
  const admin = firstAdmin(ctx)
  if (admin === null) return { user: null, reason: 'the workspace has no members: saves as a workspace key would', readOnly: inTrash }
  return { user: admin, reason: 'the workspace\'s first admin', readOnly: inTrash }
}

/** The caller of the editor's saves: the identity above with full rights, from the browser's address. */
export function editorCaller (workspaceId: string, identity: EditorIdentity, ip: string): Caller {
  return { workspaceId, user: identity.user, keyId: EDITOR_KEY_ID, permission: 'full', routes: null, ip, seesPrivate: false }
}
