// The shapes a parity run passes around: requests, answers, differences, and the one error that ends a run early.
import type { ReportDifference, ReportRequestRef } from '../formats/report.js'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A request to the public API: `path` is below the base URL (`/scenes/abc`), `query` already filled in. */
export interface HttpRequest {
  method: Method
  path: string
  query?: Record<string, string>
  body?: unknown
  /** Extra request headers (MCP's Accept); never the key, which the client adds itself. */
  headers?: Record<string, string>
}

/** What one side answered: status 0 means nothing was sent (see `notSent`). */
export interface Answer {
  status: number
  /** The headers a client reads (see compare/headers.ts), lower-cased names. */
  headers: Record<string, string>
  /** Parsed JSON, or the text when the body is not JSON, or null when there is none. */
  body: unknown
  /** false when the body was not JSON (an HTML error page, an empty 204). */
  json: boolean
  /** Why the step was not sent on this side (an id an earlier answer did not give). */
  notSent?: string
}

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
