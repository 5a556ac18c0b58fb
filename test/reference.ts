// Reads the real service's OpenAPI document (../shared/reference/openapi.json, or $REFERENCE_OPENAPI) and
// validates responses against the schema of their operation and status. Tests only: the product never loads it.
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv, type ValidateFunction } from 'ajv'
import ajvStandalone from 'ajv/dist/standalone/index.js'
import { addFormats } from '../src/lib/ajv.js'
import { cachedModule, sourcesDigest, versionsOf } from './runner/standalone-cache.mjs'

export const REFERENCE_PATH = process.env.REFERENCE_OPENAPI ??
  fileURLToPath(new URL('../../shared/reference/openapi.json', import.meta.url))

export interface Operation {
  parameters?: Array<{ in: string, name: string, required?: boolean, schema?: Record<string, unknown> }>
  requestBody?: { required?: boolean, content: { 'application/json': { schema: Record<string, unknown> } } }
  responses: Record<string, { content?: { 'application/json'?: { schema: object } } }>
}
export interface ReferenceDocument { paths: Record<string, Record<string, Operation>> }

/**
 * The reference lives in ../shared, which a fresh clone (or an outside contributor) does not have. Outside CI the
 * tests that need it skip with one visible line; under CI=true or REQUIRE_REFERENCE=1 a missing reference fails.
 */
export const REFERENCE_REQUIRED = process.env.CI === 'true' || process.env.REQUIRE_REFERENCE === '1'

/** One line for a missing reference: a failure where it is required, a visible skip elsewhere. */
export function missingReference (t: { fail: (message: string) => void, pass: (message: string, extra: { skip: string }) => void }, message: string): void {
  if (REFERENCE_REQUIRED) t.fail(message)
  else t.pass(message, { skip: 'outside CI; REQUIRE_REFERENCE=1 makes this fail' })
}

let cached: ReferenceDocument | null | undefined
/** The reference document, or null when the file is missing (callers say where it looked). */
export function loadReference (): ReferenceDocument | null {
  if (cached === undefined) {
    cached = existsSync(REFERENCE_PATH) ? JSON.parse(readFileSync(REFERENCE_PATH, 'utf8')) as ReferenceDocument : null
  }
  return cached
}

const OPTIONS = { strict: false, allErrors: true } as const
const ajv = new Ajv({ ...OPTIONS, code: { source: true } })
addFormats(ajv)
const validators = new Map<string, ValidateFunction>()
const VERSIONS = versionsOf(['ajv', 'ajv-formats'])
/** The files whose text the code depends on beyond the packages and the options: addFormats sets the formats up. */
export const REFERENCE_SOURCES = ['src/lib/ajv.ts']

/** The cache key of the reference validator of `schema`. */
export const referenceKey = (schema: object): unknown[] => [VERSIONS, sourcesDigest(REFERENCE_SOURCES), OPTIONS, JSON.stringify(schema)]
const isValidator = (exports: unknown): boolean => typeof exports === 'function'

/**
 * The validator of `schema`: ajv's standalone code of it, compiled by the first test process that checks an answer
 * against it and kept for the next ones (test/runner/standalone-cache.mjs, keyed by the schema's text, the options,
 * ajv's versions and src/lib/ajv.ts's text), so a test process compiles none of the reference's schemas: the same code, compiled once.
 */
function compile (schema: object): ValidateFunction {
  const make = (): string => ajvStandalone.default(ajv, ajv.compile(schema))
  return cachedModule('reference', referenceKey(schema), make, isValidator) as ValidateFunction
}

// FIDELITY: statuses the live service answers without declaring them (catalogue §1.2, §6.4): their bodies
// are checked against the service's own error envelope instead of an operation schema.
const UNDECLARED_ENVELOPE = {
  type: 'object',
  properties: { statusCode: { type: 'number' }, error: { type: 'string' }, message: { type: 'string' }, code: { type: 'string' } },
  required: ['statusCode', 'error', 'message'],
  additionalProperties: false
}

// FIDELITY: the reference marks totalCount/totalPages/currentPage of GET /logs required, but the live service
// sends them only in page mode (catalogue §2.7). A page carrying none of the three is checked without them;
// one carrying some is checked in full, as is everything else.
const PAGE_TOTALS = ['totalCount', 'totalPages', 'currentPage']
function isCursorModeLogPage (method: string, path: string, status: number, body: unknown): boolean {
  if (method.toUpperCase() !== 'GET' || path !== '/api/v1/logs' || status !== 200) return false
  return typeof body === 'object' && body !== null && PAGE_TOTALS.every((k) => !(k in body))
}
function withoutPageTotals (schema: object): object {
  const required = (schema as { required?: string[] }).required ?? []
  return { ...schema, required: required.filter((k) => !PAGE_TOTALS.includes(k)) }
}

export interface Verdict { ok: boolean, declared: boolean, path: string | null, errors: string[] }

/** The reference path template a concrete URL path matches, e.g. /api/v1/scenes/abc → /api/v1/scenes/{sceneId}. */
export function matchReferencePath (urlPath: string): string | null {
  const reference = loadReference()
  if (!reference) return null
  for (const template of Object.keys(reference.paths)) {
    const pattern = new RegExp('^' + template.replace(/\{[^}]+\}/g, '[^/]+') + '$')
    if (pattern.test(urlPath)) return template
  }
  return null
}

/** Checks one response; URLs that match no reference path (unknown routes) are not operations and pass. */
export function checkResponse (method: string, urlPath: string, status: number, body: unknown): Verdict {
  const reference = loadReference()
  if (!reference) return { ok: false, declared: false, path: null, errors: [`reference document not found at ${REFERENCE_PATH}`] }
  const path = matchReferencePath(urlPath)
  const operation = path === null ? undefined : reference.paths[path][method.toLowerCase()]
  if (!path || !operation) return { ok: true, declared: false, path, errors: [] }
  const declared = operation.responses[String(status)]?.content?.['application/json']?.schema
  const cursorMode = isCursorModeLogPage(method, path, status, body)
  const schema = declared && cursorMode ? withoutPageTotals(declared) : declared
  const key = `${method} ${path} ${schema ? status : 'undeclared'}${cursorMode ? ' cursor-mode' : ''}`
  let validate = validators.get(key)
  if (!validate) validators.set(key, validate = compile(schema ?? UNDECLARED_ENVELOPE))
  const ok = validate(body) as boolean
  const errors = ok ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`)
  return { ok, declared: declared !== undefined, path, errors }
}
