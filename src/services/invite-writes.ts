// Workspace invites (catalogue §6.7-6.11): create (email or link), update and revoke, each audited as
// `workspace:invite`. Rules from the official CLI's README (clients-and-format §1.1).
import { fail } from '../errors.js'
import type { Stores } from '../store/index.js'
import type { CreateInviteBody, Invite, UpdateInviteBody } from '../schemas/invites.js'
import { recordAudit, type AuditActor, type AuditDeps } from './audit.js'
import { changedFields } from './patch-changes.js'

/** INFER: the API default is undocumented; the official CLI sends `maxUses: 1` unless told otherwise. */
export const DEFAULT_LINK_MAX_USES = 1

export function getInvite (stores: Stores, workspaceId: string, inviteId: string): Invite {
  const invite = stores.invites.get(workspaceId, inviteId)
  if (!invite) fail('EMU_NOT_FOUND', 'Invite', inviteId)
  return invite
}

/** The type follows the body's shape: an `email` makes an email invite, anything else a link invite. */
function newInvite (deps: AuditDeps, body: CreateInviteBody): Invite {
  const base = {
    id: deps.ids.shortId(), created: deps.clock.nowIso(), status: 'pending' as const, role: body.role,
    resolvedAt: null, redeemedBy: null
  }
  // Email invites carry no usage fields: the official CLI treats them as having no usage limit (issue 12.4).
  if ('email' in body) return { ...base, type: 'email', email: body.email, restrictedDomains: null }
  return {
    ...base, type: 'link', email: null, uses: 0,
    maxUses: body.maxUses ?? DEFAULT_LINK_MAX_USES, restrictedDomains: body.restrictedDomains ?? null
  }
}

export function createInvite (deps: AuditDeps, actor: AuditActor, body: CreateInviteBody): Invite {
  const invite = newInvite(deps, body)
  return deps.stores.transaction(() => {
    deps.stores.invites.insert(actor.workspaceId, invite)
    const { id: inviteId, type, role, email, maxUses, restrictedDomains } = invite
    const details = type === 'email' ? { inviteId, type, role, email } : { inviteId, type, role, maxUses, restrictedDomains }
    recordAudit(deps, actor, { action: 'workspace:invite', operation: 'create', details })
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

export function updateInvite (deps: AuditDeps, actor: AuditActor, inviteId: string, patch: UpdateInviteBody): Invite {
  const current = getInvite(deps.stores, actor.workspaceId, inviteId)
  // INFER: a redeemed or rejected invite is history, like the revoke rule says; changing it is refused too.
  if (current.status !== 'pending') fail('EMU_INVITE_NOT_PENDING', inviteId, current.status, 'updated')
  assertFieldsFit(current, patch)
  const changes = changedFields(current, patch)
  // INFER: an empty or no-op PATCH answers the invite unchanged and unaudited, as PATCH /scenes does.
  if (Object.keys(changes).length === 0) return current
  const updated: Invite = { ...current, ...changes }
  return deps.stores.transaction(() => {
    deps.stores.invites.replace(actor.workspaceId, updated)
    recordAudit(deps, actor, { action: 'workspace:invite', operation: 'update', details: { inviteId, changes } })
    return updated
  })
}

/** DELETE revokes a pending invite: it leaves lists and reads (404 afterwards), and the link stops working. */
export function revokeInvite (deps: AuditDeps, actor: AuditActor, inviteId: string): Record<string, never> {
  const current = getInvite(deps.stores, actor.workspaceId, inviteId)
  if (current.status !== 'pending') fail('EMU_INVITE_NOT_PENDING', inviteId, current.status, 'revoked')
  return deps.stores.transaction(() => {
    deps.stores.invites.revoke(actor.workspaceId, inviteId, deps.clock.now())
    recordAudit(deps, actor, {
      action: 'workspace:invite', operation: 'delete',
      details: { inviteId, type: current.type, role: current.role, email: current.email }
    })
    return {}
  })
}
