// How one JSON-RPC message is written in an answer: an SSE `message` event, or the JSON itself. SDK-free, so the
// route's drift (drift.ts, loaded at start) and the direct path (direct.ts, loaded on the first request) share it.
import type { Answer } from './exchange-types.js'

export const SSE_EVENT_PREFIX = 'event: message\ndata: '

/** The message as one SSE event, or as the JSON body. */
export function framed (message: unknown, sse: boolean): string {
  return sse ? `${SSE_EVENT_PREFIX}${JSON.stringify(message)}\n\n` : JSON.stringify(message)
}

/**
 * An answer written from its one message: the text is framed on its first read, so drift (drift.ts) changes the
 * message before anything is written and a changed answer is written once, never parsed back.
 */
export function answerOf (status: number, headers: Answer['headers'], message: unknown, sse: boolean): Answer {
  let text: string | undefined
  return { status, headers, message, sse, get text () { return (text ??= framed(message, sse)) } }
}
