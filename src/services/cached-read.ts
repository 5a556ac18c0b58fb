// Read answers kept in the exact read cache (store/read-cache.ts), for REST routes and MCP tools alike. A kept answer
// is valid until the next write of any row; besides that, it depends on exactly what its key names: the read (a
// route or a tool, since each surface keeps its own text), whose view it is (workspace, user, and whether private
// scenes show), the values of the compatibility switches whose row says they affect reads (config/compat.ts) and the
// input. A change of any switch empties the cache besides (app.ts); nothing else a read depends on may change
// without a write.
import { readSwitchValues } from '../config/compat.js'
import { viewerOf, type OpContext } from './context.js'

/** What a kept answer depends on besides the database and the read itself. */
function dependencies (ctx: OpContext, input: unknown): unknown[] {
  const { userId, seesAll } = viewerOf(ctx.caller)
  const viewer = seesAll ? '*' : userId ?? ''
  return [ctx.caller.workspaceId, viewer, readSwitchValues(ctx.compat), input]
}

/** The kept answer of `read` for this caller and input, produced and kept when there is none. */
export function cachedRead<T> (ctx: OpContext, read: string, input: unknown, produce: () => T): T {
  return ctx.stores.readCache.get(read, dependencies(ctx, input), produce)
}

/** Keeps `answer` as what `read` answers next: for a write whose answer is that read's (after its commit). */
export function keepRead<T> (ctx: OpContext, read: string, input: unknown, answer: T): void {
  ctx.stores.readCache.set(read, dependencies(ctx, input), answer)
}

/**
 * The kept answer of `read`, or a `keep` for one computed asynchronously (an MCP exchange): kept only when nothing
 * was written while it was computed.
 */
export function lookupRead<T> (ctx: OpContext, read: string, input: unknown): { found: true, value: T } | { found: false, keep: (answer: T) => void } {
  return ctx.stores.readCache.lookup<T>(read, dependencies(ctx, input))
}
