// The invited person, played by the admin API: accepting an invite makes a workspace user with the
// invite's role and counts a use; rejecting closes an email invite. The service does this in its web app, which
// the emulator does not have, so tests drive the invite lifecycle here.
import { fail } from '../errors.js'
import type { Clock } from '../lib/clock.js'
import type { IdFactory } from '../lib/ids.js'
import type { AcceptInviteBody, AcceptedInvite } from '../schemas/admin.js'
import type { Invite } from '../schemas/invites.js'
import type { LogEntry } from '../schemas/logs.js'
import type { WorkspaceUser } from '../schemas/users.js'
import type { Stores } from '../store/index.js'

export interface InviteDeps { stores: Stores, clock: Clock, ids: IdFactory }

/** A pending invite by id in any workspace; revoked ones are gone (404), closed ones refuse `verb` (400). */
function pendingInvite (stores: Stores, inviteId: string, verb: 'accepted' | 'rejected'): { workspaceId: string, invite: Invite } {
  const found = stores.invites.find(inviteId)
  if (found === undefined) fail('EMU_NOT_FOUND', 'Invite', inviteId)
  if (found.invite.status !== 'pending') fail('EMU_INVITE_NOT_PENDING', inviteId, found.invite.status, verb)
  return found
}

/** The address the new user gets: an email invite's own, or the one given for a link (within its domains). */
function acceptingEmail (invite: Invite, body: AcceptInviteBody): string {
  if (invite.type === 'email') {
    const own = invite.email as string
    if (body.email !== undefined && body.email.toLowerCase() !== own.toLowerCase()) fail('EMU_INVITE_EMAIL_MISMATCH', invite.id, own)
    return own
  }
  if (body.email === undefined) fail('EMU_INVITE_EMAIL_NEEDED', invite.id)
  const domains = invite.restrictedDomains ?? []
  const domain = body.email.slice(body.email.lastIndexOf('@') + 1).toLowerCase()
  if (domains.length > 0 && !domains.some((allowed) => allowed.toLowerCase() === domain)) {
    fail('EMU_INVITE_DOMAIN', invite.id, domains.join(', '))
  }
  return body.email
}

/** One more use; an email invite (single use) or a link at its maxUses becomes redeemed. */
function used (invite: Invite, userId: string, now: string): Invite {
  if (invite.type === 'email') return { ...invite, status: 'redeemed', resolvedAt: now, redeemedBy: userId }
  const uses = (invite.uses ?? 0) + 1
  const full = typeof invite.maxUses === 'number' && uses >= invite.maxUses
  return full ? { ...invite, uses, status: 'redeemed', resolvedAt: now, redeemedBy: userId } : { ...invite, uses }
}

/**
 * INFER: the service logs a redemption under its documented action `workspace:invite:redeem`, made by the new
 * user in the web app (source_type `user`); the exact entry is unknown.
 */
function redeemEntry ({ ids, clock }: InviteDeps, workspaceId: string, invite: Invite, user: WorkspaceUser): LogEntry {
  return {
    id: ids.uuid(), action: 'workspace:invite:redeem', operation: 'update',
    details: { inviteId: invite.id, type: invite.type, role: invite.role, userId: user.id },
    created_at: clock.nowIso(), ip_address: null, user_id: user.id, workspace_id: workspaceId,
    app_source: 'excalidraw-plus', source_type: 'user', source_id: null, status: 200,
    user_email: user.email, user_full_name: user.name, user_picture: user.picture
  }
}

export function acceptInvite (deps: InviteDeps, inviteId: string, body: AcceptInviteBody): AcceptedInvite {
  const { stores, clock, ids } = deps
  const { workspaceId, invite } = pendingInvite(stores, inviteId, 'accepted')
  const email = acceptingEmail(invite, body)
  // Users carry no email index; a workspace has tens of users, so a scan of its list is enough here.
  const members = stores.users.list(workspaceId, { limit: 1_000_000, offset: 0 }).data
  if (members.some((member) => member.email.toLowerCase() === email.toLowerCase())) fail('EMU_ALREADY_MEMBER', email)
  const now = clock.nowIso()
  const id = ids.shortId()
  const user: WorkspaceUser = {
    created: now, uid: `uid-${id}`, id, picture: null, email, name: body.name ?? email.slice(0, email.indexOf('@')),
    updated: null, workspaceTeams: {}, lastActive: null, role: invite.role
  }
  const updated = used(invite, id, now)
  return stores.transaction(() => {
    stores.users.insert(workspaceId, user)
    stores.invites.replace(workspaceId, updated)
    stores.auditLog.append(workspaceId, redeemEntry(deps, workspaceId, updated, user))
    return { invite: updated, user }
  })
}

/** Only email invites can be turned down; INFER: nobody in the workspace acts, so no audit entry is written. */
export function rejectInvite ({ stores, clock }: InviteDeps, inviteId: string): { invite: Invite } {
  const { workspaceId, invite } = pendingInvite(stores, inviteId, 'rejected')
  if (invite.type !== 'email') fail('EMU_INVITE_NOT_EMAIL', inviteId)
  const rejected: Invite = { ...invite, status: 'rejected', resolvedAt: clock.nowIso() }
  stores.invites.replace(workspaceId, rejected)
  return { invite: rejected }
}
