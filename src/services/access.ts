// The one permission rule: may this caller run this operation? Pure, so REST routes and MCP
// tools ask the same question of the same facts: the key's permission, its route restrictions, the user's role.
import { fail } from '../errors.js'
import type { Caller } from './context.js'
import type { Compat } from '../config/compat.js'

/** An operation as the REST route table declares it (api/v1/operations.ts collects these). */
export interface Operation {
  method: string
  /** `METHOD /path/{param}` without the /api/v1 prefix: the form key route restrictions use. */
  signature: string
  adminOnly: boolean
  /** A read of users, invites or logs: admin-only unless the `memberReads` switch says `allow`. */
  adminRead?: boolean
}

const READ_METHODS = new Set(['GET', 'HEAD'])

/** A restriction is `METHOD /path` with OpenAPI braces; `*` stands for any method. */
export function routeAllowed (routes: readonly string[] | null, signature: string): boolean {
  if (routes === null) return true
  const [method, path] = signature.split(' ')
  return routes.some((rule) => {
    const [ruleMethod, rulePath] = rule.trim().split(/\s+/)
    return (ruleMethod === '*' || ruleMethod.toUpperCase() === method) && rulePath === path
  })
}

/** Throws the 403 for one refused operation; built only when the caller is refused, thrown only by authorize. */
type Refusal = () => never

/** Why `caller` may not run `operation`, as the 403 to throw; null when it may. */
function refusal (caller: Caller, operation: Operation, compat: Pick<Compat, 'memberReads'>): Refusal | null {
  if (caller.permission === 'read' && !READ_METHODS.has(operation.method)) {
    return () => fail('EMU_FORBIDDEN_READ_KEY', operation.method)
  }
  if (!routeAllowed(caller.routes, operation.signature)) return () => fail('EMU_FORBIDDEN_ROUTE', operation.signature)
  // INFER: workspace keys are made by admins in workspace settings, so they act with admin rights;
  // a personal key acts with its owner's role (the official CLI: a member's key gets 403).
  // The official CLI says, twice, that users, invites and logs need an admin: `memberReads`.
  const adminOnly = operation.adminOnly || (operation.adminRead === true && compat.memberReads === 'deny')
  if (adminOnly && caller.user !== null && caller.user.role !== 'admin') {
    return () => fail('EMU_FORBIDDEN_NOT_ADMIN')
  }
  return null
}

/** Throws the 403 the service answers when the caller may not run `operation`; returns when it may. */
export function authorize (caller: Caller, operation: Operation, compat: Pick<Compat, 'memberReads'>): void {
  refusal(caller, operation, compat)?.()
}

/**
 * The same rule as a yes/no, for listing what a caller may do (MCP tools/list): no error is built, since a read key
 * is refused most tools on every MCP exchange.
 */
export function isAllowed (caller: Caller, operation: Operation, compat: Pick<Compat, 'memberReads'>): boolean {
  return refusal(caller, operation, compat) === null
}
