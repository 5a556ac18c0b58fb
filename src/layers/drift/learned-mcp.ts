// A drift profile's changes on an MCP answer: its pointers name the JSON-RPC message as parity compares it (a
// tool's JSON text parsed into `json`, tools/list's tools keyed by name), so the message is put in that view,
// changed there, and written back (JSON text again, the tools a list again). Pure.
import type { LearnedChange } from '../../formats/drift-profile.js'
import { isObject, type JsonObject } from './json-pointer.js'
import { applyLearned, type LearnedOutput } from './learned.js'

/** `POST /api/v1/mcp tools/call get_scene`: how parity reports and the ledger name one MCP call. */
export function mcpOperation (route: string, method: string, tool: string | null): string {
  return `POST ${route} ${method}${tool === null ? '' : ` ${tool}`}`
}

type Content = JsonObject & { text?: unknown }

function parsed (text: string): { json: unknown } | undefined {
  try {
    return { json: JSON.parse(text) }
  } catch {
    return undefined
  }
}

/** A content item with its text as `json` (in the text's place) when the text is JSON. */
function contentView (item: unknown): unknown {
  if (!isObject(item) || typeof item.text !== 'string') return item
  const json = parsed(item.text)
  if (json === undefined) return item
  return Object.fromEntries(Object.entries(item).map(([key, value]) => key === 'text' ? ['json', json.json] : [key, value]))
}

function contentBack (item: unknown): unknown {
  if (!isObject(item) || !Object.hasOwn(item, 'json')) return item
  return Object.fromEntries(Object.entries(item as Content).map(([key, value]) => key === 'json' ? ['text', JSON.stringify(value)] : [key, value]))
}

/** The view's `result` after the changes, or an empty one where they removed or replaced it. */
const resultOf = (view: unknown): JsonObject => isObject(view) && isObject(view.result) ? view.result : {}

/** The message as parity's view has it, and the way back. */
function viewOf (method: string, message: JsonObject & { result: JsonObject }): { view: unknown, back: (view: unknown) => unknown } {
  const { result } = message
  if (method === 'tools/list' && Array.isArray(result.tools)) {
    const tools = Object.fromEntries(result.tools.map((tool: unknown) => [String(isObject(tool) ? tool.name : undefined), tool]))
    return {
      view: { ...message, result: { ...result, tools } },
      back: (view) => {
        const changed = resultOf(view)
        return { ...(view as JsonObject), result: { ...changed, tools: Object.values(isObject(changed.tools) ? changed.tools : {}) } }
      }
    }
  }
  if (Array.isArray(result.content)) {
    return {
      view: { ...message, result: { ...result, content: result.content.map(contentView) } },
      back: (view) => {
        const changed = resultOf(view)
        const content = Array.isArray(changed.content) ? changed.content.map(contentBack) : changed.content
        return { ...(view as JsonObject), result: { ...changed, content } }
      }
    }
  }
  return { view: message, back: (view) => view }
}

/** The profile's changes applied to one MCP answer (its HTTP status and JSON-RPC message), or null when none matched. */
export function applyLearnedMcp (changes: readonly LearnedChange[], method: string, status: number, message: unknown): LearnedOutput | null {
  if (!isObject(message) || !isObject(message.result)) return applyLearned(changes, { statusCode: status, body: undefined })
  const { view, back } = viewOf(method, message as JsonObject & { result: JsonObject })
  const out = applyLearned(changes, { statusCode: status, body: view })
  if (out === null) return null
  return { ...out, body: out.body === undefined ? undefined : back(out.body) }
}
