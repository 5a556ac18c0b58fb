// Request validation that matches the real service (DESIGN §4.1): unknown body keys are rejected, never
// stripped; strings in JSON bodies are never coerced; query strings and path params are coerced as usual.
import { Ajv, type ValidateFunction } from 'ajv'
import formatsPlugin from 'ajv-formats'
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify'
import fastJson from 'fast-json-stringify'

// ajv-formats is CommonJS with a default export; under NodeNext the callable is on `.default`.
export const addFormats = (formatsPlugin as unknown as { default: (ajv: Ajv) => Ajv }).default

function createAjv (coerce: boolean): Ajv {
  // strict: false because the TypeBox schemas carry OpenAPI keywords (description, example) ajv does not know.
  const ajv = new Ajv({ coerceTypes: coerce ? 'array' : false, removeAdditional: false, useDefaults: false, allErrors: false, strict: false })
  addFormats(ajv)
  return ajv
}

// Shared by every app in the process: ajv caches compiled validators by schema object, and the route schemas
// are module constants, so a second app (each test builds its own) reuses them instead of compiling again.
const strictAjv = createAjv(false)
const coercingAjv = createAjv(true)

/** A body validator from the same strict engine the routes use: MCP tools validate their arguments with it. */
export function compileStrict (schema: object): ValidateFunction {
  return strictAjv.compile(schema)
}

export function createValidatorCompiler (): FastifySchemaCompiler<unknown> {
  return ({ schema, httpPart }) => (httpPart === 'body' ? strictAjv : coercingAjv).compile(schema as object)
}

const serializers = new WeakMap<object, (data: unknown) => string>()

/**
 * Fastify's serializer (fast-json-stringify), compiled once per response schema object for the whole process:
 * the same cache argument as the validators. Output is what Fastify's default compiler produces.
 */
export function createSerializerCompiler (): FastifySerializerCompiler<unknown> {
  return ({ schema }) => {
    let serialize = serializers.get(schema as object)
    if (!serialize) {
      serialize = fastJson(schema as Parameters<typeof fastJson>[0])
      serializers.set(schema as object, serialize)
    }
    return serialize
  }
}
