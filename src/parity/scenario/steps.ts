// A scenario step: one operation, the request it sends as built from one side's variables (ids its earlier
// answers gave), what its answer teaches that side, and what it makes or removes on the target (for clean-up).
import type { Mode } from '../compare/rules.js'
import { isObject } from '../../formats/read.js'
import { recordId } from '../compare/records.js'
import type { Answer, HttpRequest, Method } from '../types.js'

/** One side's variables: ids (and cursors) its own answers gave, by name. */
export type Vars = Record<string, string>

export type ResourceKind = 'scene' | 'collection' | 'invite'

export interface Step {
  /** The report's row: `GET /api/v1/scenes/{sceneId}`, or `POST /api/v1/mcp tools/call get_scene`. */
  operation: string
  /** The operation in the document, for shape checks (REST steps only). */
  documentOperation?: string
  /** `GET /scenes/{sceneId}`: the route as key restrictions name it (REST steps only). */
  route?: string
  mode: Mode
  /** Throws MissingVar when it needs a variable this side has not learned. */
  request (vars: Vars): HttpRequest
  learn?: Learner
  /** A 2xx answer made this resource; its id is then in `vars[var]`. */
  makes?: { kind: ResourceKind, var: string }
  /** A 2xx or 404 answer means this resource is gone. */
  removes?: { kind: ResourceKind, var: string }
  view? (body: unknown): unknown
}

export class MissingVar extends Error {
  readonly variable: string
  constructor (variable: string) {
    super(`no ${variable} from an earlier answer`)
    this.variable = variable
    this.name = 'MissingVar'
  }
}

export const API_BASE = '/api/v1'
/** An id no workspace holds: refusals and not-found answers without touching anything real. */
export const MISSING_ID = 'parityNoSuchId0'

export function need (vars: Vars, name: string): string {
  const value = vars[name]
  if (value === undefined) throw new MissingVar(name)
  return value
}

type Computed<T> = T | ((vars: Vars) => T)
const compute = <T>(value: Computed<T>, vars: Vars): T => typeof value === 'function' ? (value as (v: Vars) => T)(vars) : value

export interface RestStepOptions {
  mode: Mode
  /** Path parameters: a variable name, or a literal written `=value` (`MISSING` is the id no workspace holds). */
  params?: Record<string, string>
  query?: Computed<Record<string, string>>
  body?: Computed<Record<string, unknown>>
  learn?: Learner
  makes?: Step['makes']
  removes?: Step['removes']
}

export const MISSING = `=${MISSING_ID}`

/** A REST step: `rest('GET /scenes/{sceneId}', { mode: 'value', params: { sceneId: 'sceneA' } })`. */
export function rest (route: string, options: RestStepOptions): Step {
  const [method, template] = route.split(' ') as [Method, string]
  return {
    operation: `${method} ${API_BASE}${template}`,
    documentOperation: `${method} ${API_BASE}${template}`,
    route,
    mode: options.mode,
    request (vars) {
      const path = template.replace(/\{(\w+)\}/g, (_, param: string) => {
        const name = options.params?.[param]
        if (name === undefined) throw new Error(`step ${route}: no variable for {${param}}`)
        return encodeURIComponent(name.startsWith('=') ? name.slice(1) : need(vars, name))
      })
      const query = options.query === undefined ? undefined : compute(options.query, vars)
      const body = options.body === undefined ? undefined : compute(options.body, vars)
      return { method, path, ...(query === undefined ? {} : { query }), ...(body === undefined ? {} : { body }) }
    },
    learn: options.learn,
    makes: options.makes,
    removes: options.removes
  }
}

const succeeded = (answer: Answer): boolean => answer.status >= 200 && answer.status < 300

/** The first record id in an answer, depth first (`data[0].id`, `data[0].metadata.id`), skipping `skip`. */
export function firstRecordId (body: unknown, skip: ReadonlySet<string> = new Set()): string | undefined {
  const id = recordId(body)
  if (id !== undefined && !skip.has(id)) return id
  const children = Array.isArray(body) ? body : isObject(body) ? Object.values(body) : []
  for (const child of children) {
    const found = firstRecordId(child, skip)
    if (found !== undefined) return found
  }
  return undefined
}

/** What a step's answer teaches: `provides` names the variables (`tool:*` a family of them), for --only. */
export type Learner = ((answer: Answer, vars: Vars) => void) & { provides?: readonly string[] }

/** Learns `name` from a successful answer: the record it is (a create) or the first it lists. */
export function learnId (name: string, skip?: ReadonlySet<string>): Learner {
  return Object.assign((answer: Answer, vars: Vars) => {
    const id = succeeded(answer) ? firstRecordId(answer.body, skip) : undefined
    if (id !== undefined) vars[name] = id
  }, { provides: [name] })
}

/** The names a run gives what it makes: marked, dated, and safe for anyone to delete. */
export function runName (runId: string, what: string): string {
  return `[parity ${runId}] ${what} (made by drawing-api-emulator parity; safe to delete)`
}

/** The cursor of the audit log's next page, for a read of it later. */
export const learnCursor: Learner = Object.assign((answer: Answer, vars: Vars) => {
  const body = answer.body as { nextCursor?: unknown } | null
  if (answer.status === 200 && typeof body?.nextCursor === 'string') vars.logCursor = body.nextCursor
}, { provides: ['logCursor'] })
