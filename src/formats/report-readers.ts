// The report as its two readers take it, each in its own words: `parity --compare` (the whole report, parity's or
// the shadow's, every known field checked) and `learn` (a view of what it reads, every field taken from the report's schema).
import { Type, type Static } from 'typebox'
import { isObject, type FormatDeclaration } from './read.js'
import { ParityReportSchema, ReportSchema, ShadowReportSchema, knownVersion } from './report.js'

/** The not-a-report line: a file without the report's `operations` list and `summary` (the old reader's words). */
const notReport = (file: string): string => `${file} is not a parity report (no operations with differences and summary; write one with --report)`

/** `schema` with every object opened: a field a writer adds is let through, every field the schema names still checked. */
function opened (schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(opened)
  if (!isObject(schema)) return schema
  const copy: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) if (!(key === 'additionalProperties' && value === false)) copy[key] = opened(value)
  return copy
}

/**
 * Either report, opened, the branch chosen by `mode` so a problem is named in its own report's words (a union's
 * first error would be parity's `mode` for any shadow report).
 */
const ComparedReportSchema = Type.Unsafe<Static<typeof ReportSchema>>({
  if: { properties: { mode: { const: 'shadow' } }, required: ['mode'] },
  then: opened(ShadowReportSchema),
  else: opened(ParityReportSchema)
})

/**
 * `parity --compare`'s reader, for a parity of version `own`: a file that is not a report is the old line, a report
 * of a newer version one line with it (the report's version rule, as learn's), any other problem the schema's words
 * (exit 2). Fields it does not know are let through: the old reader took a report with them, and compare reads only
 * the fields every version has.
 */
export function comparedReport (own: string): FormatDeclaration<typeof ComparedReportSchema> {
  return {
    name: 'report',
    schema: ComparedReportSchema,
    notJson: (file) => `${file} is not a parity report (not JSON)`,
    identify (value, file) {
      if (!isObject(value) || !Array.isArray(value.operations) || !isObject(value.summary)) return notReport(file)
      if (!knownVersion(value.version, own)) {
        return `${file} is a report of version ${JSON.stringify(value.version)}; this parity (${own}) compares reports of ${own} and before: compare with the version that wrote it`
      }
      return undefined
    }
  }
}

const operationOf = ParityReportSchema.properties.operations.items.properties
const differenceOf = operationOf.differences.items.properties
const shadowOf = ShadowReportSchema.properties.shadow.properties

/**
 * A difference as learn reads it: `path` and `kind`, the rest as the report has them when it has them (the first
 * reports had no `requests`, `count` or `status`); fields learn does not read are let through.
 */
const LearnedDifferenceSchema = Type.Object({
  path: differenceOf.path,
  kind: differenceOf.kind,
  emulator: Type.Optional(differenceOf.emulator),
  target: Type.Optional(differenceOf.target),
  requests: Type.Optional(differenceOf.requests),
  count: Type.Optional(differenceOf.count),
  pattern: differenceOf.pattern,
  followsFrom: differenceOf.followsFrom,
  status: differenceOf.status,
  notFound: differenceOf.notFound
})

/** An operation as learn reads it: `differs` and `statuses` when the report has them; no `differences`, none. */
const LearnedOperationSchema = Type.Object({
  operation: operationOf.operation,
  differs: Type.Optional(operationOf.differs),
  statuses: operationOf.statuses,
  differences: Type.Optional(Type.Array(LearnedDifferenceSchema))
})

/**
 * Parity's and the shadow's reports as learn reads them: the operations, where and when the run was, whether a
 * signal cut it short, and whether it compared anything (`shadow.state`, `shadow.compared`, `requests.emulator`).
 * A difference every operation shared is in each operation's list too (report.ts sharedDifferences): `shared` is
 * not read again.
 */
export const LearnedReportSchema = Type.Object({
  target: Type.Optional(ParityReportSchema.properties.target),
  startedAt: Type.Optional(ParityReportSchema.properties.startedAt),
  interrupted: ParityReportSchema.properties.interrupted,
  requests: Type.Optional(Type.Object({ emulator: Type.Optional(ParityReportSchema.properties.requests.properties.emulator) })),
  shadow: Type.Optional(Type.Object({ state: shadowOf.state, reason: Type.Optional(shadowOf.reason), compared: Type.Optional(shadowOf.compared) })),
  operations: Type.Array(LearnedOperationSchema)
})

export type LearnedReport = Static<typeof LearnedReportSchema>
export type LearnedOperation = LearnedReport['operations'][number]
export type LearnedDifference = NonNullable<LearnedOperation['differences']>[number]

/** Where in a report ajv's first problem is: the operation and, below it, the difference, by index. */
const AT = /^\/operations\/(\d+)(?:\/differences(?:\/(\d+))?)?(\/[^/]+)?/

/** learn's line for a report's first problem: an operation or a difference that is not one, in its old words. */
function learnedProblem (file: string, problem: string, value: unknown, at: string): string {
  const found = AT.exec(at)
  const operations = isObject(value) && Array.isArray(value.operations) ? value.operations : []
  if (found === null) return `${file}: ${problem}`
  const [, i, j, below] = found
  const op = operations[Number(i)] as Record<string, unknown> | undefined
  const name = isObject(op) ? op.operation : undefined
  if (typeof name !== 'string' || (j === undefined && below === '/operation')) return `${file}: operations[${i}] has no "operation"`
  if (j === undefined && at === `/operations/${i}/differences`) return `${file}: operations[${i}] (${name}): "differences" is not a list`
  if (j !== undefined && (below === undefined || below === '/path' || below === '/kind')) {
    return `${file}: operations[${i}] (${name}) difference ${Number(j) + 1} is not a difference {"path", "kind", "emulator", "target"}`
  }
  return `${file}: ${problem}`
}

/** learn's reader, for a learn of version `own`: one line for a file that is not a report or is of a newer version. */
export function learnedReport (own: string): FormatDeclaration<typeof LearnedReportSchema> {
  return {
    name: 'report',
    schema: LearnedReportSchema,
    notJson: (file, message) => `${file} cannot be read as JSON (${message})`,
    identify (value, file) {
      if (!isObject(value) || !Array.isArray(value.operations)) return `${file} is not a parity or shadow report (it has no "operations" list)`
      if (!knownVersion(value.version, own)) {
        return `${file} is a report of version ${JSON.stringify(value.version)}; this learn (${own}) reads reports of ${own} and before: learn with the version that wrote it`
      }
      return undefined
    },
    problem: learnedProblem
  }
}
