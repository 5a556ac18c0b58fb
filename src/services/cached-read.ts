// Read answers kept in the exact read cache (store/read-cache.ts), for REST routes and MCP tools alike. A kept answer
// is valid until the next write of any row; besides that, it depends on exactly what its key names: the read (a
// route or a tool, since each surface keeps its own text), whose view it is (workspace, user, and whether private
// scenes show), the page size switch and the input. Nothing else a read depends on may change without a write.
import { viewerOf, type OpContext } from './context.js'

function readKey (ctx: OpContext, read: string, input: unknown): string {
  const { userId, seesAll } = viewerOf(ctx.caller)
  const viewer = seesAll ? '*' : userId ?? ''
  return `${read}\n${ctx.caller.workspaceId}\n${viewer}\n${ctx.compat.pageSize}\n${JSON.stringify(input)}`
}

/** The kept answer of `read` for this caller and input, produced and kept when there is none. */
export function cachedRead<T> (ctx: OpContext, read: string, input: unknown, produce: () => T): T {
  return ctx.stores.readCache.get(readKey(ctx, read, input), produce)
}

/** Keeps `answer` as what `read` answers next: for a write whose answer is that read's (after its commit). */
export function keepRead<T> (ctx: OpContext, read: string, input: unknown, answer: T): void {
  ctx.stores.readCache.set(readKey(ctx, read, input), answer)
}

/**
 * The kept answer of `read`, or a `keep` for one computed asynchronously (an MCP exchange): kept only when nothing
 * was written while it was computed.
 */
export function lookupRead<T> (ctx: OpContext, read: string, input: unknown): { found: true, value: T } | { found: false, keep: (answer: T) => void } {
  return ctx.stores.readCache.lookup<T>(readKey(ctx, read, input))
}
