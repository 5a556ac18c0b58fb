// Drift on the MCP interface, the endpoint's side: the one JSON-RPC response an answer carries is taken out of its
// framing (an SSE event or JSON), handed to the drift layer (layers/drift/mcp.ts: the mcp-* kinds under the same
// settings, seeded stream, request headers and ledger as REST) and written back in the same framing. The drift
// layer's onSend skips this route (config.drift: false) because it reads JSON bodies only.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { driftMcpMessage, mcpDriftMayApply } from '../../../layers/drift/mcp.js'
import type { McpEntry } from '../../../layers/request-record.js'
import type { Answer } from './exchange-types.js'
import type { ToolEntry } from './tools/unit.js'

/** The one JSON-RPC response of an answer, and how to write a changed one back in the same framing. */
interface Decoded { message: unknown, encode: (message: unknown) => Answer }

const contentType = ({ headers }: Answer): string => headers.find(([name]) => name === 'content-type')?.[1] ?? ''

/** The answer's response message, or undefined for answers that carry none or several (202, batches, progress). */
function decode (answer: Answer): Decoded | undefined {
  const type = contentType(answer)
  try {
    if (type.startsWith('application/json')) {
      const message: unknown = JSON.parse(answer.text)
      if (Array.isArray(message)) return undefined
      return { message, encode: (changed) => ({ ...answer, text: JSON.stringify(changed) }) }
    }
    const events = answer.text.split('\n\n').filter((event) => event !== '')
    if (!type.startsWith('text/event-stream') || events.length !== 1 || !events[0].startsWith('event: message\ndata: ')) return undefined
    const message: unknown = JSON.parse(events[0].slice('event: message\ndata: '.length))
    return { message, encode: (changed) => ({ ...answer, text: `event: message\ndata: ${JSON.stringify(changed)}\n\n` }) }
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
  const encoded = changed.message === undefined ? { ...answer, text: '' } : decoded.encode(changed.message)
  // A drift profile may have changed the status and the endpoint's own headers too.
  const kept = encoded.headers.filter(([name]) => !changed.removedHeaders.includes(name.toLowerCase()))
  return { ...encoded, status: changed.status, headers: [...kept, ...Object.entries(changed.headers)] }
}
