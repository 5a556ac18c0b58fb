// The shadow report (the report's shadow extension) as plain types, without TypeBox: the package's public types
// (startEmulator's options, the harness helpers) name these, and a consumer type-checks them without typebox
// installed; formats/report.ts holds the one schema and checks at compile time that these describe exactly it.

/** A client request that showed a difference: its number in the session (the recording's step) and where it went. */
export interface ShadowRequestRef {
  method: string
  /** Below the API's base URL, query included: `/scenes?limit=2`. */
  path: string
  step: number
  /** With --record: the recorded step's file, `steps/0013-POST-collections.json`. */
  file?: string
}

/** One difference of an operation, grouped by path pattern and kind as parity groups them. */
export interface ShadowDifference {
  /** `status`, `header/<name>`, or a JSON pointer below `body` (`body/data/0/name`): the first one seen. */
  path: string
  /** status, header, missing, extra, type, value, enum, format, length, order, id, schema, body. */
  kind: string
  emulator: unknown
  target: unknown
  /** The requests that showed it (at most the first 10). */
  requests: ShadowRequestRef[]
  /** How many times it was seen (every index of the pattern, every request). */
  count: number
  /** The path with list indices as `*`, when it has any. */
  pattern?: string
  /** The status of the target's answers that showed it (differences are grouped per status). */
  status?: number
  /** The write the emulator took and the target refused that it follows from, when every sighting came after it. */
  followsFrom?: ShadowRequestRef & { status: number }
  /** A missing-route difference: the target's route-not-found body, its method and path as `<method>` and `<path>`. */
  notFound?: string
  /** When a request last showed it (ISO date-time): the demo page lists the newest first. */
  lastSeen: string
}

/** A difference an accept rule (--accept) matched: not counted, listed with the rule's reason. */
export interface ShadowAcceptedDifference extends ShadowDifference {
  reason: string
  /** The rule's place in the accept file, 1 for the first. */
  rule: number
}

export interface ShadowOperation {
  /** `GET /api/v1/scenes/{sceneId}`, or `POST /api/v1/mcp tools/call get_scene`. */
  operation: string
  requests: number
  same: number
  differs: number
  /** Answers per pair of statuses, `"200 201"`: the emulator's, then the target's. */
  statuses?: Record<string, number>
  differences: ShadowDifference[]
  accepted: ShadowAcceptedDifference[]
}

/** A request not compared because a side failed: the target (reset, timeout) or the shadow side. */
export interface ShadowFailure {
  operation: string
  side: 'target' | 'shadow'
  reason: string
  time: string
}

/** A client key as the shadow learned it from the target's answers (never the key). */
export interface ShadowKey {
  /** `key 1`, `key 2`: in the order clients first sent them. */
  label: string
  kind: 'workspace' | 'personal'
  permission: 'read' | 'full'
  role: 'admin' | 'member'
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

/** GET /_emulator/shadow: parity's report (mode `shadow`), plus the shadow's own state. */
export interface ShadowReport {
  tool: string
  version: string
  mode: 'shadow'
  target: string
  startedAt: string
  durationMs: number
  keys: ShadowKey[]
  /** Requests sent to each side: the target's are the forwarded ones and the import's. */
  requests: { target: number, emulator: number }
  operations: ShadowOperation[]
  /** Differences every operation shows with the same values (a header the whole service sends). */
  shared: Array<{ path: string, kind: string, emulator: unknown, target: unknown }>
  /** Accept rules that matched nothing so far. */
  unusedAccept: Array<{ operation?: string, path: string, kind?: string, target?: unknown, reason: string, rule: number }>
  /** Operations compared, those where every request was the same, those where one differed, those with an accepted difference. */
  summary: { operations: number, same: number, differs: number, accepted: number }
  shadow: ShadowState
}
