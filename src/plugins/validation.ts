// Request validation that matches the real service (DESIGN §4.1): unknown body keys are rejected, never
// stripped; strings in JSON bodies are never coerced; query strings and path params are coerced as usual.
// Validators and serializers compile on first use, not at start: most routes are never called in a given run,
// and compiling all of them was most of the start-up time (issue 13).
import type { Ajv, ValidateFunction } from 'ajv'
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify'
import fastJson from 'fast-json-stringify'
import { coercingAjv, strictAjv } from '../lib/ajv.js'

export { addFormats, compileStrict } from '../lib/ajv.js'

interface LazyValidator {
  (data: unknown): boolean
  /** Fastify reads the errors of a failed validation here, as on an ajv function. */
  errors?: ValidateFunction['errors']
}

/** Validates exactly as `ajv.compile(schema)` would; the compile happens on the first call. */
function lazyValidator (ajv: Ajv, schema: object): LazyValidator {
  let compiled: ValidateFunction | undefined
  const validate: LazyValidator = (data) => {
    compiled ??= ajv.compile(schema)
    const valid = compiled(data)
    validate.errors = compiled.errors
    return valid
  }
  return validate
}

export function createValidatorCompiler (): FastifySchemaCompiler<unknown> {
  return ({ schema, httpPart }) => lazyValidator(httpPart === 'body' ? strictAjv : coercingAjv, schema as object)
}

const serializers = new WeakMap<object, (data: unknown) => string>()

/**
 * Fastify's serializer (fast-json-stringify), compiled on first use, once per response schema object for the whole
 * process: ajv caches validators the same way. Output is what Fastify's default compiler produces.
 */
export function createSerializerCompiler (): FastifySerializerCompiler<unknown> {
  return ({ schema }) => {
    let serialize = serializers.get(schema as object)
    if (!serialize) {
      let compiled: ((data: unknown) => string) | undefined
      serialize = (data) => (compiled ??= fastJson(schema as Parameters<typeof fastJson>[0]))(data)
      serializers.set(schema as object, serialize)
    }
    return serialize
  }
}
