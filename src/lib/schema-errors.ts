// Turns ajv errors into the one-line messages of the service's 400 envelope (`body/name must be string`).
import type { ErrorObject } from 'ajv'

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
