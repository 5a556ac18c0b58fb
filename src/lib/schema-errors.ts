// Turns ajv errors into the one-line messages of the service's 400 envelope (`body/name must be string`), in the
// schema's own words where it carries some (SCHEMA_MESSAGES).
import type { ErrorObject } from 'ajv'

/**
 * Where a schema keeps the wording of its own rules for the one who must fix the input: keyword → what follows the
 * value's path (`{ maxItems: 'holds more than 100 nodes: split the diagram into smaller ones' }`). A symbol key, so
 * the schema as JSON (tools/list, the OpenAPI documents) never shows it and ajv never reads it.
 */
export const SCHEMA_MESSAGES = Symbol.for('drawing-api-emulator.schemaMessages')

export type SchemaMessages = Readonly<Partial<Record<string, string>>>

/** `schema` with `messages` for the rules it states; the same object, so a TypeBox schema keeps its type. */
export function withMessages<S extends object> (schema: S, messages: SchemaMessages): S {
  Object.defineProperty(schema, SCHEMA_MESSAGES, { value: messages, enumerable: true })
  return schema
}

/** The schema holding the keyword that failed (`#/properties/nodes/maxItems` → the `nodes` schema), from the root. */
function failingSchema (root: object, schemaPath: string): unknown {
  const steps = schemaPath.replace(/^#\/?/, '').split('/').slice(0, -1)
  let at: unknown = root
  for (const step of steps) {
    if (at === null || typeof at !== 'object') return undefined
    at = (at as Record<string, unknown>)[step.replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  return at
}

function ownWords (root: object | undefined, error: ErrorObject): string | undefined {
  if (root === undefined) return undefined
  const schema = failingSchema(root, error.schemaPath)
  if (schema === null || typeof schema !== 'object') return undefined
  return (schema as { [SCHEMA_MESSAGES]?: SchemaMessages })[SCHEMA_MESSAGES]?.[error.keyword]
}

/**
 * `body/name must be string`, naming the offending key for closed objects and enums. With the `root` schema that
 * was validated, a rule it words itself (SCHEMA_MESSAGES) is said in those words.
 */
export function formatSchemaErrors (errors: ErrorObject[], dataVar: string, root?: object): Error {
  const first = errors[0]
  const where = `${dataVar}${first.instancePath}`
  const params = first.params as Record<string, unknown>
  const own = ownWords(root, first)
  if (own !== undefined) return new Error(`${where} ${own}`)
  let message = `${where} ${first.message ?? 'is invalid'}`
  if (first.keyword === 'additionalProperties') message = `${where} must NOT have additional property '${String(params.additionalProperty)}'`
  if (first.keyword === 'enum') message += `: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
  if (first.keyword === 'required') message = `${where} must have required property '${String(params.missingProperty)}'`
  return new Error(message)
}
