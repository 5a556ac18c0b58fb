// Hostile requests generated from the emulator's own OpenAPI document (fast-check): for every public operation,
// path ids, query values, bodies, keys and content types from plausible to absurd. Shared by the property suite
// (test/robustness/properties.test.ts) and the long run (scripts/robustness/run.ts).
import fc from 'fast-check'

export interface Operation { method: string, path: string, declared: Set<number>, hasBody: boolean, query: string[], params: string[] }

export interface HostileRequest {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string
  /** The operation it aims at, for the status check. */
  operation: Operation
}

/**
 * Answers outside an operation's declared statuses that are documented choices (docs/emulated-api.md, Statuses the
 * emulator adds): 413 over the body limit, 415 for a body type with no parser, 400 for a body that is not JSON, too
 * deep, or fails validation (also on operations whose reference entry lists no 400: bodies are parsed before any route
 * runs), 400 for a URL whose percent-encoding cannot be decoded (answered before routing), 400 for removing the last
 * admin (the official CLI's rule), 404 for an unknown user id, and the 500 the real service answers to `cursor` plus
 * `page` on the logs (catalogue, documented upstream behaviour).
 */
export function documentedExtra (request: HostileRequest, status: number, body: unknown): boolean {
  const operation = request.operation
  if (status === 413 || status === 415) return true
  if (status === 404 && operation.path.includes('{userId}')) return true
  const message = (body as { message?: unknown } | null)?.message
  if (status === 400 && (operation.hasBody || request.payload !== undefined || (typeof message === 'string' && /^(The URL path |The last admin )/.test(message)))) return true
  return status === 500 && operation.path === '/api/v1/logs' && typeof message === 'string' && message.startsWith('cursor and page cannot be used together')
}

/** The public operations of an OpenAPI document (the emulator's own, served at /docs/json). */
export function operationsOf (doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/v1/')) continue
    for (const [method, op] of Object.entries(item)) {
      if (typeof op !== 'object' || op === null || !('responses' in op)) continue
      const parameters: Array<{ in: string, name: string }> = op.parameters ?? []
      operations.push({
        method: method.toUpperCase(),
        path,
        declared: new Set(Object.keys(op.responses).map(Number)),
        hasBody: op.requestBody !== undefined,
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name)
      })
    }
  }
  return operations
}

/** Ids that exist in the fixtures, ids that do not, and ids no router or store should choke on. */
export function idArbitrary (knownIds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...knownIds),
    fc.stringMatching(/^[A-Za-z0-9]{11}$/),
    fc.string({ minLength: 1, maxLength: 30 }),
    fc.constantFrom('x'.repeat(101), 'x'.repeat(3000), '%00', '..', '%2e%2e%2f', '%E0%A4%A', 'null', '0', '-1', 'private', '😀', '__proto__')
  )
}

const queryValue = fc.oneof(
  fc.integer({ min: -5, max: 200 }).map(String),
  fc.constantFrom('', '0', '1e309', 'NaN', '-0', '2026-13-45', 'true', '[]', '{}', '%zz', 'x'.repeat(2000)),
  fc.string({ maxLength: 20 })
)

/** Deep, wide and odd JSON, plus containers nested past the parser's bound now and then. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: 400, max: 1200 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth))) },
  { weight: 1, arbitrary: fc.constantFrom(1e308, -0, '\u0000', JSON.parse('{"__proto__":{"admin":true}}'), JSON.parse('{"constructor":{"prototype":{"x":1}}}')) }
)

/** A valid-looking body for the operation, then mutated: keys dropped, added, retyped. */
function bodyArbitrary (): fc.Arbitrary<string | undefined> {
  const objectBody = fc.record({
    name: fc.oneof(fc.string({ maxLength: 40 }), hostileJson),
    collectionId: fc.oneof(fc.constant('colDefault1'), hostileJson),
    elements: fc.oneof(fc.array(hostileJson, { maxLength: 4 }), hostileJson),
    role: fc.oneof(fc.constantFrom('admin', 'member', 'owner'), hostileJson),
    email: fc.oneof(fc.emailAddress(), hostileJson),
    type: fc.oneof(fc.constantFrom('email', 'link', 'excalidraw'), hostileJson),
    extra: hostileJson
  }, { requiredKeys: [] })
  return fc.oneof(
    { weight: 5, arbitrary: objectBody.map((body) => JSON.stringify(body)) },
    { weight: 2, arbitrary: hostileJson.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '\u0000', '[1,]', '{"a":1}{"b":2}', '') },
    { weight: 1, arbitrary: fc.constant(undefined) }
  )
}

const keyArbitrary = (keys: readonly string[]) => fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...keys).map((key) => `Bearer ${key}`) },
  { weight: 1, arbitrary: fc.constantFrom('', 'Bearer', 'Bearer  ', 'Basic abc', 'bearer sk-nope', `Bearer ${'k'.repeat(5000)}`) }
)

const contentTypeArbitrary = fc.constantFrom('application/json', 'application/json', 'application/json; charset=utf-8',
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', '')

function urlOf (operation: Operation, ids: Record<string, string>, query: Array<[string, string]>): string {
  let path = operation.path
  for (const name of operation.params) path = path.replace(`{${name}}`, encodeURIComponent(ids[name]).replace(/%25/g, '%'))
  const search = query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&')
  return search === '' ? path : `${path}?${search}`
}

/** One hostile request aimed at one operation. */
export function requestArbitrary (operation: Operation, keys: readonly string[], knownIds: readonly string[]): fc.Arbitrary<HostileRequest> {
  const ids = fc.record(Object.fromEntries(operation.params.map((name) => [name, idArbitrary(knownIds)])))
  const queryNames = fc.constantFrom(...operation.query, 'unknownParam', 'api_key')
  const query = fc.array(fc.tuple(queryNames, queryValue), { maxLength: 4 })
  const body = operation.hasBody ? bodyArbitrary() : fc.option(bodyArbitrary(), { freq: 5, nil: undefined }).map((b) => b ?? undefined)
  return fc.record({ ids, query, body, authorization: keyArbitrary(keys), contentType: contentTypeArbitrary }).map((drawn) => {
    const headers: Record<string, string> = {}
    if (drawn.authorization !== '') headers.authorization = drawn.authorization
    if (drawn.body !== undefined && drawn.contentType !== '') headers['content-type'] = drawn.contentType
    return { method: operation.method, url: urlOf(operation, drawn.ids as Record<string, string>, drawn.query), headers, payload: drawn.body, operation }
  })
}
