// The parity and shadow report, declared once: parity's --report (modes `live`, `verify`), the shadow's report
// (mode `shadow`: its --report file and GET /_emulator/shadow), and the report's version rule.
import { Type, type Static, type TProperties } from 'typebox'
import type { Agree, Same } from '../lib/type-equality.js'
import type { ShadowReport } from './report-types.js'

// The descriptions are the shadow route's OpenAPI text (/_emulator/docs/json); a parity-only field says its own.

const count = Type.Integer({ minimum: 0 })

const RequestRefSchema = Type.Object({
  method: Type.String(),
  path: Type.String({ description: 'Below the API base URL, query included' }),
  step: Type.Integer({ minimum: 1, description: 'The request\'s number in the session (the recording\'s step)' }),
  file: Type.Optional(Type.String({ description: 'With --record: the recorded step\'s file' }))
}, { additionalProperties: false })

/**
 * A difference's fields, in the order the report writes them. Those added after the first reports are optional
 * (`status`, `followsFrom`, `notFound`), so older reports still read; `document` is parity's alone (the shadow never
 * checks the published document), `lastSeen` the shadow's alone.
 */
const { document, ...commonDifference } = {
  path: Type.String({ description: '`status`, `header/<name>`, or a JSON pointer below `body`' }),
  // Every kind: those the description names (the route's OpenAPI text), and parity's not-sent and missing-route.
  kind: Type.String({ description: 'status, header, missing, extra, type, value, enum, format, length, order, id, schema, body' }),
  emulator: Type.Unknown(),
  target: Type.Unknown(),
  requests: Type.Array(RequestRefSchema, { description: 'The requests that showed it (at most the first 10)' }),
  count: Type.Integer({ minimum: 1 }),
  pattern: Type.Optional(Type.String({ description: 'The path with list indices as *' })),
  status: Type.Optional(Type.Integer({ description: 'The status of the target\'s answers that showed it' })),
  followsFrom: Type.Optional(Type.Object({
    method: Type.String(), path: Type.String(), step: Type.Integer({ minimum: 1 }), file: Type.Optional(Type.String()), status: Type.Integer()
  }, { additionalProperties: false, description: 'The refused write it follows from, when every sighting came after it' })),
  notFound: Type.Optional(Type.String({ description: 'missing-route: the target\'s route-not-found body, with <method> and <path>' })),
  document: Type.Optional(Type.String({ description: 'Where the target\'s answer breaks the published document: `target violates the published document: …`' }))
}
const DIFFERENCE_FIELDS = { ...commonDifference, document }
const SHADOW_DIFFERENCE_FIELDS = { ...commonDifference, lastSeen: Type.String({ format: 'date-time' }) }
/** What an accept rule adds to the difference it matched: its reason and its place in the file. */
const ACCEPTED_BY = { reason: Type.String(), rule: Type.Integer({ minimum: 1 }) }

const StatusesSchema = Type.Record(Type.String(), count, { description: 'Answers per pair of statuses, "200 201": the emulator\'s, then the target\'s' })

/** One operation's row: requests the same and differing, answers per pair of statuses, its differences, the accepted ones. */
function operationSchema<F extends TProperties> (difference: F) {
  return Type.Object({
    operation: Type.String(),
    requests: count,
    same: count,
    differs: count,
    // Absent in reports written before it was kept.
    statuses: Type.Optional(StatusesSchema),
    differences: Type.Array(Type.Object(difference, { additionalProperties: false })),
    accepted: Type.Array(Type.Object({ ...difference, ...ACCEPTED_BY }, { additionalProperties: false }))
  }, { additionalProperties: false })
}

/** The fields both reports have, in the order they write them (the shadow puts its `keys` after `durationMs`). */
const head = {
  tool: Type.String(),
  version: Type.String(),
  target: Type.String(),
  startedAt: Type.String({ format: 'date-time' }),
  durationMs: count
}
const tail = {
  requests: Type.Object({ target: count, emulator: count }, { additionalProperties: false }),
  shared: Type.Array(Type.Object({
    path: Type.String(), kind: Type.String(), emulator: Type.Unknown(), target: Type.Unknown()
  }, { additionalProperties: false })),
  unusedAccept: Type.Array(Type.Object({
    operation: Type.Optional(Type.String()), path: Type.String(), kind: Type.Optional(Type.String()), target: Type.Optional(Type.Unknown()),
    reason: Type.String(), rule: Type.Integer({ minimum: 1 })
  }, { additionalProperties: false })),
  summary: Type.Object({ operations: count, same: count, differs: count, accepted: count }, { additionalProperties: false })
}

export const ParityReportSchema = Type.Object({
  tool: head.tool,
  version: head.version,
  mode: Type.Union([Type.Literal('live'), Type.Literal('verify')]),
  target: head.target,
  startedAt: head.startedAt,
  durationMs: head.durationMs,
  key: Type.Object({
    kind: Type.Union([Type.Literal('workspace'), Type.Literal('personal')]),
    permission: Type.Union([Type.Literal('read'), Type.Literal('full'), Type.Literal('not probed')]),
    role: Type.Union([Type.Literal('admin'), Type.Literal('member')]),
    restrictedTo: Type.Optional(Type.Array(Type.String())),
    refused: Type.Array(Type.String())
  }, { additionalProperties: false, description: 'The key as the probes showed it, never the key' }),
  requests: tail.requests,
  skipped: Type.Array(Type.Object({ operation: Type.String(), reason: Type.String() }, { additionalProperties: false })),
  operations: Type.Array(operationSchema(DIFFERENCE_FIELDS)),
  shared: tail.shared,
  unusedAccept: tail.unusedAccept,
  interrupted: Type.Optional(Type.String({ description: 'The signal that stopped the run after its probes; absent when the run went to its end' })),
  summary: tail.summary
}, { additionalProperties: false })

export const ShadowReportSchema = Type.Object({
  tool: head.tool,
  version: head.version,
  mode: Type.Literal('shadow'),
  target: head.target,
  startedAt: head.startedAt,
  durationMs: head.durationMs,
  keys: Type.Array(Type.Object({
    label: Type.String(),
    kind: Type.Union([Type.Literal('workspace'), Type.Literal('personal')]),
    permission: Type.Union([Type.Literal('read'), Type.Literal('full')]),
    role: Type.Union([Type.Literal('admin'), Type.Literal('member')])
  }, { additionalProperties: false }), { description: 'Each client key as learned from the target\'s answers (never the key)' }),
  requests: tail.requests,
  operations: Type.Array(operationSchema(SHADOW_DIFFERENCE_FIELDS)),
  shared: tail.shared,
  unusedAccept: tail.unusedAccept,
  summary: tail.summary,
  shadow: Type.Object({
    state: Type.Union([Type.Literal('waiting'), Type.Literal('importing'), Type.Literal('ready'), Type.Literal('failed')], {
      description: 'waiting for the first request with a key; importing the target workspace; ready; failed (see reason)'
    }),
    reason: Type.Union([Type.String(), Type.Null()]),
    forwarded: Type.Integer({ minimum: 0, description: 'Client requests forwarded to the target' }),
    compared: count,
    importRequests: Type.Integer({ minimum: 0, description: 'Requests the start-up import sent to the target: the only ones the shadow adds' }),
    failures: Type.Array(Type.Object({
      operation: Type.String(),
      side: Type.Union([Type.Literal('target'), Type.Literal('shadow')]),
      reason: Type.String(),
      time: Type.String({ format: 'date-time' })
    }, { additionalProperties: false }), { description: 'Newest first, at most 100: requests not compared because a side failed' })
  }, { additionalProperties: false })
}, { additionalProperties: false })

/** Either report: what `parity --compare` reads. */
export const ReportSchema = Type.Union([ParityReportSchema, ShadowReportSchema])

export type ParityReport = Static<typeof ParityReportSchema>
export type ReportOperation = ParityReport['operations'][number]
export type ReportDifference = ReportOperation['differences'][number]
export type ReportRequestRef = ReportDifference['requests'][number]
export type KeyReport = ParityReport['key']
export type SkippedStep = ParityReport['skipped'][number]
export type SharedDifference = ParityReport['shared'][number]
export type ReportSummary = ParityReport['summary']

// The public plain types (formats/report-types.ts) describe exactly the shadow's schema, or the type-check fails.
export type ShadowSchemaAgrees = Agree<Same<Static<typeof ShadowReportSchema>, ShadowReport>>

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/

/**
 * The report's version rule: a report carries the version of the tool that wrote it, and a reader reads those of
 * its own version and before (fields are only ever added, optional for the reports written before them), and the
 * first reports, which had no version.
 */
export function knownVersion (version: unknown, own: string): boolean {
  if (version === undefined) return true
  const theirs = typeof version === 'string' ? SEMVER.exec(version) : null
  const ours = SEMVER.exec(own)
  if (theirs === null || ours === null) return false
  for (let i = 1; i <= 3; i++) if (Number(theirs[i]) !== Number(ours[i])) return Number(theirs[i]) < Number(ours[i])
  return true
}
