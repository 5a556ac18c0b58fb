// The process's two ajv engines: strict for JSON bodies (no coercion, no stripping) and coercing for
// query strings and path params. Shared by every app in the process, by route validation and by MCP arguments.
import { Ajv, type ValidateFunction } from 'ajv'
import formatsPlugin from 'ajv-formats'

// ajv-formats is CommonJS with a default export; under NodeNext the callable is on `.default`.
export const addFormats = (formatsPlugin as unknown as { default: (ajv: Ajv) => Ajv }).default

/**
 * strict: false because the TypeBox schemas carry OpenAPI keywords (description, example) ajv does not know.
 * validateSchema: false because the schemas are code, not input: checking each against the JSON Schema meta-schema
 * compiled that meta-schema on every first request (30 ms of the start); test/schemas/meta-schema.test.ts
 * checks them all once instead.
 */
export const AJV_OPTIONS = { removeAdditional: false, useDefaults: false, allErrors: false, strict: false, validateSchema: false } as const

function createAjv (coerce: boolean): Ajv {
  const ajv = new Ajv({ ...AJV_OPTIONS, coerceTypes: coerce ? 'array' : false })
  addFormats(ajv)
  return ajv
}

// ajv caches compiled validators by schema object, and the route schemas are module constants, so a second app
// (each test builds its own) reuses them instead of compiling again. Each engine is made on its first compile, not
// at start: the first request needs at most one of them.
let strict: Ajv | undefined
let coercing: Ajv | undefined
export const strictAjv = (): Ajv => (strict ??= createAjv(false))
export const coercingAjv = (): Ajv => (coercing ??= createAjv(true))

/** A body validator from the strict engine: MCP tools validate their arguments with the routes' rules. */
export function compileStrict<T = unknown> (schema: object): ValidateFunction<T> {
  return strictAjv().compile<T>(schema)
}
