// A deterministic walk of a JSON value alongside its JSON Schema, and the schema predicates drift kinds use to tell
// optional from required, maps from records, and which values a position still accepts. Tolerant of bodies that no
// longer match their schema.
import { escapeToken, isObject, keysOf, type JsonObject, type Token, type WalkEntry } from './json-pointer.js'

export type Schema = Record<string, unknown>

/** Where a value sits relative to its parent's schema. */
export type FieldRole = 'required' | 'optional' | 'entry' | 'item' | 'unknown'

export interface SchemaWalkEntry extends WalkEntry {
  /** The schema declared for this position (before choosing an anyOf branch); undefined when unknown. */
  declared: Schema | undefined
  /** The branch of `declared` that matches the value; what children are resolved against. */
  schema: Schema | undefined
  /** 'required'/'optional' for declared properties, 'entry' for map values, 'item' for array items. */
  role: FieldRole
  /** The nearest declared property name (a map entry or array item inherits its container's name). */
  fieldName: string | undefined
}

/**
 * Positions a schema walk reports at most. With a schema the walk is already small (see isOpenSchema); this
 * bounds bodies without one: a 5,000-element scene has 135,000 positions, and kinds only need some of them.
 */
export const MAX_WALK_POSITIONS = 20_000

/**
 * Like walk(), with each position's schema, role and enum facts; tolerant of bodies that no longer match.
 * A position declared with the empty schema `{}` (scene `elements` items, log `details`) is reported but not
 * entered: the contract says nothing inside it, so there is no contract there to drift, and entering it made
 * a 5,000-element scene cost ~0.3 s per response. At most `limit` positions, in walk order.
 */
export function* walkWithSchema (root: unknown, rootSchema: unknown, limit = MAX_WALK_POSITIONS): Generator<SchemaWalkEntry> {
  const out: SchemaWalkEntry[] = []
  collectWithSchema(root, matchBranch(rootSchema, root), '', undefined, { entries: out, limit })
  yield* out
}

interface Collector { entries: SchemaWalkEntry[], limit: number }

function collectWithSchema (
  node: unknown, nodeSchema: Schema | undefined, pointer: string, fieldName: string | undefined, out: Collector
): void {
  for (const key of keysOf(node)) {
    if (out.entries.length >= out.limit) return
    const value = (node as Record<Token, unknown>)[key]
    const at = pointer + '/' + escapeToken(key)
    const { declared, role } = childSchema(nodeSchema, node, key)
    const name = typeof key === 'string' && role !== 'entry' ? key : fieldName
    const schema = matchBranch(declared, value)
    out.entries.push({ pointer: at, parent: node as JsonObject | unknown[], key, value, declared, schema, role, fieldName: name })
    if (!isOpenSchema(declared)) collectWithSchema(value, schema, at, name, out)
  }
}

/** `{}`: any JSON at all (TypeBox's Unknown/Any; its `~kind` marker is not enumerable). */
export function isOpenSchema (schema: unknown): boolean {
  return isObject(schema) && Object.keys(schema).length === 0
}

/** The schema a child of `parent` is declared with, and whether it is a required/optional field, entry or item. */
export function childSchema (parentSchema: unknown, parentValue: unknown, key: Token): { declared: Schema | undefined, role: FieldRole } {
  const parent = asSchema(parentSchema)
  if (parent === undefined) return { declared: undefined, role: 'unknown' }
  if (Array.isArray(parentValue)) {
    return { declared: asSchema(parent.items), role: 'item' }
  }
  const name = String(key)
  const properties = asSchema(parent.properties)
  if (properties !== undefined && Object.hasOwn(properties, name)) {
    const required = Array.isArray(parent.required) && parent.required.includes(name)
    return { declared: asSchema(properties[name]), role: required ? 'required' : 'optional' }
  }
  const patterns = asSchema(parent.patternProperties)
  for (const [pattern, schema] of Object.entries(patterns ?? {})) {
    if (matchesPattern(pattern, name)) return { declared: asSchema(schema), role: 'entry' }
  }
  // `additionalProperties: {}` (or a schema) makes a map; `false`, `{not: {}}` or absent, an undeclared field.
  const additional = asSchema(parent.additionalProperties)
  if (additional !== undefined && !isNever(additional)) return { declared: additional, role: 'entry' }
  return { declared: undefined, role: 'unknown' }
}

/** The innermost anyOf/oneOf branch that `value` fits, or the schema itself when it has no branches. */
export function matchBranch (declared: unknown, value: unknown): Schema | undefined {
  const schema = asSchema(declared)
  if (schema === undefined) return undefined
  const branches = schema.anyOf ?? schema.oneOf
  if (!Array.isArray(branches)) return schema
  for (const branch of branches) {
    const candidate = asSchema(branch)
    if (candidate !== undefined && fits(candidate, value)) return matchBranch(candidate, value)
  }
  return undefined
}

/** A shallow check: const, enum, type and branches; enough to choose a branch, not to validate. */
export function fits (schema: Schema, value: unknown): boolean {
  if (Object.hasOwn(schema, 'const')) return schema.const === value
  if (Array.isArray(schema.enum)) return schema.enum.includes(value)
  const branches = schema.anyOf ?? schema.oneOf
  if (Array.isArray(branches)) return branches.some((branch) => isObject(branch) && fits(branch, value))
  if (value === null && schema.nullable === true) return true
  const types = typeList(schema)
  return types === undefined || types.some((type) => typeMatches(type, value))
}

/** The values an enum position allows (enum, const or a union of them), or undefined when it is not an enum. */
export function enumOf (declared: unknown): unknown[] | undefined {
  const schema = asSchema(declared)
  if (schema === undefined) return undefined
  if (Array.isArray(schema.enum)) return [...schema.enum]
  if (Object.hasOwn(schema, 'const')) return [schema.const]
  const branches = schema.anyOf ?? schema.oneOf
  if (!Array.isArray(branches)) return undefined
  const values: unknown[] = []
  for (const branch of branches) {
    const candidate = asSchema(branch)
    if (candidate !== undefined && isNullOnly(candidate)) { values.push(null); continue }
    const inner = enumOf(candidate)
    if (inner === undefined) return undefined
    values.push(...inner)
  }
  return values
}

/** Whether the declared schema accepts null (anyOf with null, type list with null, OpenAPI `nullable`). */
export function allowsNull (declared: unknown): boolean {
  const schema = asSchema(declared)
  return schema !== undefined && fits(schema, null)
}

/** Whether `value` would still pass this position's type check; undefined when the schema is unknown. */
export function accepts (declared: unknown, value: unknown): boolean | undefined {
  const schema = asSchema(declared)
  if (schema === undefined) return undefined
  // `{}` accepts any JSON (scene elements, log `details`): retyping a value there is no drift of the contract.
  return isOpenSchema(schema) || fits(schema, value)
}

/** True for object schemas that are maps (additionalProperties or patternProperties schemas) rather than records. */
export function isMapSchema (declared: unknown): boolean {
  const schema = asSchema(declared)
  if (schema === undefined || isObject(schema.properties)) return false
  const additional = asSchema(schema.additionalProperties)
  return isObject(schema.patternProperties) || (additional !== undefined && !isNever(additional))
}

/** `{not: {}}`: the schema no value satisfies (how the reference closes the DELETE `{}` body). */
function isNever (schema: Schema): boolean {
  return isObject(schema.not) && Object.keys(schema.not).length === 0
}

/** A pattern JavaScript cannot compile matches nothing, rather than failing the response it describes. */
function matchesPattern (pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text)
  } catch {
    return false
  }
}

function isNullOnly (schema: Schema): boolean {
  const types = typeList(schema)
  return types !== undefined && types.length === 1 && types[0] === 'null'
}

function typeList (schema: Schema): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type]
  if (Array.isArray(schema.type)) return schema.type.map(String)
  return undefined
}

function typeMatches (type: string, value: unknown): boolean {
  switch (type) {
    case 'null': return value === null
    case 'integer': return Number.isInteger(value)
    case 'array': return Array.isArray(value)
    case 'object': return isObject(value)
    default: return typeof value === type
  }
}

function asSchema (value: unknown): Schema | undefined {
  return isObject(value) ? value : undefined
}
