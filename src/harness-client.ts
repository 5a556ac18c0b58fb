// Typed helpers over the admin API for in-process test suites: what every test author otherwise
// hand-writes with fetch and its own answer types. They call the running app through inject (no socket), with the
// admin token when one is set. The types are written out here so the package's public types reach no internal
// module; test/harness-client.test.ts checks that the server's own schemas satisfy them.
import type { FastifyInstance } from 'fastify'

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

/** The compatibility switches (README: Compatibility switches); the first value of each is the default. */
export interface CompatSettings {
  unknownFields: 'reject' | 'strip'
  danglingBoundElements: 'allow' | 'reject'
  /** Default `limit` of the offset lists, 1..100 (default 10). */
  pageSize: number
  memberReads: 'deny' | 'allow'
  collectionDelete: 'trash-scenes' | 'keep-scenes'
  rateLimitBy: 'ip' | 'key'
  elementChecks: 'basic' | 'strict'
}

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
  drift: string | null
  request: JournaledBody
  response: JournaledBody
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

export interface HarnessHelpers {
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
  acceptInvite (inviteId: string, person?: { email?: string, name?: string }): Promise<{ invite: InviteRecord, user: { id: string, email: string, name: string, role: string } }>
  /** POST /_emulator/invites/{inviteId}/reject: the invited person declines an email invite. */
  rejectInvite (inviteId: string): Promise<{ invite: InviteRecord }>
  /** GET /_emulator/compat: the global switches, or those one workspace runs under. */
  compat (options?: { workspaceId?: string }): Promise<CompatSettings>
  /** PUT /_emulator/compat: replaces the global switches (those left out return to their start-up values). */
  setCompat (settings: Partial<CompatSettings>): Promise<CompatSettings>
}

/** The admin API answered something other than success: its envelope, as an Error. */
export class HarnessError extends Error {
  constructor (readonly statusCode: number, message: string) {
    super(message)
    this.name = 'HarnessError'
  }
}

export function createHarnessHelpers (app: FastifyInstance, adminToken?: string): HarnessHelpers {
  const headers = adminToken === undefined ? {} : { authorization: `Bearer ${adminToken}` }
  async function admin<T> (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
    const res = await app.inject({ method, url: `/_emulator${url}`, headers, payload })
    const body = res.body === '' ? undefined : res.json()
    if (res.statusCode >= 300) throw new HarnessError(res.statusCode, `${method} /_emulator${url}: ${res.statusCode} ${body?.message ?? res.body}`)
    return body as T
  }
  const queryOf = (query: RequestQuery): string => {
    const pairs = Object.entries(query).filter(([, value]) => value !== undefined).map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    return pairs.length === 0 ? '' : `?${pairs.join('&')}`
  }
  return {
    createWorkspace: (options = {}) => admin('POST', '/workspaces', options),
    reset: async () => { await admin('POST', '/reset') },
    snapshot: (options = {}) => admin('POST', '/snapshots', options),
    restore: async (snapshotId) => { await admin('POST', `/snapshots/${encodeURIComponent(snapshotId)}/restore`) },
    requests: async (query = {}) => (await admin<{ data: JournaledRequest[] }>('GET', `/requests${queryOf(query)}`)).data,
    setFaults: async (settings) => { await admin('PUT', '/faults', settings) },
    setDrift: async (settings) => { await admin('PUT', '/drift', settings) },
    acceptInvite: (inviteId, person = {}) => admin('POST', `/invites/${encodeURIComponent(inviteId)}/accept`, person),
    rejectInvite: (inviteId) => admin('POST', `/invites/${encodeURIComponent(inviteId)}/reject`),
    compat: (options = {}) => admin('GET', `/compat${queryOf(options)}`),
    setCompat: (settings) => admin('PUT', '/compat', settings),
    addStub: (rule) => admin('POST', '/stubs', rule),
    clearStubs: async () => { await admin('DELETE', '/stubs') }
  }
}
