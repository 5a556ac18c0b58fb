// A drift profile's changes applied to one answer (EMULATOR_DRIFT_PROFILE): the target's shape, the same on every
// matching answer, each change named `learned <site>` in X-Emulator-Drift. Pure: the body given is never mutated.
import type { JsonType, LearnedChange } from '../../formats/drift-profile.js'
import { escapeToken, isObject, parsePointer, type JsonObject } from './json-pointer.js'
import { defineKey, renameKey } from './kinds/util.js'
import { retype } from './kinds/values.js'

export const LEARNED_KIND = 'learned'

/** One answer before the profile: its status and parsed JSON body (undefined when it has none or it is not JSON). */
export interface LearnedInput { statusCode: number, body: unknown }

export interface LearnedOutput {
  statusCode: number
  body: unknown
  /** Headers to set, and (lower-case) headers to remove. */
  headers: Record<string, string>
  removedHeaders: string[]
  /** `learned /data/0/title`, `learned status`, `learned header/deprecation`. */
  changes: string[]
}

/** A place in the body a pattern matched: the object holding it, its key there and its concrete pointer. */
interface Match { parent: JsonObject, key: string, pointer: string }

export function jsonType (value: unknown): JsonType {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value as JsonType
}

/** The containers `tokens` lead to: `*` is every item of an array (or an object's own `*` key). */
function containers (node: unknown, tokens: readonly string[], pointer: string, out: Array<{ node: unknown, pointer: string }>): void {
  if (tokens.length === 0) return void out.push({ node, pointer })
  const [token, ...rest] = tokens
  if (Array.isArray(node)) {
    const indices = token === '*' ? node.map((_, i) => i) : /^\d+$/.test(token) ? [Number(token)] : []
    for (const i of indices.filter((index) => index < node.length)) containers(node[i], rest, `${pointer}/${i}`, out)
  } else if (isObject(node) && Object.hasOwn(node, token)) {
    containers(node[token], rest, `${pointer}/${escapeToken(token)}`, out)
  }
}

/** Every object field the pattern names (the field itself may be absent: `present` says). */
function fields (body: unknown, pattern: string): Array<Match & { present: boolean }> {
  const tokens = parsePointer(pattern)
  const key = tokens.pop()
  if (key === undefined) return []
  const found: Array<{ node: unknown, pointer: string }> = []
  containers(body, tokens, '', found)
  return found.filter(({ node }) => isObject(node)).map(({ node, pointer }) => ({
    parent: node as JsonObject, key, pointer: `${pointer}/${escapeToken(key)}`, present: Object.hasOwn(node as JsonObject, key)
  }))
}

/** The value in the target's JSON type: the drift kinds' own retyping when it gives that type, else the sample. */
export function converted (value: unknown, to: JsonType, sample: unknown): unknown {
  const again = retype(value)
  if (again !== undefined && jsonType(again) === to) return again
  if (to === 'null') return null
  if (to === 'string' && value !== null) return typeof value === 'object' ? JSON.stringify(value) : String(value)
  if (to === 'number' && typeof value === 'boolean') return value ? 1 : 0
  return structuredClone(jsonType(sample) === to
    ? sample
    : ({ string: '', number: 0, boolean: false, object: {}, array: [] } as const)[to as Exclude<JsonType, 'null'>])
}

/** Applies one body change to `body` (a clone) in place; returns the pointers it changed. */
function applyBodyChange (body: unknown, change: LearnedChange): string[] {
  switch (change.change) {
    case 'field-added':
      return fields(body, change.path).filter((m) => !m.present).map((m) => {
        defineKey(m.parent, m.key, structuredClone(change.sample))
        return m.pointer
      })
    case 'field-removed':
      return fields(body, change.path).filter((m) => m.present).map((m) => {
        delete m.parent[m.key]
        return m.pointer
      })
    case 'field-renamed':
      return fields(body, change.path).filter((m) => m.present && !Object.hasOwn(m.parent, change.to)).map((m) => {
        renameKey(m.parent, m.key, change.to)
        return m.pointer
      })
    case 'type-changed':
      return fields(body, change.path).filter((m) => m.present && jsonType(m.parent[m.key]) === change.from).map((m) => {
        defineKey(m.parent, m.key, converted(m.parent[m.key], change.to, change.sample))
        return m.pointer
      })
    default:
      return []
  }
}

const BODY_ORDER = ['field-renamed', 'field-removed', 'type-changed', 'field-added'] as const

/**
 * Whether a body or header change applies to an answer of `status` (after the profile's status change). A change
 * learned with its status applies to answers of that status only; one of an older profile, without a status, as it
 * did: body changes to 2xx answers and to answers whose status the profile changed, headers to every answer.
 */
function appliesTo (change: LearnedChange, status: number, statusChanged: boolean, header: boolean): boolean {
  if (!('status' in change) || change.status === undefined) return header || (status >= 200 && status < 300) || statusChanged
  return change.status === status
}

function applyBody (changes: readonly LearnedChange[], out: LearnedOutput, input: LearnedInput): void {
  if (input.body === undefined || typeof input.body !== 'object' || input.body === null) return
  const body = structuredClone(input.body)
  for (const name of BODY_ORDER) {
    for (const change of changes.filter((c) => c.change === name)) {
      out.changes.push(...applyBodyChange(body, change).map((pointer) => `${LEARNED_KIND} ${pointer}`))
    }
  }
  out.body = body
}

/**
 * The profile's changes for one operation applied to one answer, or null when none matched. A status change
 * applies to the status it was learned from; body and header changes to answers of the status they were seen on
 * (see appliesTo). A missing route is answered before the operation runs (missing-routes.ts), never here.
 */
export function applyLearned (changes: readonly LearnedChange[], input: LearnedInput): LearnedOutput | null {
  const out: LearnedOutput = { statusCode: input.statusCode, body: input.body, headers: {}, removedHeaders: [], changes: [] }
  const status = changes.find((c) => c.change === 'status-changed' && c.from === input.statusCode)
  if (status?.change === 'status-changed') {
    out.statusCode = status.to
    out.changes.push(`${LEARNED_KIND} status`)
  }
  const statusChanged = status !== undefined
  applyBody(changes.filter((c) => appliesTo(c, out.statusCode, statusChanged, false)), out, input)
  // A status that has no body (a DELETE answering 204): the answer goes out empty, as the target's did.
  if (statusChanged && (out.statusCode === 204 || out.statusCode === 304)) out.body = undefined
  for (const change of changes.filter((c) => appliesTo(c, out.statusCode, statusChanged, true))) {
    if (change.change === 'header-added') out.headers[change.header] = change.value
    if (change.change === 'header-removed') out.removedHeaders.push(change.header)
    if (change.change === 'header-added' || change.change === 'header-removed') out.changes.push(`${LEARNED_KIND} header/${change.header}`)
  }
  return out.changes.length === 0 ? null : out
}
