// Request validation that matches the real service (DESIGN §4.1): unknown body keys are rejected, never
// stripped; strings in JSON bodies are never coerced; query strings and path params are coerced as usual.
import { Ajv, type ErrorObject } from 'ajv'
import formatsPlugin from 'ajv-formats'
import type { FastifySchemaCompiler } from 'fastify'

// ajv-formats is CommonJS with a default export; under NodeNext the callable is on `.default`.
const addFormats = (formatsPlugin as unknown as { default: (ajv: Ajv) => Ajv }).default

function createAjv (coerce: boolean): Ajv {
  // strict: false because the TypeBox schemas carry OpenAPI keywords (description, example) ajv does not know.
  const ajv = new Ajv({ coerceTypes: coerce ? 'array' : false, removeAdditional: false, useDefaults: false, allErrors: false, strict: false })
  addFormats(ajv)
  return ajv
}

export function createValidatorCompiler (): FastifySchemaCompiler<unknown> {
  const strictAjv = createAjv(false)
  const coercingAjv = createAjv(true)
  return ({ schema, httpPart }) => (httpPart === 'body' ? strictAjv : coercingAjv).compile(schema as object)
}

/** `body/name must be string`, naming the offending key for closed objects and enums. */
export function formatSchemaErrors (errors: ErrorObject[], dataVar: string): Error {
  const first = errors[0]
  const where = `${dataVar}${first.instancePath}`
  const params = first.params as Record<string, unknown>
  let message = `${where} ${first.message ?? 'is invalid'}`
  if (first.keyword === 'additionalProperties') message = `${where} must NOT have additional property '${String(params.additionalProperty)}'`
  if (first.keyword === 'enum') message += `: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
  if (first.keyword === 'required') message = `${where} must have required property '${String(params.missingProperty)}'`
  return new Error(message)
}
