// One route vocabulary: the public prefix, Fastify's `:param` → OpenAPI `{param}`, route signatures, Bearer headers.
// Key route restrictions, the journal, the drift ledger, fault rules, the admin document and MCP tools all name
// routes this way; they agree because they share these helpers.

/** Where the emulated service's public API lives. */
export const API_PREFIX = '/api/v1'

/** `Authorization: Bearer <secret>`, any case, spaces around; the secret is group 1. */
export const BEARER_HEADER = /^Bearer +(\S+) *$/i

/** `/scenes/:sceneId` → `/scenes/{sceneId}`. */
export function toOpenApiPath (url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

/** `/api/v1/scenes` → `/scenes`; anything outside the prefix is returned as is. */
export function withoutApiPrefix (url: string): string {
  return url === API_PREFIX || url.startsWith(API_PREFIX + '/') ? url.slice(API_PREFIX.length) : url
}

/** `GET /api/v1/scenes/:sceneId` → `GET /scenes/{sceneId}`, the form key route restrictions and MCP tools use. */
export function routeSignature (method: string, routeUrl: string): string {
  return `${method} ${toOpenApiPath(withoutApiPrefix(routeUrl))}`
}
