// One route vocabulary: the public prefix, the JSON content type, Fastify's `:param` → OpenAPI `{param}`, route
// signatures, Bearer headers. Key route restrictions, the journal, the drift ledger, fault rules, the admin document
// and MCP tools all name routes this way; they agree because they share these helpers.

/** Where the emulated service's public API lives. */
export const API_PREFIX = '/api/v1'

/** The content type of the JSON answers written as text or bytes (a route's own serialiser sets it otherwise). */
export const JSON_TYPE = 'application/json; charset=utf-8'

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

/** The path without whatever stood for the prefix: /v1/…, /api/…, /api/v2/… (a client's guess at it). */
function withoutGuessedPrefix (path: string): string {
  return path.replace(/^\/api\/v\d+(?=\/|$)/, '').replace(/^\/(v\d+|api)(?=\/)/, '')
}

/** The path with one segment made plural or singular (`/collection` → `/collections`), each way it can be. */
function numberVariants (path: string): string[] {
  const segments = path.split('/')
  return segments.flatMap((segment, i) => segment === ''
    ? []
    : [[...segments.slice(0, i), segment.endsWith('s') ? segment.slice(0, -1) : `${segment}s`, ...segments.slice(i + 1)].join('/')])
}

export interface RouteGuess {
  /** The route meant, with the request's query. */
  inside: string
  /** The client left out the prefix or wrote another one (else the prefix was right and a segment was not). */
  prefixWrong: boolean
}

/**
 * The route a client most likely meant when none answers its URL: the same path under the prefix (it left the
 * prefix out or wrote another one), or with one segment's number changed; only one that `answers` this method.
 */
export function guessRoute (method: string, url: string, answers: (method: string, url: string) => boolean): RouteGuess | undefined {
  const [path, query] = url.split(/\?(.*)/s)
  const underPrefix = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)
  const rest = underPrefix ? path.slice(API_PREFIX.length) : withoutGuessedPrefix(path)
  const candidates = underPrefix ? numberVariants(rest) : [rest, ...numberVariants(rest)]
  const found = candidates.map((candidate) => `${API_PREFIX}${candidate}`).find((inside) => answers(method, inside))
  if (found === undefined) return undefined
  return { inside: query === undefined ? found : `${found}?${query}`, prefixWrong: !underPrefix }
}
