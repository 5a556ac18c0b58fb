// Helpers of the REST-backed tool units (tools/): each unit calls the service its REST twin calls, so the audit log,
// counters and soft deletes move alike, and answers that route's 200 body.
import type { CreateInviteBody } from '../../../schemas/invites.js'
import { callerUserId, type OpContext } from '../../../services/context.js'
import type { ToolOutput } from './registry.js'

/**
 * A list page as its REST twin serves it: through the exact read cache (store/read-cache.ts), once per database
 * version and caller, so a repeated call costs what the repeated GET does (issue 13). The text is what `json(page)`
 * would send.
 */
export function cachedPage (op: OpContext, list: string, args: object, read: () => unknown): ToolOutput {
  const key = `mcp:${list}:${op.caller.workspaceId}:${callerUserId(op.caller) ?? ''}:${op.compat.pageSize}:${JSON.stringify(args)}`
  return { text: op.stores.readCache.get(key, () => JSON.stringify(read())) }
}

/** `maxUses` is a string on create_invite_link ("unlimited" or a number): the REST body takes either form. */
export function linkInviteBody ({ role, maxUses, restrictedDomains }: { role: 'member' | 'admin', maxUses?: string, restrictedDomains?: string[] }): CreateInviteBody {
  const uses = maxUses === undefined || maxUses === 'unlimited' ? maxUses : Number(maxUses)
  return {
    role,
    ...(uses === undefined ? {} : { maxUses: uses }),
    ...(restrictedDomains === undefined ? {} : { restrictedDomains })
  }
}
