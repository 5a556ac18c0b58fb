// The shapes a parity run passes around: requests, answers, differences, and the one error that ends a run early.
import type { Static } from 'typebox'
import type { AnswerSchema, RequestSchema } from '../formats/recording.js'

/** A request to the public API, and what one side answered: as a recording's step files hold them. */
export type HttpRequest = Static<typeof RequestSchema>
export type Method = HttpRequest['method']
export type Answer = Static<typeof AnswerSchema>

/** A concrete request of a run: the target's method and path (with its query), its step number, its recorded file. */
export interface RequestRef {
  method: Method
  /** Below the base URL, query included: `/scenes?limit=2&offset=1`. */
  path: string
  /** The step's number in the run (the recording's numbering). */
  step: number
  /** With `--record` (or in `--verify`): the recorded step's file, `steps/0013-POST-collections.json`. */
  file?: string
}

/** One difference between the emulator's answer and the target's, as the report lists it. */
export interface Difference {
  /** Where: `status`, `header/x-ratelimit-limit`, `route`, or a JSON pointer into the body below `body`. */
  path: string
  /** status, header, missing, extra, type, value, enum, format, length, order, id, schema, body, not-sent, missing-route */
  kind: string
  emulator: unknown
  target: unknown
  /** The requests that produced it (at most the first 10), in step order. */
  requests?: RequestRef[]
  /** The path with list indices as `*` (`body/logs/*\/source_id`), when it has any: the differences it groups. */
  pattern?: string
  /** How many times it was seen in the run (every index of the pattern, every request). */
  count?: number
  /** Set when the target's answer breaks the published OpenAPI document there: `target violates the published document: …`. */
  document?: string
  /** The earlier write that failed on the target and that this difference follows from. */
  followsFrom?: RequestRef & { status: number }
  /**
   * The status of the target's answers that showed it (differences are grouped per status: a field only `404`
   * bodies have is not a change of the `200`s). Absent in reports written before it was kept.
   */
  status?: number
  /** A `missing-route` difference: the target's route-not-found body, its method and path as `<method>` and `<path>`. */
  notFound?: string
}

/** Where a subcommand writes (stdout, stderr), the environment it reads, and the package version it names. */
export interface Io {
  out (text: string): void
  err (text: string): void
  env: NodeJS.ProcessEnv
  version: string
}

/** The run cannot be made (bad URL, not the API, wrong key, dead port, unreadable recording): exit 2, one line. */
export class RunError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'RunError'
  }
}

/** The target answered 401 to the key: another key may do (the shadow tries the next one a client sends). */
export class KeyRefused extends RunError {
  constructor (message: string) {
    super(message)
    this.name = 'KeyRefused'
  }
}

/** The run was interrupted (SIGINT, SIGTERM): it stops sending scenario steps and cleans up. */
export class Interrupted extends Error {
  readonly signal: string
  constructor (signal: string) {
    super(`interrupted by ${signal}`)
    this.name = 'Interrupted'
    this.signal = signal
  }
}
