// One reader for every file format at the parity fence: parse, check the format's identity and version in its own
// words, validate against its TypeBox schema (compiled once), and name the first problem in one line.
import type { Static, TSchema } from 'typebox'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { compileStrict } from '../lib/ajv.js'
import { formatSchemaErrors } from '../lib/schema-errors.js'

/** A plain JSON object (not an array, not null): what every format's top level and most of its parts are. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A file format, declared once: its schema (the type writers produce and readers get), and the words its readers
 * say when a file is not of it. Each `…` hook returns the whole one-line message, so each format keeps its wording.
 */
export interface FormatDeclaration<S extends TSchema> {
  /** What a reader calls a file of this format in a message (`drift profile`, `report`). */
  name: string
  schema: S
  /** The line for a text that is not JSON; by default `<where> is not JSON: <parser's words>`. */
  notJson?: (where: string, parserMessage: string) => string
  /**
   * The format's identity and version, checked before the schema so an old or foreign file is named as such, not
   * as its first odd field. Returns the whole line, or undefined when the value is of this format and version.
   */
  identify?: (value: unknown, where: string) => string | undefined
  /**
   * The line for the first schema problem (`problem` is ajv's, in the schema's own words; `at`, the JSON pointer of
   * the value it is about, so a format can name the part in its own words; `error`, ajv's first error, for a format
   * whose words depend on the value and the place); by default `<where>: <problem>`.
   */
  problem?: (where: string, problem: string, value: unknown, at: string, error: ErrorObject) => string
}

const validators = new WeakMap<object, ValidateFunction>()

function validatorOf (schema: TSchema): ValidateFunction {
  let validate = validators.get(schema)
  if (validate === undefined) validators.set(schema, (validate = compileStrict(schema)))
  return validate
}

/** The first problem of `value` against the format's schema as one line, or undefined when it fits. */
export function formatProblem<S extends TSchema> (format: FormatDeclaration<S>, value: unknown, where: string): string | undefined {
  const identity = format.identify?.(value, where)
  if (identity !== undefined) return identity
  const validate = validatorOf(format.schema)
  if (validate(value)) return undefined
  const errors = validate.errors ?? []
  const problem = formatSchemaErrors(errors, format.name, format.schema).message
  return format.problem?.(where, problem, value, errors[0]?.instancePath ?? '', errors[0]) ?? `${where}: ${problem}`
}

/**
 * Parses and checks one file's text; throws `makeError(line)` with the first problem. The value is returned as
 * parsed (the schema's defaults are not applied: a format's optional fields stay absent).
 */
export function readFormat<S extends TSchema> (
  format: FormatDeclaration<S>, text: string, where: string, makeError: (line: string) => Error = (line) => new Error(line)
): Static<S> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const message = (error as Error).message
    throw makeError(format.notJson?.(where, message) ?? `${where} is not JSON: ${message}`)
  }
  return checkFormat(format, value, where, makeError)
}

/** As readFormat, for a value already parsed (an answer's body, a file read another way). */
export function checkFormat<S extends TSchema> (
  format: FormatDeclaration<S>, value: unknown, where: string, makeError: (line: string) => Error = (line) => new Error(line)
): Static<S> {
  const problem = formatProblem(format, value, where)
  if (problem !== undefined) throw makeError(problem)
  return value as Static<S>
}
