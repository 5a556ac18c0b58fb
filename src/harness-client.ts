// Typed helpers over the admin API for in-process test suites: what every test author otherwise
// hand-writes with fetch and its own answer types. They call the running app through inject (no socket), with the
// admin token when one is set. Their types (harness-client-types.ts) are written out so that the package's public
// types reach no internal module; test/harness-client*.test.ts check them against the server's own schemas.
import type { AdminKey, HarnessHelpers, JournaledRequest, RequestQuery } from './harness-client-types.js'

export type {
  AdminKey, ClockState, CompatSettings, CreateKeyOptions, CreatedKey, CreateWorkspaceOptions, DriftSettingsInput, FaultRule,
  FaultSettingsInput, HarnessHelpers, InviteRecord, JournaledBody, JournaledFault, JournaledMcp, JournaledRequest,
  ProvisionedWorkspace, RequestQuery, Snapshot, Stub, StubRule, WorkspaceReset
} from './harness-client-types.js'

/** The admin API answered something other than success: its envelope, as an Error. */
export class HarnessError extends Error {
  readonly statusCode: number
  constructor (statusCode: number, message: string) {
    super(message)
    this.statusCode = statusCode
    this.name = 'HarnessError'
  }
}

/** What the helpers need of the app (its inject); written here so the package's types need no Fastify. */
interface Injecting {
  inject (request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string | undefined>, payload?: object }): Promise<{ statusCode: number, body: string, json: () => any }>
}

export function createHarnessHelpers (app: Injecting, adminToken?: string): HarnessHelpers {
  const headers = adminToken === undefined ? {} : { authorization: `Bearer ${adminToken}` }
  async function admin<T> (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
    const res = await app.inject({ method, url: `/_emulator${url}`, headers, payload })
    const body = res.body === '' ? undefined : res.json()
    if (res.statusCode >= 300) throw new HarnessError(res.statusCode, `${method} /_emulator${url}: ${res.statusCode} ${body?.message ?? res.body}`)
    return body as T
  }
  const queryOf = (query: RequestQuery | { workspaceId: string }): string => {
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
    clearStubs: async () => { await admin('DELETE', '/stubs') },
    deleteWorkspace: async (workspaceId) => { await admin('DELETE', `/workspaces/${encodeURIComponent(workspaceId)}`) },
    resetWorkspace: (workspaceId) => admin('POST', `/workspaces/${encodeURIComponent(workspaceId)}/reset`),
    createKey: (options) => admin('POST', '/keys', options),
    listKeys: async (workspaceId) => (await admin<{ data: AdminKey[] }>('GET', `/keys${queryOf({ workspaceId })}`)).data,
    revokeKey: (keyId) => admin('DELETE', `/keys/${encodeURIComponent(keyId)}`),
    clock: () => admin('GET', '/clock'),
    setClock: (now) => admin('POST', '/clock', { now: now instanceof Date ? now.toISOString() : now }),
    advanceClock: (ms) => admin('POST', '/clock', { advanceMs: ms }),
    useRealTime: () => admin('DELETE', '/clock')
  }
}
