// The drift profile file: what `learn` writes from a parity or shadow report and EMULATOR_DRIFT_PROFILE loads (the
// target's shape changes per operation). Its format, and the one reader both sides use: every problem is one line.
import { readFileSync } from 'node:fs'

export const DRIFT_PROFILE_FORMAT = 'drawing-api-emulator drift profile'
export const DRIFT_PROFILE_VERSION = 1

/** The JSON types the report's `type` differences name. */
export const JSON_TYPES = ['string', 'number', 'boolean', 'null', 'object', 'array'] as const
export type JsonType = typeof JSON_TYPES[number]

/** Where a change was seen: the report file, the difference's path there, and its requests when the report gave them. */
export interface Seen {
  report: string
  path: string
  requests?: unknown[]
}

/**
 * Body changes name a JSON pointer into the answer, a `*` token standing for any array item (`/data/<*>/name`):
 * added (with a sample value of the target's type), removed, renamed (`path` is the old field, `to` the new key),
 * type (the value turned from one JSON type into another, `sample` one the target sent). Body and header changes
 * carry the `status` of the answers they were seen on and apply only to answers of that status; a profile written
 * before it was kept has none, and then applies as it did (body changes to 2xx answers, headers to every answer).
 * `route-missing`: the target has no such route; the emulator answers `status` with `body` (a text, `<method>` and
 * `<path>` standing for the request's) before the operation runs, so nothing is written.
 */
export type LearnedChange =
  | { change: 'field-added', path: string, sample: unknown, status?: number, seen: Seen[] }
  | { change: 'field-removed', path: string, status?: number, seen: Seen[] }
  | { change: 'field-renamed', path: string, to: string, status?: number, seen: Seen[] }
  | { change: 'type-changed', path: string, from: JsonType, to: JsonType, sample: unknown, status?: number, seen: Seen[] }
  | { change: 'header-added', header: string, value: string, status?: number, seen: Seen[] }
  | { change: 'header-removed', header: string, status?: number, seen: Seen[] }
  | { change: 'status-changed', from: number, to: number, seen: Seen[] }
  | { change: 'route-missing', status: number, body: string, seen: Seen[] }

export type ChangeName = LearnedChange['change']

export interface LearnedOperation {
  /** As the report names it: `GET /api/v1/scenes/{sceneId}`. */
  operation: string
  changes: LearnedChange[]
}

export interface DriftProfile {
  format: typeof DRIFT_PROFILE_FORMAT
  version: typeof DRIFT_PROFILE_VERSION
  /** The reports it was learned from: the file name and what the report said of its run. */
  learnedFrom: Array<{ report: string, target?: string, startedAt?: string }>
  operations: LearnedOperation[]
}

/** A profile that cannot be used; the message is one line naming the file and the place. */
export class DriftProfileError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'DriftProfileError'
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Keys each change must carry besides `change` and `seen`. */
const REQUIRED: Readonly<Record<ChangeName, readonly string[]>> = {
  'field-added': ['path', 'sample'],
  'field-removed': ['path'],
  'field-renamed': ['path', 'to'],
  'type-changed': ['path', 'from', 'to', 'sample'],
  'header-added': ['header', 'value'],
  'header-removed': ['header'],
  'status-changed': ['from', 'to'],
  'route-missing': ['status', 'body']
}

export const CHANGE_NAMES = Object.keys(REQUIRED) as ChangeName[]

const isPointer = (value: unknown): boolean => typeof value === 'string' && value.startsWith('/')
const isStatus = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 100 && (value as number) <= 599
const isJsonType = (value: unknown): boolean => JSON_TYPES.includes(value as JsonType)

/** The first thing wrong with one change, or undefined. */
function changeProblem (change: Record<string, unknown>): string | undefined {
  const name = change.change as ChangeName
  if (!Object.hasOwn(REQUIRED, name)) return `has change ${JSON.stringify(change.change)} (one of ${CHANGE_NAMES.join(', ')})`
  const missing = REQUIRED[name].find((key) => !Object.hasOwn(change, key))
  if (missing !== undefined) return `(${name}) has no "${missing}"`
  if (REQUIRED[name].includes('path') && !isPointer(change.path)) return `(${name}) has path ${JSON.stringify(change.path)}: a JSON pointer such as /data/*/name`
  if (name === 'field-renamed' && (typeof change.to !== 'string' || change.to === '')) return '(field-renamed) has no field name in "to"'
  if (name === 'type-changed' && !(isJsonType(change.from) && isJsonType(change.to))) return `(type-changed) "from" and "to" must be ${JSON_TYPES.join(', ')}`
  if (name.startsWith('header-') && !/^[a-z0-9-]+$/.test(String(change.header))) return `(${name}) has header ${JSON.stringify(change.header)}: a lower-case header name`
  if (name === 'header-added' && typeof change.value !== 'string') return '(header-added) has a "value" that is not a string'
  if (name === 'status-changed' && !(isStatus(change.from) && isStatus(change.to))) return '(status-changed) "from" and "to" must be HTTP statuses'
  if (Object.hasOwn(change, 'status') && !isStatus(change.status)) return `(${name}) has status ${JSON.stringify(change.status)}: an HTTP status`
  if (name === 'route-missing' && typeof change.body !== 'string') return '(route-missing) has a "body" that is not a string'
  return undefined
}

function checkOperation (value: unknown, index: number, where: string): LearnedOperation {
  const at = `${where}: operations[${index}]`
  if (!isObject(value) || typeof value.operation !== 'string' || !Array.isArray(value.changes)) {
    throw new DriftProfileError(`${at} is not {"operation": "...", "changes": [...]}`)
  }
  value.changes.forEach((change, i) => {
    const problem = isObject(change) ? changeProblem(change) : 'is not an object'
    if (problem !== undefined) throw new DriftProfileError(`${at} (${value.operation as string}) change ${i + 1} ${problem}`)
    if (!Array.isArray(change.seen)) (change as Record<string, unknown>).seen = []
  })
  return value as unknown as LearnedOperation
}

/** Checks the text of a profile; `where` (the file) names it in every error. */
export function parseDriftProfile (text: string, where: string): DriftProfile {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new DriftProfileError(`${where} is not JSON: ${(error as Error).message}`)
  }
  if (!isObject(value) || value.format !== DRIFT_PROFILE_FORMAT) {
    throw new DriftProfileError(`${where} is not a drift profile (its "format" is not "${DRIFT_PROFILE_FORMAT}"; make one with drawing-api-emulator learn)`)
  }
  if (value.version !== DRIFT_PROFILE_VERSION) {
    throw new DriftProfileError(`${where} is a drift profile of version ${JSON.stringify(value.version)}; this emulator reads version ${DRIFT_PROFILE_VERSION}: learn it again with this version`)
  }
  if (!Array.isArray(value.operations)) throw new DriftProfileError(`${where} has no "operations" list`)
  const operations = value.operations.map((operation, i) => checkOperation(operation, i, where))
  const learnedFrom = Array.isArray(value.learnedFrom) ? value.learnedFrom : []
  return { format: DRIFT_PROFILE_FORMAT, version: DRIFT_PROFILE_VERSION, learnedFrom, operations }
}

/** Reads and checks a profile file. */
export function readDriftProfile (file: string): DriftProfile {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new DriftProfileError(`${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  return parseDriftProfile(text, file)
}

/** Where a change acts, as X-Emulator-Drift and the start-up check name it: a pointer, `status`, `route` or `header/<name>`. */
export function changeSite (change: LearnedChange): string {
  if (change.change === 'status-changed') return 'status'
  if (change.change === 'route-missing') return 'route'
  if (change.change === 'header-added' || change.change === 'header-removed') return `header/${change.header}`
  return change.path
}
