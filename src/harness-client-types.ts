// The types of the typed admin helpers (harness-client.ts), written out so that the package's public types reach no
// TypeBox schema; test/harness-client*.test.ts check that the server's own schemas agree with them. The switches are
// the plain type config/types.ts names too (config/compat.ts, checked against its schema in config/compat-schema.ts).
import type { Compat } from './config/compat.js'
import type { ShadowReport } from './schemas/shadow-report.js'

export type {
  ShadowAcceptedDifference, ShadowDifference, ShadowFailure, ShadowKey, ShadowOperation, ShadowReport, ShadowRequestRef, ShadowState
} from './schemas/shadow-report.js'

export interface CreateWorkspaceOptions {
  /** Defaults to a generated name. */
  name?: string
  /** `demo`: the first bundled workspace's data; `empty` (default): nothing but the users and keys. */
  fixtures?: 'demo' | 'empty'
  /** This workspace's own values of some compatibility switches (the others follow the global settings). */
  compat?: Partial<CompatSettings>
}

/** An invite as the public API shows it. */
export interface InviteRecord {
  id: string
  created: string
  type: 'link' | 'email'
  status: 'pending' | 'redeemed' | 'rejected'
  email: string | null
  role: 'member' | 'admin'
  resolvedAt: string | null
  redeemedBy: string | null
  maxUses?: number | 'unlimited'
  uses?: number
  restrictedDomains?: string[] | null
}

/** The compatibility switches (docs/emulated-api.md, Compatibility switches): the plain type the configuration names too. */
export type CompatSettings = Compat

export interface ProvisionedWorkspace {
  workspace: { id: string, name: string }
  users: Array<{ id: string, email: string, role: string }>
  /** Secrets of a full and a read workspace key, and of an admin's personal key. */
  keys: { full: string, read: string, personal: string }
  /** The switches the workspace runs under. */
  compat: CompatSettings
}

export interface Snapshot { id: string, workspaceId: string | null, createdAt: string, rows: number }

export interface FaultRule {
  method?: string
  path: string
  fault: 500 | 502 | 503 | 'html' | 'drop' | 'slow' | 'latency'
  probability?: number
  count?: number
  phase?: 'before' | 'after'
  delayMs?: number
}

/** Replaces every fault setting; a field left out returns to its start-up value. */
export interface FaultSettingsInput {
  seed?: number
  latencyMs?: number
  latencyJitterMs?: number
  faultRate?: number
  faultStatus?: 500 | 502 | 503
  rules?: FaultRule[]
}

export interface DriftSettingsInput { enabled?: boolean, seed?: number, rate?: number, kinds?: string[] | null }

export interface RequestQuery { workspaceId?: string, method?: string, path?: string, status?: number, limit?: number }

export interface JournaledBody { text: string | null, bytes: number, truncated: boolean, contentType: string | null }

export interface JournaledRequest {
  id: number
  time: string
  method: string
  path: string
  route: string | null
  query: Record<string, string | string[]>
  status: number | null
  durationMs: number
  keyId: string | null
  workspaceId: string | null
  latencyMs: number
  /** The fault the request got, if any (docs/admin-api.md, Faults). */
  fault: JournaledFault | null
  drift: string | null
  /** What the chaos sweep served: 'sweep 503', 'sweep drop', 'sweep drift:<kind>'; null otherwise. */
  chaos: string | null
  /** For POST /api/v1/mcp: the JSON-RPC method and, for tools/call, the tool. */
  mcp: JournaledMcp | null
  request: JournaledBody
  response: JournaledBody
}

export interface JournaledFault {
  kind: FaultRule['fault']
  phase: 'before' | 'after'
  /** What asked for it: the X-Emulator-Fault header, a rule (`rule` is its index), or EMULATOR_FAULT_RATE. */
  source: 'header' | 'rule' | 'rate'
  rule: number | null
  delayMs: number | null
}

export interface JournaledMcp { method: string, tool: string | null }

/** GET /_emulator/clock. */
export interface ClockState {
  now: string
  epochMs: number
  /** false: real time; true: frozen, moving only through the admin API. */
  virtual: boolean
}

/** POST /_emulator/keys. */
export interface CreateKeyOptions {
  workspaceId: string
  permission: 'read' | 'full'
  kind: 'workspace' | 'personal'
  /** Required for a personal key: a user of that workspace. */
  userId?: string
  /** `METHOD /path` patterns relative to /api/v1, e.g. `GET /scenes/{sceneId}` (`*` for any method). */
  routes?: string[] | null
  /** ISO date-time or epoch ms. */
  expiresAt?: string | number | null
  label?: string | null
}

/** A key as the admin API lists it, without its secret. */
export interface AdminKey {
  id: string
  workspaceId: string
  kind: 'workspace' | 'personal'
  permission: 'read' | 'full'
  userId: string | null
  routes: string[] | null
  expiresAt: string | null
  revokedAt: string | null
  createdAt: string
  label: string | null
  /** The first characters of the secret. */
  hint: string
}

/** A key just made: its secret `key` is shown only here. */
export interface CreatedKey extends AdminKey { key: string }

/** POST /_emulator/workspaces/{id}/reset. */
export interface WorkspaceReset {
  workspace: { id: string, name: string }
  /** `fixtures` for a fixture workspace, `creation` for one made with createWorkspace. */
  restoredFrom: 'fixtures' | 'creation'
}

/** A stub rule (POST /_emulator/stubs): matching /api/v1 requests get this answer instead of the route's. */
export interface StubRule {
  method?: string
  /** Route pattern without /api/v1, as fault rules take it: /scenes/{sceneId}, /scenes/*, /collections/** */
  path: string
  status: number
  headers?: Record<string, string>
  /** Any JSON; absent: an empty body. */
  body?: unknown
  /** Answers before the rule goes quiet; always when absent. */
  times?: number
  workspaceId?: string
  keyId?: string
}

export interface Stub extends Required<Pick<StubRule, 'method' | 'path' | 'status' | 'headers'>> {
  id: number
  body: unknown
  times: number | null
  remaining: number | null
  fired: number
  workspaceId: string | null
  keyId: string | null
}

/** The shadow report's helpers: on a running emulator (HarnessHelpers) and on a shadow reached by URL (shadowHelpers). */
export interface ShadowHelpers {
  /** GET /_emulator/shadow: per operation the client called, how the emulator's answers compared with the target's. */
  shadowReport (): Promise<ShadowReport>
  /** DELETE /_emulator/shadow: start counting again (say, before each test). */
  clearShadowReport (): Promise<void>
  /**
   * Throws a ShadowDifferencesError (its `report` attached) when an operation differed or the shadow side failed,
   * naming each differing operation and its first differences; resolves with the report otherwise.
   */
  assertNoShadowDifferences (): Promise<ShadowReport>
}

/** One operation's answers (GET /_emulator/coverage). */
export interface OperationCoverage {
  /** 'GET /api/v1/scenes/{sceneId}', or 'mcp <tool>' for an MCP tool call. */
  operation: string
  calls: number
  /** Answers by outcome: '200', '429', 'drop', 'slow', 'drift:<kind>', 'learned'. */
  outcomes: Record<string, number>
  /** The sweep's drifts that could change nothing in this operation's answers: a check does not ask for them. */
  notApplicable?: string[]
}

/** What the suite's client received, per operation, sorted by operation. */
export interface CoverageReport { operations: OperationCoverage[] }

/** What assertCoverage requires: each listed (or each called) operation received each outcome at least once. */
export interface CoverageRequirements {
  /**
   * 'called': every operation answered at least once to a valid key on a route the emulator has (nothing called fails,
   * with `(none called)` gaps); or the operations, as the coverage names them (another name is a 400).
   */
  operations: 'called' | string[]
  /** '200', '429', '503', 'drop', 'slow', 'learned', 'drift:<kind>', or 'drift' for any drift kind. */
  outcomes: string[]
  /** Only the answers to this workspace's keys; a workspace the emulator does not have is a 404. */
  workspaceId?: string
}

/** An operation that never received a required outcome. */
export interface CoverageGap { operation: string, outcome: string }

export interface CoverageCheck { ok: boolean, gaps: CoverageGap[] }

/** The failure coverage's helpers: on a running emulator (HarnessHelpers) and on one reached by URL (coverageHelpers). */
export interface CoverageHelpers {
  /** GET /_emulator/coverage: per operation, how many answers and of which outcome. */
  coverage (options?: { workspaceId?: string }): Promise<CoverageReport>
  /** DELETE /_emulator/coverage: start counting again. */
  clearCoverage (): Promise<void>
  /** POST /_emulator/coverage/check: the gaps, without throwing. */
  checkCoverage (requirements: CoverageRequirements): Promise<CoverageCheck>
  /** Throws a CoverageGapsError (its `gaps` attached) naming each gap; resolves with the check when there is none. */
  assertCoverage (requirements: CoverageRequirements): Promise<CoverageCheck>
}

export interface HarnessHelpers extends ShadowHelpers, CoverageHelpers {
  /** POST /_emulator/stubs: force one answer on a route pattern (once, N times or always). */
  addStub (rule: StubRule): Promise<Stub>
  /** DELETE /_emulator/stubs: remove every stub rule. */
  clearStubs (): Promise<void>
  /** POST /_emulator/workspaces: an isolated workspace with its own users and keys. */
  createWorkspace (options?: CreateWorkspaceOptions): Promise<ProvisionedWorkspace>
  /** POST /_emulator/reset: everything back to the loaded fixtures. */
  reset (): Promise<void>
  /** POST /_emulator/snapshots: the whole database, or one workspace. */
  snapshot (options?: { workspaceId?: string }): Promise<Snapshot>
  /** POST /_emulator/snapshots/{id}/restore. */
  restore (snapshotId: string): Promise<void>
  /** GET /_emulator/requests: the journal, newest first. */
  requests (query?: RequestQuery): Promise<JournaledRequest[]>
  /** PUT /_emulator/faults. */
  setFaults (settings: FaultSettingsInput): Promise<void>
  /** PUT /_emulator/drift. */
  setDrift (settings: DriftSettingsInput): Promise<void>
  /** POST /_emulator/invites/{inviteId}/accept: the invited person joins (`email` is required for a link invite). */
  acceptInvite (
    inviteId: string,
    person?: { email?: string, name?: string }
  ): Promise<{ invite: InviteRecord, user: { id: string, email: string, name: string, role: string } }>
  /** POST /_emulator/invites/{inviteId}/reject: the invited person declines an email invite. */
  rejectInvite (inviteId: string): Promise<{ invite: InviteRecord }>
  /** DELETE /_emulator/workspaces/{id}: the workspace and everything in it; its keys answer 401 afterwards. */
  deleteWorkspace (workspaceId: string): Promise<void>
  /** POST /_emulator/workspaces/{id}/reset: a fixture workspace back to its fixtures, a created one to its creation. */
  resetWorkspace (workspaceId: string): Promise<WorkspaceReset>
  /** POST /_emulator/keys: a new key; its secret is `key` in the answer. */
  createKey (options: CreateKeyOptions): Promise<CreatedKey>
  /** GET /_emulator/keys: a workspace's keys, revoked ones included, without secrets. */
  listKeys (workspaceId: string): Promise<AdminKey[]>
  /** DELETE /_emulator/keys/{id}: the next request with the key answers 401. */
  revokeKey (keyId: string): Promise<AdminKey>
  /** GET /_emulator/clock. */
  clock (): Promise<ClockState>
  /** POST /_emulator/clock `{now}`: the clock stops at that instant (key expiry, timestamps, rate-limit windows follow). */
  setClock (now: string | number | Date): Promise<ClockState>
  /**
   * POST /_emulator/clock `{advanceMs}`: moves the clock forward, and stops it there: a clock on real time is
   * frozen at real now + ms, so what follows is reproducible. useRealTime() lets it run again.
   */
  advanceClock (ms: number): Promise<ClockState>
  /** DELETE /_emulator/clock: back to real time. */
  useRealTime (): Promise<ClockState>
  /** GET /_emulator/compat: the global switches, or those one workspace runs under. */
  compat (options?: { workspaceId?: string }): Promise<CompatSettings>
  /** PUT /_emulator/compat: replaces the global switches (those left out return to their start-up values). */
  setCompat (settings: Partial<CompatSettings>): Promise<CompatSettings>
}
