// Envelope drift: the offset page renamed, unwrapped or switched to cursors; the error
// envelope reshaped the way many JSON APIs write theirs.
import type { JsonObject } from '../json-pointer.js'
import type { DriftContext, DriftKind } from '../types.js'
import { change, defineKey, isErrorEnvelope, isPagedEnvelope, isSuccessBody, renameKey, result } from './util.js'

const isPage = (ctx: DriftContext): boolean => isSuccessBody(ctx) && isPagedEnvelope(ctx.body)

export const renameEnvelope: DriftKind = {
  name: 'rename-envelope',
  description: 'Renames the page envelope\'s `data` array to `items`',
  breaking: true,
  appliesTo: (ctx) => isPage(ctx) && !Object.hasOwn(ctx.body as JsonObject, 'items'),
  apply (ctx) {
    if (!renameEnvelope.appliesTo(ctx)) return null
    const body = structuredClone(ctx.body) as JsonObject
    renameKey(body, 'data', 'items')
    return result(ctx, body, [change('rename-envelope', '/data')])
  }
}

export const unwrapEnvelope: DriftKind = {
  name: 'unwrap-envelope',
  description: 'Answers a page with the bare `data` array, without limit/offset/hasNextPage',
  breaking: true,
  appliesTo: isPage,
  apply (ctx) {
    if (!isPage(ctx)) return null
    const body = structuredClone(ctx.body) as JsonObject
    return result(ctx, body.data, [change('unwrap-envelope', '/data')])
  }
}

/** An opaque cursor for the page after this one; INFER: base64url like most cursor APIs, content irrelevant. */
export function cursorFor (nextOffset: number): string {
  return Buffer.from(`offset:${nextOffset}`).toString('base64url')
}

export const switchPaging: DriftKind = {
  name: 'switch-paging',
  description: 'Replaces `offset`/`hasNextPage` with an opaque `nextCursor` (null on the last page)',
  breaking: true,
  appliesTo: (ctx) => isPage(ctx) && !Object.hasOwn(ctx.body as JsonObject, 'nextCursor'),
  apply (ctx) {
    if (!switchPaging.appliesTo(ctx)) return null
    const page = structuredClone(ctx.body) as JsonObject & { data: unknown[], offset: number }
    const nextCursor = page.hasNextPage === true ? cursorFor(page.offset + page.data.length) : null
    const body: JsonObject = {}
    for (const [key, value] of Object.entries(page)) {
      if (key === 'hasNextPage') defineKey(body, 'nextCursor', nextCursor)
      else if (key !== 'offset') defineKey(body, key, value)
    }
    const changes = ['/offset', '/hasNextPage', '/nextCursor'].map((pointer) => change('switch-paging', pointer))
    return result(ctx, body, changes)
  }
}

/** 'Not Found' → 'NOT_FOUND'; falls back to the status when the reason phrase is empty. */
export function errorCode (reason: string, statusCode: number): string {
  const code = reason.trim().replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '').toUpperCase()
  return code === '' ? `HTTP_${statusCode}` : code
}

const isErrorWithEnvelope = (ctx: DriftContext): boolean => ctx.statusCode >= 400 && isErrorEnvelope(ctx.body)

export const changeErrorEnvelope: DriftKind = {
  name: 'change-error-envelope',
  description: 'Answers an error with {"error": {"code": "<SNAKE_CASE>", "message"}} instead of {statusCode, error, message}',
  breaking: true,
  appliesTo: isErrorWithEnvelope,
  apply (ctx) {
    if (!isErrorEnvelope(ctx.body) || ctx.statusCode < 400) return null
    const { error, message, statusCode } = ctx.body
    const body = { error: { code: errorCode(error, statusCode), message } }
    return result(ctx, body, [change('change-error-envelope', '')])
  }
}
