// The published document equals the real one: GET /docs/json is compared with the reference OpenAPI
// document by meaning, operation by operation (parameters, request body, response schema per status, security),
// and every difference is printed with its JSON path. Spelling that means the same is normalised first.
import t from 'tap'
import { sharedApp } from '../helper.js'
import { publicOperations } from '../operations.js'
import { REFERENCE_PATH, loadReference, missingReference } from '../reference.js'

const fresh = sharedApp(t)

type Json = Record<string, any>
const METHODS = ['get', 'post', 'put', 'patch', 'delete']
/** Words for people, not rules: they may differ freely. */
const PROSE = new Set(['description', 'example', 'examples', 'title', 'summary', 'tags', 'operationId'])
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * FIDELITY: the reference marks the page-mode totals of GET /logs required, but the live service sends them only in
 * page mode; the emulator publishes what it sends, so this one difference is expected.
 */
const EXPECTED = new Set([
  'GET /api/v1/logs responses/200/content/application/json/schema/required: ours ["logs","nextCursor","hasMore","availableActions"], reference ["logs","nextCursor","hasMore","availableActions","totalCount","totalPages","currentPage"]'
])

const uniformType = (values: unknown[]): string | undefined => {
  const types = new Set(values.map((value) => typeof value))
  const [only] = [...types]
  return types.size === 1 && ['string', 'number', 'boolean'].includes(only) ? only : undefined
}

/**
 * Equal meaning, one spelling: `{enum: [null], nullable}` is the null type, `anyOf [X, null]` is X nullable (what
 * OpenAPI 3.0 writes), an anyOf of one-value enums is one enum, an enum's type follows from its values, object keys are
 * always strings, `{not: {}}` admits nothing (as `false` does) and an empty `properties` says nothing.
 */
export function normalise (node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalise)
  if (!isObject(node)) return node
  let out: Json = {}
  for (const key of Object.keys(node).sort()) if (!PROSE.has(key)) out[key] = normalise(node[key])
  // OpenAPI 3.0 has no null type: @fastify/swagger writes `{type: null}` as a nullable enum of null.
  if (Array.isArray(out.enum) && out.enum.length === 1 && out.enum[0] === null && out.nullable === true) out = { type: 'null' }
  if (Array.isArray(out.anyOf)) out = mergeAnyOf(out)
  if (Array.isArray(out.enum) && out.type === undefined && uniformType(out.enum)) out.type = uniformType(out.enum)
  if (isObject(out.propertyNames) && out.propertyNames.type === 'string' && Object.keys(out.propertyNames).length === 1) delete out.propertyNames
  const never = isObject(out.additionalProperties) && isObject(out.additionalProperties.not) && Object.keys(out.additionalProperties.not).length === 0
  if (never) out.additionalProperties = false
  if (isObject(out.properties) && Object.keys(out.properties).length === 0) delete out.properties
  return out
}

function mergeAnyOf (schema: Json): Json {
  const { anyOf, ...rest } = schema as { anyOf: Json[] }
  const isNull = (s: Json) => s.type === 'null' && Object.keys(s).length === 1
  const others = anyOf.filter((s) => !isNull(s))
  if (others.length === 1 && anyOf.length === 2) return normalise({ ...rest, ...others[0], nullable: true }) as Json
  const values = anyOf.map((s) => (isNull(s) ? [null] : s.enum))
  const singles = anyOf.every((s, i) => Array.isArray(values[i]) && values[i].length === 1 && Object.keys(s).every((k) => k === 'enum' || k === 'type'))
  if (singles) return normalise({ ...rest, enum: values.flat() }) as Json
  return schema
}

/** Every difference between two normalised values, as `path: ours …, reference …` lines. */
export function differences (ours: unknown, theirs: unknown, path: string, out: string[] = []): string[] {
  if (JSON.stringify(ours) === JSON.stringify(theirs)) return out
  if (isObject(ours) && isObject(theirs)) {
    for (const key of new Set([...Object.keys(ours), ...Object.keys(theirs)])) {
      if (!(key in ours)) out.push(`${path}/${key}: missing in ours, reference ${JSON.stringify(theirs[key])}`)
      else if (!(key in theirs)) out.push(`${path}/${key}: extra in ours ${JSON.stringify(ours[key])}`)
      else differences(ours[key], theirs[key], `${path}/${key}`, out)
    }
  } else if (Array.isArray(ours) && Array.isArray(theirs) && ours.length === theirs.length) {
    ours.forEach((item, i) => differences(item, theirs[i], `${path}/${i}`, out))
  } else {
    out.push(`${path}: ours ${JSON.stringify(ours)}, reference ${JSON.stringify(theirs)}`)
  }
  return out
}

/** What a client generator reads of one operation; security falls back to the document's, as OpenAPI says. */
function contract (operation: Json, document: Json): Json {
  return normalise({
    parameters: [...(operation.parameters ?? [])].sort((a: Json, b: Json) => `${a.in}:${a.name}`.localeCompare(`${b.in}:${b.name}`)),
    requestBody: operation.requestBody ?? null,
    responses: operation.responses,
    security: operation.security ?? document.security ?? null
  }) as Json
}

t.test('GET /docs/json equals the reference document by meaning, for every operation', { skip: loadReference() === null }, async (t) => {
  const reference = loadReference() as unknown as Json
  const app = await fresh()
  const ours = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as Json
  const found: string[] = []
  let operations = 0
  for (const [path, item] of Object.entries<Json>(reference.paths)) {
    for (const method of METHODS.filter((m) => m in item)) {
      operations++
      const label = `${method.toUpperCase()} ${path}`
      const mine = ours.paths[path]?.[method]
      if (mine === undefined) { found.push(`${label}: missing`); continue }
      for (const line of differences(contract(mine, ours), contract(item[method], reference), '')) found.push(`${label} ${line.slice(1)}`)
    }
  }
  t.equal(operations, publicOperations(app).length, 'as many operations compared as the app serves')
  const unexpected = found.filter((line) => !EXPECTED.has(line))
  for (const line of unexpected) t.comment(line)
  t.same(unexpected, [], `no difference beyond the documented FIDELITY ones (${unexpected.length} found)`)
  t.same(found.filter((line) => EXPECTED.has(line)), [...EXPECTED], 'each documented difference is still there (else drop it from the list)')
})

t.test('GET /docs/json spells a log entry\'s details as the reference does, {"type":"null"} branches included', { skip: loadReference() === null }, async (t) => {
  const reference = loadReference() as unknown as Json
  const app = await fresh()
  const ours = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as Json
  const details = (document: Json) =>
    document.paths['/api/v1/logs'].get.responses['200'].content['application/json'].schema.properties.logs.items.properties.details
  t.equal(JSON.stringify(details(ours)), JSON.stringify(details(reference)), 'byte for byte, not only by meaning')
  t.notMatch(JSON.stringify(ours), /"enum":\[null\]/, 'no null type is spelled as a nullable enum anywhere')
})

t.test('the comparison sees what it should: spelling is normalised, meaning is not', async (t) => {
  t.same(normalise({ anyOf: [{ type: 'string', description: 'x' }, { type: 'null' }] }), { nullable: true, type: 'string' })
  t.same(normalise({ anyOf: [{ type: 'string', enum: ['a'] }, { type: 'string', enum: ['b'] }] }), { enum: ['a', 'b'], type: 'string' })
  t.same(normalise({ anyOf: [{ type: 'number' }, { type: 'object', enum: [null], nullable: true }] }), { nullable: true, type: 'number' })
  t.same(normalise({ type: 'object', propertyNames: { type: 'string' }, additionalProperties: { not: {} } }), { additionalProperties: false, type: 'object' })
  t.same(differences(normalise({ type: 'string', minLength: 1 }), normalise({ type: 'string' }), ''), ['/minLength: extra in ours 1'])
  t.same(differences(normalise({ type: 'string' }), normalise({ type: 'string', pattern: '^x$' }), ''), ['/pattern: missing in ours, reference "^x$"'])
})

t.test('the reference is where the document test looks for it', async (t) => {
  if (loadReference() === null) missingReference(t, `reference OpenAPI not found at ${REFERENCE_PATH}: put ../shared beside the repo, or set REFERENCE_OPENAPI`)
  else t.pass(`reference OpenAPI read from ${REFERENCE_PATH}`)
})
