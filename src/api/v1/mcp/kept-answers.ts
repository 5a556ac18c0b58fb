// tools/call answers kept in the read cache: a `keptAnswer` tool (the twin of a GET kept there, tools/routes.ts)
// answers a repeated call with the text its server wrote the first time, the request's JSON-RPC id written in, so the
// repeat costs what its REST twin's repeated GET does: no server run, no validation of a result already validated,
// no second serialisation of the page. A kept answer's key names everything the text depends on besides the id; any
// write empties the read cache (store/read-cache.ts), and an answer computed across a write is not kept.
import type { JSONRPCRequest } from '@modelcontextprotocol/server'
import { lookupRead } from '../../../services/cached-read.js'
import type { Answer, ExchangeInput } from './exchange-types.js'
import type { ToolSet } from './server.js'

/**
 * An answer with its id left out: the text either side of where the id goes, and the same encoded once; with the
 * bytes it holds, which the read cache counts against its budget.
 */
interface KeptAnswer { status: number, headers: Answer['headers'], before: string, after: string, bytes: [before: Buffer, after: Buffer], byteLength: number }

export interface DirectCall {
  request: JSONRPCRequest
  input: ExchangeInput
  visible: ToolSet
  /** The answer is an SSE event (else the JSON response). */
  sse: boolean
}

/** The name of the tool when this is a tools/call of a visible `keptAnswer` tool with nothing but name and arguments. */
function keptToolName ({ request, visible }: DirectCall): string | undefined {
  if (request.method !== 'tools/call') return undefined
  const params: unknown = request.params
  if (typeof params !== 'object' || params === null || Object.keys(params).some((key) => key !== 'name' && key !== 'arguments')) return undefined
  const { name } = params as { name?: unknown }
  const entry = visible.tools.find(({ declaration }) => declaration.name === name)
  return entry?.declaration.keptAnswer === true ? entry.declaration.name : undefined
}

/**
 * The answer as a template, when it was written from its one message (framing.ts: no progress events before it),
 * that message is a success, and its text ends with its id (the SDK writes `id` last): tool errors and anything
 * unexpected are answered afresh each time.
 */
function template (answer: Answer, id: JSONRPCRequest['id'], sse: boolean): KeptAnswer | undefined {
  const { message } = answer
  const result = typeof message === 'object' && message !== null && 'result' in message ? message.result as { isError?: unknown } : undefined
  if (answer.status !== 200 || result === undefined || result.isError === true) return undefined
  const end = sse ? '\n\n' : ''
  const tail = `"id":${JSON.stringify(id)}}${end}`
  if (!answer.text.endsWith(tail) || (sse && answer.text.indexOf('\n\n') !== answer.text.length - 2)) return undefined
  const before = `${answer.text.slice(0, -tail.length)}"id":`
  const after = `}${end}`
  const bytes: KeptAnswer['bytes'] = [Buffer.from(before), Buffer.from(after)]
  return { status: answer.status, headers: answer.headers, before, after, bytes, byteLength: 2 * (bytes[0].byteLength + bytes[1].byteLength) }
}

/** The kept answer for this id: the text (for drift, which reads it) and its bytes (what is sent, nothing to encode). */
function answerOf (kept: KeptAnswer, id: JSONRPCRequest['id']): Answer {
  const idText = JSON.stringify(id)
  return {
    status: kept.status,
    headers: kept.headers,
    text: kept.before + idText + kept.after,
    bytes: Buffer.concat([kept.bytes[0], Buffer.from(idText), kept.bytes[1]])
  }
}

/**
 * The kept answer of this call when there is one, right away (no await: the route sends it in the same turn, as its
 * REST twin sends a kept page); else a promise of the exchange's, kept when it may be.
 */
export function keptOrExchanged (call: DirectCall, exchange: () => Promise<Answer>): Answer | Promise<Answer> {
  const tool = keptToolName(call)
  if (tool === undefined) return exchange()
  const { request, input, visible, sse } = call
  const { op } = input.context
  const key = {
    arguments: (request.params as { arguments?: unknown }).arguments,
    tools: visible.key,
    compat: op.compat,
    version: input.headers['mcp-protocol-version'] ?? null,
    sse
  }
  const kept = lookupRead<KeptAnswer>(op, `mcp-answer ${tool}`, key)
  if (kept.found) return answerOf(kept.value, request.id)
  return exchangedAndKept(exchange, kept.keep, request.id, sse)
}

async function exchangedAndKept (exchange: () => Promise<Answer>, keep: (answer: KeptAnswer) => void, id: JSONRPCRequest['id'], sse: boolean): Promise<Answer> {
  const exchanged = await exchange()
  const made = template(exchanged, id, sse)
  if (made !== undefined) keep(made)
  return exchanged
}
