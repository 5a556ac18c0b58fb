// The drift profile file: what `learn` writes from a parity or shadow report and EMULATOR_DRIFT_PROFILE loads (the
// target's shape changes per operation). One schema, its changes a union keyed on `change`, and its words.
import { readFileSync } from 'node:fs'
import { Type, type Static, type TSchema } from 'typebox'
import type { ErrorObject } from 'ajv'
import { checkFormat, isObject, readFormat, type FormatDeclaration } from './read.js'

export const DRIFT_PROFILE_FORMAT = 'drawing-api-emulator drift profile'
export const DRIFT_PROFILE_VERSION = 1

/** The JSON types the report's `type` differences name. */
export const JSON_TYPES = ['string', 'number', 'boolean', 'null', 'object', 'array'] as const
export type JsonType = typeof JSON_TYPES[number]

/** Where a change was seen: the report file, the difference's path there, and its requests when the report gave them. */
export const SeenSchema = Type.Object({ report: Type.String(), path: Type.String(), requests: Type.Optional(Type.Array(Type.Unknown())) })
export type Seen = Static<typeof SeenSchema>

const Pointer = Type.String({ pattern: '^/' })
const Status = Type.Integer({ minimum: 100, maximum: 599 })
const JsonTypeSchema = Type.Unsafe<JsonType>({ enum: [...JSON_TYPES] })
const HeaderName = Type.String({ pattern: '^[a-z0-9-]+$' })
// What a change was seen on is for people: a hand-written profile may leave it out (read as seen nowhere), and
// the reader never refuses a profile over it.
const SeenList = Type.Optional(Type.Unsafe<Seen[]>({}))

/** One change's words for its first problem, per key: what follows `change <n>` in the line. */
type Words = Readonly<Record<string, (change: Record<string, unknown>) => string>>

const quoted = (value: unknown): string => JSON.stringify(value)
const pathWords = (c: Record<string, unknown>): string => `(${String(c.change)}) has path ${quoted(c.path)}: a JSON pointer such as /data/*/name`
const statusWords = (c: Record<string, unknown>): string => `(${String(c.change)}) has status ${quoted(c.status)}: an HTTP status`
const headerWords = (c: Record<string, unknown>): string => `(${String(c.change)}) has header ${quoted(c.header)}: a lower-case header name`
const typesWords = (): string => `(type-changed) "from" and "to" must be ${JSON_TYPES.join(', ')}`
const statusesWords = (): string => '(status-changed) "from" and "to" must be HTTP statuses'

/** One kind of change: its schema (keys in the order their problems are named) and its words. */
function kind<N extends string, P extends Record<string, TSchema>> (change: N, properties: P, words: Words) {
  const schema = Type.Object({ change: Type.Literal(change), ...properties, seen: SeenList })
  return { change, schema, words }
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
const KINDS = [
  kind('field-added', { path: Pointer, sample: Type.Unknown(), status: Type.Optional(Status) }, { path: pathWords, status: statusWords }),
  kind('field-removed', { path: Pointer, status: Type.Optional(Status) }, { path: pathWords, status: statusWords }),
  kind('field-renamed', { path: Pointer, to: Type.String({ minLength: 1 }), status: Type.Optional(Status) },
    { path: pathWords, to: () => '(field-renamed) has no field name in "to"', status: statusWords }),
  kind('type-changed', { path: Pointer, from: JsonTypeSchema, to: JsonTypeSchema, sample: Type.Unknown(), status: Type.Optional(Status) },
    { path: pathWords, from: typesWords, to: typesWords, status: statusWords }),
  kind('header-added', { header: HeaderName, value: Type.String(), status: Type.Optional(Status) },
    { header: headerWords, value: () => '(header-added) has a "value" that is not a string', status: statusWords }),
  kind('header-removed', { header: HeaderName, status: Type.Optional(Status) }, { header: headerWords, status: statusWords }),
  kind('status-changed', { from: Status, to: Status }, { from: statusesWords, to: statusesWords }),
  kind('route-missing', { status: Status, body: Type.String() }, { status: statusWords, body: () => '(route-missing) has a "body" that is not a string' })
] as const

export type ChangeName = typeof KINDS[number]['change']
export const CHANGE_NAMES: readonly ChangeName[] = KINDS.map((k) => k.change)

export const LearnedChangeSchema = Type.Union([
  KINDS[0].schema, KINDS[1].schema, KINDS[2].schema, KINDS[3].schema, KINDS[4].schema, KINDS[5].schema, KINDS[6].schema, KINDS[7].schema
])
/** A change as the reader returns it and `learn` writes it: `seen` always there. */
export type LearnedChange = Static<typeof LearnedChangeSchema> & { seen: Seen[] }

/**
 * The union as ajv checks it: keyed on `change` (if/then), so the first problem is the named kind's, not the
 * first kind's of an anyOf.
 */
const ChangeSchema = Type.Unsafe<Static<typeof LearnedChangeSchema>>({
  type: 'object',
  required: ['change'],
  properties: { change: { enum: CHANGE_NAMES } },
  allOf: KINDS.map((k) => ({ if: { required: ['change'], properties: { change: { const: k.change } } }, then: k.schema }))
})

const OperationSchema = Type.Object({
  /** As the report names it: `GET /api/v1/scenes/{sceneId}`. */
  operation: Type.String(),
  changes: Type.Array(ChangeSchema)
})
export interface LearnedOperation { operation: string, changes: LearnedChange[] }

export const LearnedFromSchema = Type.Object({ report: Type.String(), target: Type.Optional(Type.String()), startedAt: Type.Optional(Type.String()) })

export const DriftProfileSchema = Type.Object({
  format: Type.Literal(DRIFT_PROFILE_FORMAT),
  version: Type.Literal(DRIFT_PROFILE_VERSION),
  /** The reports it was learned from: the file name and what the report said of its run (for people; never refused). */
  learnedFrom: Type.Optional(Type.Unsafe<Array<Static<typeof LearnedFromSchema>>>({})),
  operations: Type.Array(OperationSchema)
})

/** A profile as `learn` writes it and the reader returns it. */
export interface DriftProfile extends Omit<Static<typeof DriftProfileSchema>, 'learnedFrom' | 'operations'> {
  learnedFrom: Array<Static<typeof LearnedFromSchema>>
  operations: LearnedOperation[]
}

/** A profile that cannot be used; the message is one line naming the file and the place. */
export class DriftProfileError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'DriftProfileError'
  }
}

/** What follows `change <n>` for one change's first problem (`at` is the change's place in the profile). */
function changeWords (change: unknown, error: ErrorObject, at: string): string {
  if (!isObject(change)) return 'is not an object'
  const found = KINDS.find((k) => k.change === change.change)
  if (found === undefined) return `has change ${String(quoted(change.change))} (one of ${CHANGE_NAMES.join(', ')})`
  if (error.keyword === 'required') return `(${found.change}) has no "${String(error.params.missingProperty)}"`
  const key = error.instancePath.slice(at.length + 1).split('/')[0]
  return found.words[key]?.(change) ?? `(${found.change}) has ${key} ${String(quoted(change[key]))}`
}

/** The profile's first problem in its own words: the operation, and the change by its place (1 is the first). */
function problemLine (where: string, value: unknown, error: ErrorObject): string {
  const [, operations, i, changes, j] = error.instancePath.split('/')
  if (operations === undefined) return `${where} has no "operations" list`
  const operation = (value as { operations: unknown[] }).operations[Number(i)]
  const at = `${where}: operations[${i}]`
  if (j === undefined || changes !== 'changes') return `${at} is not {"operation": "...", "changes": [...]}`
  const { operation: name, changes: list } = operation as { operation: string, changes: unknown[] }
  return `${at} (${name}) change ${Number(j) + 1} ${changeWords(list[Number(j)], error, `/operations/${i}/changes/${j}`)}`
}

export const DRIFT_PROFILE: FormatDeclaration<typeof DriftProfileSchema> = {
  name: 'drift profile',
  schema: DriftProfileSchema,
  identify (value, where) {
    if (!isObject(value) || value.format !== DRIFT_PROFILE_FORMAT) {
      return `${where} is not a drift profile (its "format" is not "${DRIFT_PROFILE_FORMAT}"; make one with drawing-api-emulator learn)`
    }
    if (value.version !== DRIFT_PROFILE_VERSION) {
      return `${where} is a drift profile of version ${quoted(value.version)}; this emulator reads version ${DRIFT_PROFILE_VERSION}: learn it again with this version`
    }
    return undefined
  },
  problem: (where, _problem, value, _at, error) => problemLine(where, value, error)
}

/** The file's profile with what is for people filled in where a hand-written one left it out. */
function completed (file: Static<typeof DriftProfileSchema>): DriftProfile {
  const operations = file.operations.map(({ operation, changes }) => ({
    operation,
    changes: changes.map((change) => ({ ...change, seen: Array.isArray(change.seen) ? change.seen : [] }))
  }))
  const learnedFrom = Array.isArray(file.learnedFrom) ? file.learnedFrom : []
  return { format: DRIFT_PROFILE_FORMAT, version: DRIFT_PROFILE_VERSION, learnedFrom, operations }
}

const profileError = (line: string): Error => new DriftProfileError(line)

/** Checks the text of a profile; `where` (the file) names it in every error. */
export function parseDriftProfile (text: string, where: string): DriftProfile {
  return completed(readFormat(DRIFT_PROFILE, text, where, profileError))
}

/** As parseDriftProfile, for a profile already parsed (what `learn` wrote, read back). */
export function checkDriftProfile (value: unknown, where: string): DriftProfile {
  return completed(checkFormat(DRIFT_PROFILE, value, where, profileError))
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
