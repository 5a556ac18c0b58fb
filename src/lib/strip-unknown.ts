// Drops the keys a JSON Schema does not declare, in place: what `unknownFields=strip` does to a request body before
// the strict validator sees it (the official CLI's reading: extra keys are dropped silently, not refused).
type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Walks `value` along `schema`: a closed object (`additionalProperties: false`) loses its undeclared keys; declared
 * ones, array items and map values are walked in turn. Of an `anyOf`, the first branch whose required keys are all
 * present is followed (the two invite shapes differ by their required keys); open values are left alone.
 */
export function stripUnknown (schema: unknown, value: unknown): void {
  if (!isObject(schema)) return
  if (Array.isArray(schema.anyOf)) {
    const branch = schema.anyOf.find((candidate) => fits(candidate, value))
    if (branch !== undefined) stripUnknown(branch, value)
    return
  }
  if (Array.isArray(value)) {
    for (const item of value) stripUnknown(schema.items, item)
    return
  }
  if (!isObject(value)) return
  const properties = isObject(schema.properties) ? schema.properties : {}
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(properties, key)) stripUnknown(properties[key], value[key])
    else if (schema.additionalProperties === false) delete value[key]
    else if (isObject(schema.additionalProperties)) stripUnknown(schema.additionalProperties, value[key])
  }
}

/** An object branch fits when every key it requires is present; a non-object branch fits any non-object value. */
function fits (branch: unknown, value: unknown): boolean {
  if (!isObject(branch)) return false
  if (branch.type !== 'object') return !isObject(value)
  if (!isObject(value)) return false
  const required = Array.isArray(branch.required) ? branch.required as string[] : []
  return required.every((key) => Object.hasOwn(value, key))
}
