// Shape checks for scene content: one compiled validator per element type, file records, request roots
// (the service's confirmed rules: closed roots, complete typed elements, boundElements present, closed file records,
// closed PATCH appState). Each compiles on first use, so big scenes stay fast and start-up compiles only
// what the fixtures hold.
import { Compile } from 'typebox/compile'
import { Value } from 'typebox/value'
import type { TSchema } from 'typebox'
import { fail } from '../errors.js'
import { ELEMENT_SCHEMAS, ELEMENT_TYPES, type Element } from '../schemas/elements.js'
import { FileRecordSchema, type FileRecord } from '../schemas/scene-content.js'
import { describeIssue, pickIssue, type SchemaIssue } from './errors.js'
import { COLOUR_FIELDS, colourProblem } from './colours.js'

interface Checker {
  schema: TSchema
  check: (value: unknown) => boolean
  errors: (value: unknown) => SchemaIssue[]
}

/** A checker of `schema`, compiled on its first use (element types no request uses are never compiled). */
export function compileChecker (schema: TSchema): Checker {
  let compiled: ReturnType<typeof Compile> | undefined
  return {
    schema,
    check: (value) => (compiled ??= Compile(schema)).Check(value),
    // The compiled validator's errors are these very ones: TypeBox computes errors interpreted either way.
    errors: (value) => Value.Errors(schema, value) as SchemaIssue[]
  }
}

const elementCheckers = new Map<string, Checker>(
  ELEMENT_TYPES.map((type) => [type, compileChecker(ELEMENT_SCHEMAS[type])])
)
const fileChecker = compileChecker(FileRecordSchema)
const TYPE_LIST = ELEMENT_TYPES.join(', ')

/** Throws the 400 for the first issue `checker` finds in `value`, prefixed with `subject`. */
export function assertShape (checker: Checker, value: unknown, subject: string, rootName: string, base = 0): void {
  if (checker.check(value)) return
  const issue = pickIssue(checker.errors(value))
  fail('EMU_BAD_REQUEST', subject + describeIssue(issue, rootName, checker.schema, base))
}

/**
 * Validates one complete element record against the schema of its `type`.
 * `label` is how messages name it: the id the client sent, even when the stored id will differ.
 */
export function validateElementShape (element: Record<string, unknown>, label: string): void {
  const type = element.type
  const checker = typeof type === 'string' ? elementCheckers.get(type) : undefined
  if (checker === undefined) {
    // Upstream answers a partial record with Zod's "No matching discriminator".
    const found = type === undefined ? ', type is missing' : ` for type ${JSON.stringify(type)}`
    fail('EMU_BAD_REQUEST', `Element ${label}: no matching discriminator${found} (expected one of ${TYPE_LIST})`)
  }
  assertShape(checker, element, `Element ${label}: `, 'element')
  for (const field of COLOUR_FIELDS) {
    const problem = typeof element[field] === 'string' ? colourProblem(element[field]) : undefined
    if (problem !== undefined) fail('EMU_BAD_REQUEST', `Element ${label}: ${field} ${problem}`)
  }
}

/** Validates a `files` map: each record closed and well-formed, and stored under its own id. */
export function validateFiles (files: unknown): Record<string, FileRecord> {
  if (typeof files !== 'object' || files === null || Array.isArray(files)) {
    fail('EMU_BAD_REQUEST', 'files must be an object')
  }
  const out: Record<string, FileRecord> = {}
  for (const [key, record] of Object.entries(files)) {
    assertShape(fileChecker, record, `File ${key}: `, 'file record')
    const file = record as FileRecord
    if (file.id !== key) fail('EMU_BAD_REQUEST', `File ${key}: id ${JSON.stringify(file.id)} must equal its key in files`)
    out[key] = { ...file }
  }
  return out
}

/**
 * Validates a request or stored-content root whose `files` may be named in the message:
 * an issue under `/files/<key>/…` reads "File <key>: …" like the ones validateFiles throws.
 */
export function assertRoot (checker: Checker, value: unknown, rootName: string): void {
  if (checker.check(value)) return
  const issue = pickIssue(checker.errors(value))
  const fileMatch = /^\/files\/([^/]+)(\/|$)/.exec(issue.instancePath)
  if (fileMatch !== null) {
    const key = fileMatch[1].replace(/~1/g, '/').replace(/~0/g, '~')
    fail('EMU_BAD_REQUEST', `File ${key}: ` + describeIssue(issue, 'file record', checker.schema, 2))
  }
  fail('EMU_BAD_REQUEST', describeIssue(issue, rootName, checker.schema))
}

/** The copy that gets stored: freedraw `strokeOptions` is accepted but silently dropped. */
export function storedForm (element: Element): Element {
  if (element.type === 'freedraw' && 'strokeOptions' in element) {
    const { strokeOptions: _dropped, ...rest } = element
    return rest as Element
  }
  return element
}
