// Workspace users: list, get, update (role changes audited apart) and removal, which revokes
// the user's personal keys. The last admin can be neither demoted nor removed (official CLI README).
import { fail } from '../errors.js'
import type { Page, PaginationQuery } from '../schemas/common.js'
import type { UpdateUserBody, WorkspaceUser } from '../schemas/users.js'
import type { Stores } from '../store/index.js'
import { pageOf, recordAudit, type OpContext } from './context.js'
import { changedFields } from './patch-changes.js'

export interface UserRef { userId: string }

/** GET /workspaces/users: the workspace's current users, in join order. */
export function list (ctx: OpContext, page: PaginationQuery): Page<WorkspaceUser> {
  return ctx.stores.users.list(ctx.caller.workspaceId, pageOf(ctx, page))
}

/** One user of the caller's workspace; removed users and other workspaces' users are a 404. */
export function get (ctx: Pick<OpContext, 'stores' | 'caller'>, { userId }: UserRef): WorkspaceUser {
  const user = ctx.stores.users.get(ctx.caller.workspaceId, userId)
  // FIDELITY: the reference declares no 404 on GET /workspaces/users/{userId};
  // an unknown id answers 404 in the service's envelope, the likely live behaviour.
  if (!user) fail('EMU_NOT_FOUND', 'User', userId)
  return user
}

function assertNotLastAdmin (stores: Stores, workspaceId: string, user: WorkspaceUser, verb: 'removed' | 'demoted'): void {
  if (user.role === 'admin' && stores.users.adminCount(workspaceId) <= 1) fail('EMU_LAST_ADMIN', verb)
}

/** The body as the values the user would end up with. */
function wantedFields (current: WorkspaceUser, patch: UpdateUserBody): UpdateUserBody {
  // INFER: `preferences` merges key by key into the stored ones (the published documents leave merge vs replace open):
  // every key is optional and none can be null, so a replace could never keep a preference a client did not
  // send, and clients send the one setting they change. `workspaceTeams` is replaced whole: it is a map the
  // client sends complete.
  if (patch.preferences === undefined) return patch
  const preferences = { ...current.preferences, ...patch.preferences }
  // Merging nothing new into no stored preferences is no change (rather than `preferences: {}` appearing).
  if (JSON.stringify(preferences) === JSON.stringify(current.preferences ?? {})) return { ...patch, preferences: current.preferences }
  return { ...patch, preferences }
}

/** PATCH /workspaces/users/{userId}: email is not in the body schema, so it cannot change. */
export function update (ctx: OpContext, { userId, patch }: UserRef & { patch: UpdateUserBody }): WorkspaceUser {
  const current = get(ctx, { userId })
  const changes = changedFields(current, wantedFields(current, patch))
  // INFER: an empty or no-op PATCH answers the user unchanged and unaudited, as PATCH /scenes does.
  if (Object.keys(changes).length === 0) return current
  if (changes.role === 'member') assertNotLastAdmin(ctx.stores, ctx.caller.workspaceId, current, 'demoted')
  const updated: WorkspaceUser = { ...current, ...changes, updated: ctx.clock.nowIso() }
  return ctx.stores.transaction(() => {
    ctx.stores.users.replace(ctx.caller.workspaceId, updated)
    const { role, ...others } = changes
    // A role change has its own documented action; other fields of the same request get their own entry,
    // so filtering by either action finds what it should.
    if (role !== undefined) {
      recordAudit(ctx, { action: 'workspace:user:role', operation: 'update', details: { userId, role, previousRole: current.role } })
    }
    if (Object.keys(others).length > 0) {
      recordAudit(ctx, { action: 'workspace:user', operation: 'update', details: { userId, changes: others } })
    }
    return updated
  })
}

/** DELETE /workspaces/users/{userId}: leaves `users`/`roles`, and every personal key of theirs stops working. */
export function remove (ctx: OpContext, { userId }: UserRef): Record<string, never> {
  const current = get(ctx, { userId })
  assertNotLastAdmin(ctx.stores, ctx.caller.workspaceId, current, 'removed')
  return ctx.stores.transaction(() => {
    const at = ctx.clock.now()
    ctx.stores.users.remove(ctx.caller.workspaceId, userId, at)
    const revokedKeys = ctx.stores.apiKeys.revokeForUser(ctx.caller.workspaceId, userId, at)
    recordAudit(ctx, {
      action: 'workspace:user', operation: 'delete',
      details: { userId, email: current.email, name: current.name, role: current.role, revokedKeys }
    })
    return {}
  })
}
