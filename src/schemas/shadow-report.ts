// The shadow report as plain types, without TypeBox: the package's public types (startEmulator's options, the
// harness helpers) name these; schemas/shadow.ts holds the schema and checks at compile time that it agrees.

/** One distinct difference of an operation (by path and kind), as parity reports it, with how often it was seen. */
export interface ShadowDifference {
  /** `status`, `header/<name>`, or a JSON pointer below `body` (`body/data/0/name`). */
  path: string
  /** status, header, missing, extra, type, value, enum, format, length, order, id, schema, body, not-sent. */
  kind: string
  emulator: unknown
  target: unknown
  /** Requests of the operation that showed this difference. */
  requests: number
  /** When a request last showed it (ISO date-time). */
  lastSeen: string
}

export interface ShadowOperation {
  /** `GET /api/v1/scenes/{sceneId}`, or `POST /api/v1/mcp tools/call get_scene`. */
  operation: string
  requests: number
  same: number
  differs: number
  differences: ShadowDifference[]
}

/** A request not compared because a side failed: the target (reset, timeout) or the shadow side. */
export interface ShadowFailure {
  operation: string
  side: 'target' | 'shadow'
  reason: string
  time: string
}

export interface ShadowState {
  /** waiting for the first request with a key; importing the target's workspace; ready; failed (see `reason`). */
  state: 'waiting' | 'importing' | 'ready' | 'failed'
  reason: string | null
  /** Client requests forwarded to the target. */
  forwarded: number
  /** Client requests whose two answers were compared. */
  compared: number
  /** Requests the start-up import sent to the target: the only ones the shadow adds to the client's own. */
  importRequests: number
  /** Newest first, at most 100. */
  failures: ShadowFailure[]
}

/** GET /_emulator/shadow: parity's report shape, plus the shadow's own state. */
export interface ShadowReport {
  target: string
  startedAt: string
  operations: ShadowOperation[]
  /** Operations compared, operations where every request was the same, operations where one differed. */
  summary: { operations: number, same: number, differs: number }
  shadow: ShadowState
}

/** What a running shadow hands the emulator it compares with: the report so far, and its clearing. */
export interface ShadowSource {
  report (): ShadowReport
  clear (): void
}
