// The MCP view: a JSON-RPC answer as parity compares it, so as the pointers `learn` writes for it name it (tools/list's
// tools keyed by name, a tool's JSON text parsed into `json` in the text's place), and its way back for the drift
// layer, which applies learned changes in the view and answers the message. With the name of one MCP operation.
// No schema: a view is made from a message, never read from a file. Pure.
import { isObject } from './read.js'

/** `POST /api/v1/mcp tools/call get_scene`: how parity reports, profiles and the ledger name one MCP call. */
export function mcpOperation (route: string, method: string, tool: string | null): string {
  return `POST ${route} ${method}${tool === null ? '' : ` ${tool}`}`
}

type Json = Record<string, unknown>
type Message = Json & { result: Json }

const same = (value: unknown): unknown => value

const isMessage = (value: unknown): value is Message => isObject(value) && isObject(value.result)

/** The view's `result` after changes, or an empty one where they removed or replaced it. */
const resultOf = (view: unknown): Json => isMessage(view) ? view.result : {}

/** `item` with `key` renamed `to` and its value mapped, in its place (the way back puts it where it was). */
const renamed = (item: Json, key: string, to: string, value: unknown): Json =>
  Object.fromEntries(Object.entries(item).map(([k, v]) => k === key ? [to, value] : [k, v]))

/** A tools/list answer with its tools keyed by name (their order is not part of the protocol), each through `each`. */
export function toolsByName (message: unknown, each: (tool: unknown) => unknown = same): unknown {
  if (!isMessage(message) || !Array.isArray(message.result.tools)) return message
  const tools = Object.fromEntries(message.result.tools.map((tool: unknown) => [String(isObject(tool) ? tool.name : undefined), each(tool)]))
  return { ...message, result: { ...message.result, tools } }
}

/** toolsByName's way back: the tools a list again. */
export function toolsBack (view: unknown): unknown {
  const changed = resultOf(view)
  return { ...(view as Json), result: { ...changed, tools: Object.values(isObject(changed.tools) ? changed.tools : {}) } }
}

function itemAsJson (item: unknown, notJson: (item: Json) => unknown): unknown {
  if (!isObject(item) || typeof item.text !== 'string') return item
  let json: unknown
  try {
    json = JSON.parse(item.text)
  } catch {
    return notJson(item)
  }
  return renamed(item, 'text', 'json', json)
}

/**
 * A tool's answer with each content item's JSON text as `json`; `notJson` says what a text that is not JSON becomes
 * (parity: the emulator's own words, compared by type; the drift layer: itself).
 */
export function contentAsJson (message: unknown, notJson: (item: Json) => unknown = same): unknown {
  if (!isMessage(message) || !Array.isArray(message.result.content)) return message
  return { ...message, result: { ...message.result, content: message.result.content.map((item: unknown) => itemAsJson(item, notJson)) } }
}

/** contentAsJson's way back: each `json` a JSON text again. */
export function contentBack (view: unknown): unknown {
  const changed = resultOf(view)
  const back = (item: unknown): unknown => isObject(item) && Object.hasOwn(item, 'json') ? renamed(item, 'json', 'text', JSON.stringify(item.json)) : item
  const content = Array.isArray(changed.content) ? changed.content.map(back) : changed.content
  return { ...(view as Json), result: { ...changed, content } }
}

/** The view of one answer of `method` as the drift layer changes it, and the way back (none for other answers). */
export function mcpView (method: string, message: unknown): { view: unknown, back: (view: unknown) => unknown } {
  if (!isMessage(message)) return { view: message, back: same }
  if (method === 'tools/list' && Array.isArray(message.result.tools)) return { view: toolsByName(message), back: toolsBack }
  if (Array.isArray(message.result.content)) return { view: contentAsJson(message), back: contentBack }
  return { view: message, back: same }
}
