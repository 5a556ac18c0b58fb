// The parity recording: what the target answered, step by step (`parity --record`, a shadow session's `--record`),
// read back by `parity --verify`. Its header (recording.json) and its step files, each one schema and its words.
import { join } from 'node:path'
import { Type, type Static } from 'typebox'
import { isObject, type FormatDeclaration } from './read.js'

export const RECORDING_FORMAT = 'drawing-api-emulator parity recording'
export const RECORDING_VERSION = 1

const cannot = (line: string): string => `cannot read the recording: ${line}`
const notJson = (file: string, message: string): string => cannot(`${file} is not JSON (${message})`)

export const RecordingHeaderSchema = Type.Object({
  format: Type.Literal(RECORDING_FORMAT),
  version: Type.Literal(RECORDING_VERSION),
  tool: Type.String(),
  target: Type.String(),
  startedAt: Type.String(),
  runId: Type.String(),
  readOnly: Type.Boolean(),
  includeMcp: Type.Boolean(),
  redactedPeople: Type.Boolean(),
  /** How many step files `steps/` holds. */
  steps: Type.Integer({ minimum: 0 }),
  /** A shadow session's recording: the client's own requests, replayed on the fixture set in `<dir>/fixtures`. */
  source: Type.Optional(Type.Literal('shadow')),
  /** Shadow recordings: how reads compare (`value` after an import of the target's workspace). */
  reads: Type.Optional(Type.Union([Type.Literal('value'), Type.Literal('shape')])),
  /** The signal that stopped the run: its steps end there, and `--verify` compares them and stops there too. */
  interrupted: Type.Optional(Type.String())
})
export type RecordingHeader = Static<typeof RecordingHeaderSchema>

/** `where` is the recording's folder: the header is its recording.json. */
export const RECORDING_HEADER: FormatDeclaration<typeof RecordingHeaderSchema> = {
  name: 'recording',
  schema: RecordingHeaderSchema,
  notJson: (where, message) => notJson(join(where, 'recording.json'), message),
  identify (value, where) {
    if (!isObject(value) || value.format !== RECORDING_FORMAT) return cannot(`${where}/recording.json is not a parity recording`)
    if (value.version !== RECORDING_VERSION) {
      return cannot(`${where} is format version ${String(value.version)}, this drawing-api-emulator reads version ${RECORDING_VERSION}: record it again with this version`)
    }
    return undefined
  },
  problem: (where, problem) => cannot(`${where}/recording.json: ${problem}`)
}

const Method = Type.Union([Type.Literal('GET'), Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('PATCH'), Type.Literal('DELETE')])
const Headers = Type.Record(Type.String(), Type.String())

/** A request to the public API: `path` is below the base URL (`/scenes/abc`), `query` already filled in. */
export const RequestSchema = Type.Object({
  method: Method,
  path: Type.String(),
  query: Type.Optional(Headers),
  body: Type.Optional(Type.Unknown()),
  /** Extra request headers (MCP's Accept); never the key, which the client adds itself. */
  headers: Type.Optional(Headers)
})

/** What one side answered: status 0 means nothing was sent (see `notSent`). */
export const AnswerSchema = Type.Object({
  status: Type.Integer(),
  /** The headers a client reads (parity/compare/headers.ts), lower-cased names. */
  headers: Headers,
  /** Parsed JSON, or the text when the body is not JSON, or null when there is none. */
  body: Type.Unknown(),
  /** false when the body was not JSON (an HTML error page, an empty 204). */
  json: Type.Boolean(),
  /** Why the step was not sent on this side (an id an earlier answer did not give). */
  notSent: Type.Optional(Type.String())
})

/**
 * A shadow session's live verdict on a step, so `--verify` judges it as the live shadow did (it has no target to
 * probe): the route the target lacked (its status and not-found text), or the target's failure.
 */
export const StepVerdictSchema = Type.Object({
  missingRoute: Type.Optional(Type.Object({ status: Type.Integer(), notFound: Type.String() })),
  targetFailure: Type.Optional(Type.String())
})

export const RecordedStepSchema = Type.Object({
  step: Type.Integer({ minimum: 1 }),
  /** As the report names it: `GET /api/v1/scenes/{sceneId}`. */
  operation: Type.String(),
  request: Type.Object({
    ...RequestSchema.properties,
    /** A shadow step: the body as the client sent it when it was not JSON. */
    text: Type.Optional(Type.String()),
    /** A shadow step: how the client authenticated, as a key profile (parity/shadow/keys.ts), never the key. */
    auth: Type.Optional(Type.Unknown())
  }),
  answer: AnswerSchema,
  verdict: Type.Optional(StepVerdictSchema)
})
export type RecordedStep = Static<typeof RecordedStepSchema>

/** `where` is the step's file. */
export const RECORDED_STEP: FormatDeclaration<typeof RecordedStepSchema> = {
  name: 'step',
  schema: RecordedStepSchema,
  notJson,
  problem: (where) => cannot(`${where} is not a recorded step (operation, request, answer)`)
}

export interface Recording { header: RecordingHeader, steps: RecordedStep[] }
