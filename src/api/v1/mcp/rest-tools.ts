// Helpers of the REST-backed tool units (tools/): each unit calls the service its REST twin calls, so the audit log,
// counters and soft deletes move alike, and answers that route's 200 body.
import type { CreateInviteBody } from '../../../schemas/invites.js'
import { cachedRead } from '../../../services/cached-read.js'
import type { OpContext } from '../../../services/context.js'
import type { ToolOutput } from './registry.js'

/**
 * A list page kept as its REST twin's is (services/cached-read.ts), so a repeated call costs what the repeated GET
 * does. The text is what `json(page)` would send: the tool keeps its own, apart from the route's serialised page.
 */
export function cachedPage (op: OpContext, list: string, args: object, read: () => unknown): ToolOutput {
  return { text: cachedRead(op, `mcp ${list}`, args, () => JSON.stringify(read())) }
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
