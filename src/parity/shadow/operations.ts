// Which operation a client's request is: its route in the emulator's own OpenAPI document (`GET
// /api/v1/scenes/{sceneId}`), or for MCP its JSON-RPC method and tool, with how parity compares its answers.
import { withoutOwnWords, type Mode } from '../compare/rules.js'
import { API_PREFIX } from '../../lib/routes.js'
import { isObject } from '../../formats/read.js'
import { mcpOperation } from '../../formats/mcp-view.js'
import type { Comparable } from '../compare/index.js'
import { callView, toolsView } from '../scenario/mcp.js'

export interface Operation extends Comparable {
  /** The report's row. */
  operation: string
  /** `GET /scenes/{sceneId}`: the route as key profiles name it; undefined for a path the document does not have. */
  route?: string
}

interface Template { path: string, pattern: RegExp, methods: Set<string>, params: number }

function templatesOf (document: unknown): Template[] {
  const paths = isObject(document) && isObject(document.paths) ? document.paths : {}
  return Object.entries(paths).map(([path, item]) => {
    const source = path.split('/').map((segment) => /^\{\w+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('/')
    return { path, pattern: new RegExp(`^${source}/?$`), methods: new Set(Object.keys(isObject(item) ? item : {}).map((m) => m.toUpperCase())), params: (path.match(/\{/g) ?? []).length }
  }).sort((a, b) => a.params - b.params)
}

/** A JSON-RPC request's method and, for tools/call, its tool (`tools/call get_scene`), with its view. */
function mcpCall (body: unknown): { method: string, tool: string | null, view?: (body: unknown) => unknown } {
  if (!isObject(body) || typeof body.method !== 'string') return { method: '(not JSON-RPC)', tool: null }
  if (body.method === 'tools/list') return { method: 'tools/list', tool: null, view: toolsView }
  if (body.method === 'initialize') return { method: 'initialize', tool: null, view: (message) => withoutOwnWords(message) }
  if (body.method !== 'tools/call') return { method: body.method, tool: null }
  const tool = isObject(body.params) && typeof body.params.name === 'string' ? body.params.name : '(no tool)'
  return { method: 'tools/call', tool, view: callView }
}

export interface OperationFinder {
  /** `path` below the origin, without its query (`/api/v1/scenes/abc`); `body` the parsed JSON body, if any. */
  find (method: string, path: string, body: unknown): Operation
}

/**
 * Reads of what the workspace holds compare by value when the shadow side started from an import of the target's
 * workspace (same ids, same content); from other fixtures they compare by shape (parity's workspace-contents rule).
 */
export function createOperationFinder (document: unknown, readMode: Mode): OperationFinder {
  const templates = templatesOf(document)
  return {
    find (method, path, body) {
      const mode: Mode = method === 'GET' ? readMode : 'value'
      if (path === `${API_PREFIX}/mcp` && method === 'POST') {
        const { method: rpc, tool, view } = mcpCall(body)
        return { operation: mcpOperation(`${API_PREFIX}/mcp`, rpc, tool), mode: 'value', view, route: 'POST /mcp' }
      }
      const found = templates.find((t) => t.methods.has(method) && t.pattern.test(path)) ?? templates.find((t) => t.pattern.test(path))
      if (found === undefined) return { operation: `${method} ${path}`, mode }
      return { operation: `${method} ${found.path}`, documentOperation: `${method} ${found.path}`, route: `${method} ${found.path.slice(API_PREFIX.length)}`, mode }
    }
  }
}
