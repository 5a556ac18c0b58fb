// What the endpoint refuses before a tool runs, with messages that say how to fix the call (docs/mcp.md, "Answers"):
// a body that is JSON but no JSON-RPC 2.0 message is -32600 Invalid Request; a tools/call or tools/list request whose
// params do not fit the method is -32602 Invalid params. Pure; -32700 is left to the SDK for text that is not JSON.

export const INVALID_REQUEST = -32600
export const INVALID_PARAMS = -32602

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A value as a message quotes it: JSON, cut short. */
function shown (value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value)
  return text.length > 40 ? `${text.slice(0, 37)}...` : text
}

/** Why one message is not a JSON-RPC 2.0 request, notification or response; undefined when it is one. */
function messageProblem (message: unknown): string | undefined {
  if (!isObject(message)) return `a JSON-RPC message is an object such as {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, not ${shown(message)}`
  if (message.jsonrpc !== '2.0') return `"jsonrpc" must be "2.0", got ${shown(message.jsonrpc)}`
  const { id } = message
  if ('id' in message && typeof id !== 'string' && !Number.isInteger(id)) return `"id" must be a string or an integer, got ${shown(id)}`
  if ('method' in message) {
    if (typeof message.method !== 'string') return `"method" must be a string, got ${shown(message.method)}`
    if ('params' in message && !isObject(message.params)) return `"params" must be an object, got ${shown(message.params)}`
    return undefined
  }
  if ('result' in message || 'error' in message) return undefined
  return 'a message needs a "method" (a request or a notification), or a "result" or an "error" (a response)'
}

/** Why a parsed JSON body is not a JSON-RPC message or a batch of them (-32600); undefined when it is. */
export function invalidRequest (body: unknown): string | undefined {
  if (!Array.isArray(body)) {
    const problem = messageProblem(body)
    return problem === undefined ? undefined : `Invalid Request: ${problem}`
  }
  if (body.length === 0) return 'Invalid Request: an empty batch holds no message; send one request object, or an array of them'
  for (const [i, message] of body.entries()) {
    const problem = messageProblem(message)
    if (problem !== undefined) return `Invalid Request: batch item ${i}: ${problem}`
  }
  return undefined
}

function toolsCallProblem (params: Json | undefined): string | undefined {
  const example = 'such as {"name": "list_scenes", "arguments": {}}'
  if (params === undefined || !('name' in params)) return `tools/call needs params.name, the tool to call, ${example}; tools/list names the tools`
  if (typeof params.name !== 'string') return `params.name must be a tool name (a string), got ${shown(params.name)}; tools/list names the tools`
  if ('arguments' in params && !isObject(params.arguments)) {
    return `params.arguments must be an object of the tool's arguments (${'{}'} when it takes none), got ${shown(params.arguments)}`
  }
  return undefined
}

function toolsListProblem (params: Json | undefined): string | undefined {
  if (params === undefined || !('cursor' in params) || typeof params.cursor === 'string') return undefined
  return `params.cursor must be the nextCursor string of the previous tools/list page, got ${shown(params.cursor)}; leave it out for the first page`
}

/**
 * Why the params of a request do not fit tools/call or tools/list (-32602); undefined when they do, or for other
 * methods (the SDK checks those). `message` passed invalidRequest.
 */
export function invalidParams (message: { method: string, params?: unknown }): string | undefined {
  const params = isObject(message.params) ? message.params : undefined
  if (message.method === 'tools/call') return toolsCallProblem(params)
  if (message.method === 'tools/list') return toolsListProblem(params)
  return undefined
}

/** The body of an HTTP 400 that answers a message no request id can be read from. */
export const jsonRpcError = (code: number, message: string): string => JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null })
