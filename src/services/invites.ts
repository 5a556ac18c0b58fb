// Workspace invites: list, get, create (email or link), update and revoke, each audited as
// `workspace:invite`. Rules from the official CLI's README.
import { fail } from '../errors.js'
import type { Page, PaginationQuery } from '../schemas/common.js'
import type { CreateInviteBody, Invite, UpdateInviteBody } from '../schemas/invites.js'
import { pageOf, recordAudit, type OpContext } from './context.js'
import { changedFields } from './patch-changes.js'

/** INFER: the API default is undocumented; the official CLI sends `maxUses: 1` unless told otherwise. */
export const DEFAULT_LINK_MAX_USES = 1

export interface InviteRef { inviteId: string }

/** GET /workspaces/invites: the workspace's live invites, in creation order. */
export function list (ctx: OpContext, page: PaginationQuery): Page<Invite> {
  return ctx.stores.invites.list(ctx.caller.workspaceId, pageOf(ctx, page))
}

export function get (ctx: Pick<OpContext, 'stores' | 'caller'>, { inviteId }: InviteRef): Invite {
  const invite = ctx.stores.invites.get(ctx.caller.workspaceId, inviteId)
  if (!invite) fail('EMU_NOT_FOUND', 'Invite', inviteId)
  return invite
}

/** The type follows the body's shape: an `email` makes an email invite, anything else a link invite. */
function newInvite (ctx: OpContext, body: CreateInviteBody): Invite {
  const base = {
    id: ctx.ids.shortId(), created: ctx.clock.nowIso(), status: 'pending' as const, role: body.role,
    resolvedAt: null, redeemedBy: null
  }
  // Email invites carry no usage fields: the official CLI treats them as having no usage limit.
  if ('email' in body) return { ...base, type: 'email', email: body.email, restrictedDomains: null }
  return {
    ...base, type: 'link', email: null, uses: 0,
    maxUses: body.maxUses ?? DEFAULT_LINK_MAX_USES, restrictedDomains: body.restrictedDomains ?? null
  }
}

export function create (ctx: OpContext, { body }: { body: CreateInviteBody }): Invite {
  const invite = newInvite(ctx, body)
  return ctx.stores.transaction(() => {
    ctx.stores.invites.insert(ctx.caller.workspaceId, invite)
    const { id: inviteId, type, role, email, maxUses, restrictedDomains } = invite
    const details = type === 'email' ? { inviteId, type, role, email } : { inviteId, type, role, maxUses, restrictedDomains }
    recordAudit(ctx, { action: 'workspace:invite', operation: 'create', details })
    return invite
  })
}

/** Email invites keep their single use and no domains; link invites have no email (official CLI README). */
function assertFieldsFit (invite: Invite, patch: UpdateInviteBody): void {
  if (invite.type === 'email') {
    for (const field of ['maxUses', 'restrictedDomains'] as const) {
      if (patch[field] !== undefined) fail('EMU_INVITE_FIELD', 'email', field)
    }
    if (patch.email === null) fail('EMU_INVITE_EMAIL_REQUIRED')
  } else if (patch.email !== undefined) {
    fail('EMU_INVITE_FIELD', 'link', 'email')
  }
}

export function update (ctx: OpContext, { inviteId, patch }: InviteRef & { patch: UpdateInviteBody }): Invite {
  const current = get(ctx, { inviteId })
  // INFER: a redeemed or rejected invite is history, like the revoke rule says; changing it is refused too.
  if (current.status !== 'pending') fail('EMU_INVITE_NOT_PENDING', inviteId, current.status, 'updated')
  assertFieldsFit(current, patch)
  const changes = changedFields(current, patch)
  // INFER: an empty or no-op PATCH answers the invite unchanged and unaudited, as PATCH /scenes does.
  if (Object.keys(changes).length === 0) return current
  const updated: Invite = { ...current, ...changes }
  return ctx.stores.transaction(() => {
    ctx.stores.invites.replace(ctx.caller.workspaceId, updated)
    recordAudit(ctx, { action: 'workspace:invite', operation: 'update', details: { inviteId, changes } })
    return updated
  })
}

/** DELETE revokes a pending invite: it leaves lists and reads (404 afterwards), and the link stops working. */
export function revoke (ctx: OpContext, { inviteId }: InviteRef): Record<string, never> {
  const current = get(ctx, { inviteId })
  if (current.status !== 'pending') fail('EMU_INVITE_NOT_PENDING', inviteId, current.status, 'revoked')
  return ctx.stores.transaction(() => {
    ctx.stores.invites.revoke(ctx.caller.workspaceId, inviteId, ctx.clock.now())
    recordAudit(ctx, {
      action: 'workspace:invite', operation: 'delete',
      details: { inviteId, type: current.type, role: current.role, email: current.email }
    })
    return {}
  })
}
