// Idle MCP servers by tool set, each connected to a DirectTransport of its own: building a server and connecting,
// then closing it, was a large part of each exchange. A server serves one request at a time (the SDK
// keys its in-flight requests by JSON-RPC id, and every client starts at 1), so concurrent requests take one each.
import type { Server } from '@modelcontextprotocol/server'
import { DirectTransport } from './direct.js'
import { buildMcpServer, connectChecked, type McpServerOptions, type ToolSet } from './server.js'

export interface Pooled { server: Server, transport: DirectTransport }

/** Distinct tool sets kept (keys differ in permission, route restrictions or role); the oldest goes first. */
const MAX_TOOL_SETS = 32
/** Idle servers kept per tool set: as many as requests of one set ran at once lately, up to this. */
const MAX_IDLE = 4

export class ServerPool {
  private readonly idle = new Map<string, Pooled[]>()

  private readonly options: McpServerOptions

  constructor (options: McpServerOptions) {
    this.options = options
  }

  /** Runs `work` on a server of `visible` that no other request is using, and keeps it for the next one. */
  async use<T> (visible: ToolSet, work: (pooled: Pooled) => Promise<T>): Promise<T> {
    const pooled = this.idle.get(visible.key)?.pop() ?? await this.connect(visible)
    // A server whose exchange failed is dropped: what state its protocol was left in is unknown.
    const result = await work(pooled)
    // The server finishes its own bookkeeping for the request (dropping its abort controller) in the microtasks
    // after it sent the answer: it takes the next request only once those have run.
    setImmediate(() => { this.release(visible.key, pooled) })
    return result
  }

  private async connect (visible: ToolSet): Promise<Pooled> {
    const server = buildMcpServer(visible.tools, this.options)
    const transport = new DirectTransport()
    await connectChecked(server, transport)
    return { server, transport }
  }

  private release (key: string, pooled: Pooled): void {
    let idle = this.idle.get(key)
    if (idle === undefined) {
      if (this.idle.size >= MAX_TOOL_SETS) this.evictOldest()
      idle = []
      this.idle.set(key, idle)
    }
    if (idle.length < MAX_IDLE) idle.push(pooled)
  }

  private evictOldest (): void {
    const [oldest] = this.idle.keys()
    this.idle.delete(oldest)
  }
}

/** One pool per endpoint (the options hold its toolset, version and page size), gone with its app. */
const pools = new WeakMap<McpServerOptions, ServerPool>()

export function poolOf (options: McpServerOptions): ServerPool {
  let pool = pools.get(options)
  if (pool === undefined) {
    pool = new ServerPool(options)
    pools.set(options, pool)
  }
  return pool
}
