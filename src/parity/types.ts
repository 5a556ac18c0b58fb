// The shapes a parity run passes around: requests, answers, differences, and the one error that ends a run early.
import type { Static } from 'typebox'
import type { AnswerSchema, RequestSchema } from '../formats/recording.js'
import type { ReportDifference, ReportRequestRef } from '../formats/report.js'

/** A request to the public API, and what one side answered: as a recording's step files hold them. */
export type HttpRequest = Static<typeof RequestSchema>
export type Method = HttpRequest['method']
export type Answer = Static<typeof AnswerSchema>

/** A concrete request of a run: the target's method and path (with its query), its step number, its recorded file. */
export interface RequestRef extends ReportRequestRef {
  method: Method
}

/**
 * One difference between the emulator's answer and the target's as a comparison finds it: the report's difference
 * (formats/report.ts), before the tally groups it and gives it its `requests` and `count`.
 */
export type Difference = Omit<ReportDifference, 'requests' | 'count'> & Partial<Pick<ReportDifference, 'requests' | 'count'>>

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
