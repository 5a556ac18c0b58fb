// Typed helpers over the admin API for in-process test suites (issue 16.7): what every test author otherwise
// hand-writes with fetch and its own answer types. They call the running app through inject (no socket), with the
// admin token when one is set. The types are written out here so the package's public types reach no internal
// module; test/harness-client.test.ts checks that the server's own schemas satisfy them.
import type { FastifyInstance } from 'fastify'

export interface CreateWorkspaceOptions {
  /** Defaults to a generated name. */
  name?: string
  /** `demo`: the first bundled workspace's data; `empty` (default): nothing but the users and keys. */
  fixtures?: 'demo' | 'empty'
}

export interface ProvisionedWorkspace {
  workspace: { id: string, name: string }
  users: Array<{ id: string, email: string, role: string }>
  /** Secrets of a full and a read workspace key, and of an admin's personal key. */
  keys: { full: string, read: string, personal: string }
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
    addStub: (rule) => admin('POST', '/stubs', rule),
    clearStubs: async () => { await admin('DELETE', '/stubs') }
  }
}
