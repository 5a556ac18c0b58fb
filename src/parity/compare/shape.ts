// Shape checks of the target records that pair with nothing on the emulator side (rule workspace-contents):
// the emulator's own OpenAPI document (keys, JSON types, enum values, required fields) and the format of the ids
// the emulator's records of the same place carry.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { addFormats } from '../../lib/ajv.js'
import type { Difference } from '../types.js'
import { pointer, shown, type ShapeCheck } from './diff.js'
import { isObject } from '../../formats/read.js'
import { idFormat } from './rules.js'

/** The response schemas of an OpenAPI document, compiled on first use. */
export interface ResponseSchemas {
  /** The validator of `GET /api/v1/scenes` answering `status`, or undefined when the document has none. */
  validator (operation: string, status: number): ValidateFunction | undefined
}

/** The value at `keys` below `value`, or undefined where any step is not an object holding the next key. */
function dig (value: unknown, keys: readonly string[]): unknown {
  let at = value
  for (const key of keys) at = isObject(at) ? at[key] : undefined
  return at
}

export function responseSchemas (document: unknown): ResponseSchemas {
  const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false })
  addFormats(ajv)
  const compiled = new Map<string, ValidateFunction | undefined>()
  return {
    validator (operation, status) {
      const key = `${operation} ${status}`
      if (!compiled.has(key)) {
        const [method, path] = operation.split(' ')
        const schema = dig(document, ['paths', path, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema'])
        compiled.set(key, isObject(schema) ? ajv.compile(schema) : undefined)
      }
      return compiled.get(key)
    }
  }
}

// ---- the format of the emulator's own ids ------------------------------------------------------------------

/** Per relative place (`/metadata`, `/readOnlyLinks/*`), the formats of the `id`s the emulator's records carry. */
function collectIdFormats (value: unknown, rel: string, into: Map<string, Set<string>>, key?: string): void {
  if (Array.isArray(value)) return value.forEach((item) => collectIdFormats(item, `${rel}/*`, into, key))
  if (isObject(value)) return Object.entries(value).forEach(([k, v]) => collectIdFormats(v, `${rel}/${k}`, into, k))
  if (typeof value === 'string' && key === 'id') into.set(rel, (into.get(rel) ?? new Set()).add(idFormat(value)))
}

function checkIds (value: unknown, rel: string, path: string, formats: Map<string, Set<string>>, out: Difference[], key?: string): void {
  if (Array.isArray(value)) return value.forEach((item, i) => checkIds(item, `${rel}/*`, pointer(path, i), formats, out, key))
  if (isObject(value)) return Object.entries(value).forEach(([k, v]) => checkIds(v, `${rel}/${k}`, pointer(path, k), formats, out, k))
  const known = formats.get(rel)
  if (typeof value === 'string' && key === 'id' && known !== undefined && !known.has(idFormat(value))) {
    out.push({ path, kind: 'format', emulator: [...known].map((f) => `${f} id`).join(' or '), target: `${idFormat(value)} id` })
  }
}

/**
 * Ids of the records set aside by the walk whose format the emulator's records of the same place never have.
 * (Which optional fields a record carries depends on the record, so a missing optional field is not reported.)
 */
export function idFormatDifferences (checks: readonly ShapeCheck[]): Difference[] {
  const out: Difference[] = []
  for (const check of checks) {
    const formats = new Map<string, Set<string>>()
    for (const model of check.models) collectIdFormats(model, '', formats)
    checkIds(check.record, '', check.path, formats, out)
  }
  return out
}

// ---- the document ------------------------------------------------------------------------------------------

function valueAt (body: unknown, path: string): unknown {
  let node = body
  for (const token of path.split('/').slice(1)) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~')
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined
  }
  return node
}

/**
 * ajv reports every branch of a failed anyOf. Keep the branch that came closest (fewest errors), except when
 * every branch only refused the value itself (enums): those merge into one enum error listing all values.
 */
function closestBranches (errors: ErrorObject[]): ErrorObject[] {
  let kept = errors
  for (const anyOf of errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')) {
    const prefix = `${anyOf.schemaPath}/`
    const inside = kept.filter((e) => e.schemaPath.startsWith(prefix))
    const byBranch = new Map<string, ErrorObject[]>()
    for (const e of inside) {
      const branch = e.schemaPath.slice(prefix.length).split('/')[0]
      byBranch.set(branch, [...(byBranch.get(branch) ?? []), e])
    }
    const enums = inside.every((e) => (e.keyword === 'enum' || e.keyword === 'const') && e.instancePath === anyOf.instancePath)
    const merged: ErrorObject[] = enums && inside.length > 0
      ? [{ ...anyOf, keyword: 'enum', params: { allowedValues: inside.flatMap((e) => e.params.allowedValues ?? [e.params.allowedValue]) } }]
      : [...byBranch.values()].sort((a, b) => a.length - b.length)[0] ?? []
    kept = [...kept.filter((e) => e !== anyOf && !inside.includes(e)), ...merged]
  }
  return kept
}

function toDifference (error: ErrorObject, body: unknown): Difference {
  const at = error.instancePath
  const target = shown(valueAt(body, at))
  switch (error.keyword) {
    case 'required': return { path: pointer(at, error.params.missingProperty), kind: 'missing', emulator: '(required)', target: null }
    case 'additionalProperties': {
      const path = pointer(at, error.params.additionalProperty)
      return { path, kind: 'extra', emulator: null, target: shown(valueAt(body, path)) }
    }
    case 'type': return { path: at, kind: 'type', emulator: `(${String(error.params.type)})`, target }
    case 'enum': return { path: at, kind: 'enum', emulator: `(one of ${JSON.stringify(error.params.allowedValues)})`, target }
    case 'const': return { path: at, kind: 'enum', emulator: `(${JSON.stringify(error.params.allowedValue)})`, target }
    case 'format': case 'pattern': return { path: at, kind: 'format', emulator: `(${error.message ?? error.keyword})`, target }
    default: return { path: at, kind: 'schema', emulator: `(${error.message ?? error.keyword})`, target }
  }
}

const within = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`)

/** Where the target body breaks the emulator's document, outside the places compared by value. */
export function documentDifferences (validate: ValidateFunction | undefined, body: unknown, valuePaths: readonly string[]): Difference[] {
  if (validate === undefined || validate(body)) return []
  const seen = new Set<string>()
  return closestBranches(validate.errors ?? [])
    .filter((error) => !valuePaths.some((prefix) => within(error.instancePath, prefix)))
    .map((error) => toDifference(error, body))
    .filter((difference) => !seen.has(difference.path) && seen.add(difference.path) !== undefined)
}
