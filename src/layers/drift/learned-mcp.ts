// A drift profile's changes on an MCP answer: its pointers name the JSON-RPC message as parity compares it (the MCP
// view, ../../formats/mcp-view.ts: a tool's JSON text parsed into `json`, tools/list's tools keyed by name), so the
// message is put in that view, changed there, and written back. Pure.
import type { LearnedChange } from '../../formats/drift-profile.js'
import { mcpView } from '../../formats/mcp-view.js'
import { isObject } from './json-pointer.js'
import { applyLearned, type LearnedOutput } from './learned.js'

/** The profile's changes applied to one MCP answer (its HTTP status and JSON-RPC message), or null when none matched. */
export function applyLearnedMcp (changes: readonly LearnedChange[], method: string, status: number, message: unknown): LearnedOutput | null {
  if (!isObject(message) || !isObject(message.result)) return applyLearned(changes, { statusCode: status, body: undefined })
  const { view, back } = mcpView(method, message)
  const out = applyLearned(changes, { statusCode: status, body: view })
  if (out === null) return null
  return { ...out, body: out.body === undefined ? undefined : back(out.body) }
}
