// Protocol drift: success statuses that stop being "always 200" and deprecation headers.
import { isObject } from '../json-pointer.js'
import type { DriftContext, DriftKind } from '../types.js'
import { change, result } from './util.js'

/** POST creates (every public POST but the MCP transport) and DELETEs answering 200 `{}`. */
function successStatusTarget (ctx: DriftContext): 'create' | 'delete' | undefined {
  if (ctx.statusCode !== 200) return undefined
  const method = ctx.method.toUpperCase()
  if (method === 'POST' && !ctx.route.endsWith('/mcp') && isObject(ctx.body)) return 'create'
  if (method === 'DELETE' && isObject(ctx.body) && Object.keys(ctx.body).length === 0) return 'delete'
  return undefined
}

export const changeSuccessStatus: DriftKind = {
  name: 'change-success-status',
  description: 'Answers a create with 201 instead of 200, and a DELETE with 204 and no body instead of 200 {}',
  breaking: true,
  appliesTo: (ctx) => successStatusTarget(ctx) !== undefined,
  apply (ctx) {
    const target = successStatusTarget(ctx)
    if (target === undefined) return null
    const changes = [change('change-success-status', '')]
    // The caller must drop Content-Type and send an empty payload when body is undefined.
    if (target === 'delete') return result(ctx, undefined, changes, { statusCode: 204 })
    return result(ctx, structuredClone(ctx.body), changes, { statusCode: 201 })
  }
}

// INFER: fixed dates keep output byte-identical across runs (no clock read); the sunset follows by six months.
export const DEPRECATED_AT = Date.UTC(2026, 8, 1)
export const SUNSET_AT = Date.UTC(2027, 2, 1)
export const DEPRECATION_LINK = '<https://plus.excalidraw.com/docs/api>; rel="deprecation"'

/** RFC 9745 Deprecation (structured-field date), RFC 8594 Sunset (HTTP-date) and a link to the docs. */
export function deprecationHeaders (): Record<string, string> {
  return {
    Deprecation: `@${Math.floor(DEPRECATED_AT / 1000)}`,
    Sunset: new Date(SUNSET_AT).toUTCString(),
    Link: DEPRECATION_LINK
  }
}

export const deprecation: DriftKind = {
  name: 'deprecation',
  description: 'Adds Deprecation, Sunset and Link rel="deprecation" headers; the body is untouched',
  breaking: false,
  appliesTo: () => true,
  apply: (ctx) => result(ctx, structuredClone(ctx.body), [change('deprecation', '')], { headers: deprecationHeaders() })
}
