// Request validation that matches the real service (DESIGN §4.1): unknown body keys are rejected, never
// stripped; strings in JSON bodies are never coerced; query strings and path params are coerced as usual.
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify'
import fastJson from 'fast-json-stringify'
import { coercingAjv, strictAjv } from '../lib/ajv.js'

export { addFormats, compileStrict } from '../lib/ajv.js'

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
