// Request validation that matches the real service: unknown body keys are rejected, never
// stripped; strings in JSON bodies are never coerced; query strings and path params are coerced as usual.
// Validators and serializers compile on first use, not at start: most routes are never called in a given run,
// and compiling all of them was most of the start-up time.
import type { Ajv, ValidateFunction } from 'ajv'
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify'
import fastJson from 'fast-json-stringify'
import { coercingAjv, strictAjv } from '../lib/ajv.js'
import { PRECOMPILED } from './precompiled-validators.js'
import { PRECOMPILED_SERIALIZERS } from './precompiled-serializers.js'

interface LazyValidator {
  (data: unknown): boolean
  /** Fastify reads the errors of a failed validation here, as on an ajv function. */
  errors?: ValidateFunction['errors']
}

/**
 * Validates exactly as `ajv().compile(schema)` would; the engine and the compile are made on the first call, unless
 * `built` finds the validator the build compiled from the same schema (the same code ajv would compile).
 */
function lazyValidator (ajv: () => Ajv, schema: object, built?: (schema: object) => ValidateFunction | undefined): LazyValidator {
  let compiled: ValidateFunction | undefined
  const validate: LazyValidator = (data) => {
    compiled ??= built?.(schema) ?? ajv().compile(schema)
    const valid = compiled(data)
    validate.errors = compiled.errors
    return valid
  }
  return validate
}

/** The build's table of query, path and header validators by schema text (precompiled-validators.ts's shape). */
export type ValidatorTable = Pick<ReadonlyMap<string, ValidateFunction>, 'size' | 'get'>
/** The build's table of serializer factories by schema text (precompiled-serializers.ts's shape). */
export type SerializerTable = Pick<ReadonlyMap<string, () => (data: unknown) => string>, 'size' | 'get'>

/** The coercing engine's validator for `schema` as the build compiled it, when `table` holds one. */
const precompiledIn = (table: ValidatorTable) => (schema: object): ValidateFunction | undefined =>
  table.size === 0 ? undefined : table.get(JSON.stringify(schema))

/** Build-time only (scripts/precompile-validators.mjs): told of each query, path and header schema a route declares. */
export const coercedSchemas: { record?: (schema: object) => void } = {}

/**
 * The validator compiler, taking coerced schemas' validators from `table` (the build's; tests pass empty ones so the
 * sources' own compile, which `npm run dev` runs, stays covered: the test runner's table holds every schema).
 */
export function createValidatorCompiler (table: ValidatorTable = PRECOMPILED): FastifySchemaCompiler<unknown> {
  const precompiled = precompiledIn(table)
  return ({ schema, httpPart }) => {
    if (httpPart === 'body') return lazyValidator(strictAjv, schema as object)
    coercedSchemas.record?.(schema as object)
    return lazyValidator(coercingAjv, schema as object, precompiled)
  }
}

const serializers = new WeakMap<object, (data: unknown) => string>()

type Json = Record<string, unknown>
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
/** Keywords whose values are data, not schemas: never rewritten. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'example', 'examples'])
/** Branch keywords that need fast-json-stringify's own handling of combinators. */
const COMBINATORS = ['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref', 'nullable']

/** `T` of anyOf [T, null] when T is one plain typed schema, else undefined. */
function nullableBranch (node: Json): Json | undefined {
  const branches = node.anyOf
  if (!Array.isArray(branches) || branches.length !== 2 || !branches.every(isJson)) return undefined
  const nullAt = branches.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1)
  if (nullAt < 0) return undefined
  const other = branches[1 - nullAt]
  const plain = typeof other.type === 'string' && other.type !== 'null' && COMBINATORS.every((keyword) => !(keyword in other))
  return plain ? other : undefined
}

/**
 * TypeBox writes a nullable field as anyOf [T, null], which fast-json-stringify serialises by validating the value
 * against each branch with a validator it compiles on first use (30 ms for the first page of collections)
 * and runs on every value. `T` with `nullable: true` writes the same JSON for every value the schema allows (null,
 * or a value of T), with no validator: and every value serialised here is the emulator's own, valid by its schema.
 */
export function withNullableFields (node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullableFields)
  if (!isJson(node)) return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node)) out[key] = DATA_KEYWORDS.has(key) ? value : withNullableFields(value)
  const branch = nullableBranch(out)
  if (branch === undefined) return out
  const { anyOf: _anyOf, ...rest } = out
  return { ...rest, ...branch, nullable: true }
}

/** Build-time only (scripts/precompile-serializers.mjs): told of each response schema a route declares. */
export const serializedSchemas: { record?: (schema: object) => void } = {}

/** What the server serialises with for `schema`: withNullableFields' form, as fast-json-stringify takes it. */
export const serializerSchema = (schema: unknown): Parameters<typeof fastJson>[0] => withNullableFields(schema) as Parameters<typeof fastJson>[0]

/** The serializer the build compiled for `schema` (the same code fastJson makes of it), when `table` holds one. */
const precompiledSerializer = (table: SerializerTable, schema: object): ((data: unknown) => string) | undefined =>
  table.size === 0 ? undefined : table.get(JSON.stringify(schema))?.()

/**
 * Fastify's serializer (fast-json-stringify), compiled on first use (or taken from the build's table), once per
 * response schema object for the whole process: ajv caches validators the same way. Output is what Fastify's default
 * compiler produces. `table` is the build's (tests pass an empty one, as for createValidatorCompiler).
 */
export function createSerializerCompiler (table: SerializerTable = PRECOMPILED_SERIALIZERS): FastifySerializerCompiler<unknown> {
  return ({ schema }) => {
    serializedSchemas.record?.(schema as object)
    let serialize = serializers.get(schema as object)
    if (!serialize) {
      let compiled: ((data: unknown) => string) | undefined
      serialize = (data) => (compiled ??= precompiledSerializer(table, schema as object) ?? fastJson(serializerSchema(schema)))(data)
      serializers.set(schema as object, serialize)
    }
    return serialize
  }
}
