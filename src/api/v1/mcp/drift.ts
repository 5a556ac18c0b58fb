// Drift on the MCP interface, the endpoint's side: the one JSON-RPC response an answer carries (the value itself on
// the direct path; otherwise read out of its framing, an SSE event or JSON) is handed to the drift layer
// (layers/drift/mcp.ts: the mcp-* kinds under the same settings, seeded stream, request headers and ledger as REST)
// and written in the same framing once. The drift layer's onSend skips this route (config.drift: false) because it
// reads JSON bodies only.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { driftMcpMessage, mcpDriftMayApply } from '../../../layers/drift/mcp.js'
import type { McpEntry } from '../../../layers/request-record.js'
import type { Answer } from './exchange-types.js'
import { answerOf, SSE_EVENT_PREFIX } from './framing.js'
import type { ToolEntry } from './tools/unit.js'

/** The one JSON-RPC response of an answer, and whether it is framed as an SSE event. */
interface Decoded { message: unknown, sse: boolean }

const contentType = ({ headers }: Answer): string => headers.find(([name]) => name === 'content-type')?.[1] ?? ''

/**
 * The answer's response message: the value itself when the answer was written from it (the direct path), else
 * read back from the text; undefined for answers that carry none or several (202, batches, progress).
 */
function decode (answer: Answer): Decoded | undefined {
  if (answer.message !== undefined) return { message: answer.message, sse: answer.sse === true }
  const type = contentType(answer)
  try {
    if (type.startsWith('application/json')) {
      const message: unknown = JSON.parse(answer.text)
      return Array.isArray(message) ? undefined : { message, sse: false }
    }
    const events = answer.text.split('\n\n').filter((event) => event !== '')
    if (!type.startsWith('text/event-stream') || events.length !== 1 || !events[0].startsWith(SSE_EVENT_PREFIX)) return undefined
    return { message: JSON.parse(events[0].slice(SSE_EVENT_PREFIX.length)), sse: true }
  } catch {
    return undefined
  }
}

export interface DriftTarget {
  /** The request's method and tool, as the journal records them. */
  call: McpEntry | undefined
  /** The endpoint's tools: a REST-backed tool's result schema guides mcp-rename-result-field. */
  tools: readonly ToolEntry[]
}

/** The answer as drift leaves it: unchanged, or its message perturbed and written back in the same framing. */
export function driftAnswer (request: FastifyRequest, reply: FastifyReply, answer: Answer, { call, tools }: DriftTarget): Answer {
  if (!mcpDriftMayApply(request)) return answer
  const decoded = decode(answer)
  if (decoded === undefined) return answer
  const resultSchema = tools.find((entry) => entry.declaration.name === call?.tool)?.declaration.result
  const changed = driftMcpMessage(request, reply, { message: decoded.message, status: answer.status, call, resultSchema })
  if (changed === undefined) return answer
  // A drift profile may have changed the status and the endpoint's own headers too.
  const kept = answer.headers.filter(([name]) => !changed.removedHeaders.includes(name.toLowerCase()))
  const headers = [...kept, ...Object.entries(changed.headers)]
  if (changed.message === undefined) return { status: changed.status, headers, text: '' }
  return answerOf(changed.status, headers, changed.message, decoded.sse)
}
