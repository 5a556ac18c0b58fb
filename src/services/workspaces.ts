// The workspace: read, and rename / avatar changes audited with the documented actions.
import { fail } from '../errors.js'
import type { UpdateWorkspaceBody, Workspace } from '../schemas/workspaces.js'
import { callerUserId, recordAudit, type OpContext } from './context.js'
import { changedFields, pick } from './patch-changes.js'

/** GET /workspaces: the caller's workspace. */
export function get (ctx: Pick<OpContext, 'stores' | 'caller'>): Workspace {
  const { workspaceId } = ctx.caller
  const workspace = ctx.stores.workspaces.get(workspaceId)
  // A key always belongs to a stored workspace; this guards a workspace dropped under a live key.
  if (!workspace) fail('EMU_NOT_FOUND', 'Workspace', workspaceId)
  return workspace
}

/**
 * The emulator's workspaces, oldest first: the harness's view (an API key only ever sees its own, GET /workspaces),
 * so a context the harness's caller makes, of any workspace, and refused to any other (as scenes.listTrashed is).
 */
export function listAll (ctx: OpContext): Array<{ id: string, name: string, fixtureSet: string | null }> {
  if (ctx.caller.seesPrivate !== true) throw new Error('every workspace is the harness\'s view: no API caller lists them')
  return ctx.stores.workspaces.list()
}

/** A lone rename or avatar change has its own documented action; anything else is plain `workspace`. */
function actionOf (fields: string[]): string {
  if (fields.length === 1 && fields[0] === 'name') return 'workspace:rename'
  if (fields.length === 1 && fields[0] === 'picture') return 'workspace:avatar'
  return 'workspace'
}

/** PATCH /workspaces: `name` and/or `picture` (null clears it); `updater` becomes the acting user. */
export function update (ctx: OpContext, { patch }: { patch: UpdateWorkspaceBody }): Workspace {
  const doc = ctx.stores.workspaces.getDoc(ctx.caller.workspaceId)
  if (!doc) fail('EMU_NOT_FOUND', 'Workspace', ctx.caller.workspaceId)
  const changes = changedFields(doc, patch)
  const fields = Object.keys(changes) as Array<keyof typeof changes>
  // INFER: an empty or no-op PATCH is schema-valid; it answers the workspace unchanged,
  // unaudited, as PATCH /scenes does.
  if (fields.length === 0) return get(ctx)
  return ctx.stores.transaction(() => {
    ctx.stores.workspaces.replaceDoc({ ...doc, ...changes, updater: callerUserId(ctx.caller) })
    recordAudit(ctx, {
      action: actionOf(fields), operation: 'update', details: { changes, previous: pick(doc, fields) }
    })
    return get(ctx)
  })
}
