// Typed helpers over the admin API for in-process test suites: what every test author otherwise
// hand-writes with fetch and its own answer types. They call the running app through inject (no socket), with the
// admin token when one is set. Their types (harness-client-types.ts) are written out so that the package's public
// types reach no internal module; test/harness-client*.test.ts check them against the server's own schemas.
import type {
  AdminKey, CoverageCheck, CoverageGap, CoverageHelpers, CoverageReport, HarnessHelpers, JournaledRequest, RequestQuery, ShadowHelpers, ShadowReport
} from './harness-client-types.js'

export type {
  AdminKey, ClockState, CompatSettings, CoverageCheck, CoverageGap, CoverageHelpers, CoverageReport, CoverageRequirements, OperationCoverage,
  CreateKeyOptions, CreatedKey, CreateWorkspaceOptions, DriftSettingsInput, FaultRule,
  FaultSettingsInput, HarnessHelpers, InviteRecord, JournaledBody, JournaledFault, JournaledMcp, JournaledRequest,
  ProvisionedWorkspace, RequestQuery, ShadowAcceptedDifference, ShadowDifference, ShadowFailure, ShadowHelpers, ShadowKey, ShadowOperation, ShadowReport,
  ShadowRequestRef, ShadowState,
  Snapshot, Stub, StubRule, WorkspaceReset
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

/** assertNoShadowDifferences() found a difference, or a shadow side that failed: `report` is the whole report. */
export class ShadowDifferencesError extends Error {
  readonly report: ShadowReport
  constructor (report: ShadowReport, message: string) {
    super(message)
    this.report = report
    this.name = 'ShadowDifferencesError'
  }
}

/** assertCoverage() found operations that never received a required outcome: `gaps` lists them all. */
export class CoverageGapsError extends Error {
  readonly gaps: CoverageGap[]
  constructor (gaps: CoverageGap[]) {
    super(`the suite never received ${gaps.length === 1 ? 'this outcome' : 'these outcomes'}:\n${gaps.map((gap) => `  ${gap.operation}: ${gap.outcome}`).join('\n')}`)
    this.gaps = gaps
    this.name = 'CoverageGapsError'
  }
}

const SHOWN_DIFFERENCES = 3

/** One line per differing operation with its first differences, and the shadow side's failures: empty when clean. */
export function shadowProblems (report: ShadowReport): string[] {
  const { shadow } = report
  const broken = shadow.state === 'failed' ? [`the shadow side failed: ${shadow.reason ?? 'no reason given'}`] : []
  const failed = shadow.failures.filter((f) => f.side === 'shadow').map((f) => `${f.operation}: the shadow side failed (${f.reason})`)
  const differing = report.operations.filter((op) => op.differs > 0).map((op) => {
    const first = op.differences.slice(0, SHOWN_DIFFERENCES).map((d) => `${d.path} (${d.kind}: emulator ${JSON.stringify(d.emulator)}, target ${JSON.stringify(d.target)})`)
    const more = op.differences.length > SHOWN_DIFFERENCES ? `, +${op.differences.length - SHOWN_DIFFERENCES} more` : ''
    return `${op.operation}: ${op.differs} of ${op.requests} requests differ: ${first.join(', ')}${more}`
  })
  return [...broken, ...differing, ...failed]
}

/**
 * An admin answer's body, or a HarnessError naming the call: a failure's text is used as it is when it is not JSON
 * (a proxy's HTML 502, a wrong URL's page), so the caller always gets the status.
 */
function adminAnswer (call: string, status: number, text: string): unknown {
  let body: { message?: unknown } | undefined
  try {
    body = text === '' ? undefined : JSON.parse(text)
  } catch (error) {
    if (status < 300) throw error
  }
  if (status >= 300) throw new HarnessError(status, `${call}: ${status} ${typeof body?.message === 'string' ? body.message : text}`)
  return body
}

type AdminCall = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => Promise<T>

function shadowHelpersOver (admin: AdminCall): ShadowHelpers {
  const shadowReport = () => admin<ShadowReport>('GET', '/shadow')
  return {
    shadowReport,
    clearShadowReport: async () => { await admin('DELETE', '/shadow') },
    async assertNoShadowDifferences () {
      const report = await shadowReport()
      const problems = shadowProblems(report)
      if (problems.length > 0) throw new ShadowDifferencesError(report, `the shadow report is not clean:\n${problems.map((line) => `  ${line}`).join('\n')}`)
      return report
    }
  }
}

function coverageHelpersOver (admin: AdminCall): CoverageHelpers {
  const checkCoverage: CoverageHelpers['checkCoverage'] = (requirements) => admin<CoverageCheck>('POST', '/coverage/check', requirements)
  return {
    coverage: (options = {}) => admin<CoverageReport>('GET', `/coverage${options.workspaceId === undefined ? '' : `?workspaceId=${encodeURIComponent(options.workspaceId)}`}`),
    clearCoverage: async () => { await admin('DELETE', '/coverage') },
    checkCoverage,
    async assertCoverage (requirements) {
      const check = await checkCoverage(requirements)
      if (!check.ok) throw new CoverageGapsError(check.gaps)
      return check
    }
  }
}

/** An admin call over HTTP to an emulator (or shadow) at `url`, with the admin token when one is given. */
function adminOverHttp (url: string, adminToken?: string): AdminCall {
  const origin = url.replace(/\/+$/, '').replace(/\/api\/v1$/, '')
  return async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object): Promise<T> => {
    const headers: Record<string, string> = adminToken === undefined ? {} : { authorization: `Bearer ${adminToken}` }
    if (payload !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(`${origin}/_emulator${path}`, { method, headers, body: payload === undefined ? undefined : JSON.stringify(payload) })
    return adminAnswer(`${method} /_emulator${path}`, response.status, await response.text()) as T
  }
}

/**
 * The coverage helpers for an emulator running in its own process or container, by its URL (`http://127.0.0.1:8080`
 * or its API URL), with the admin token when EMULATOR_ADMIN_TOKEN is set there.
 */
export function coverageHelpers (url: string, adminToken?: string): CoverageHelpers {
  return coverageHelpersOver(adminOverHttp(url, adminToken))
}

/**
 * The shadow report's helpers for a shadow running in another process (`drawing-api-emulator shadow`), by its
 * URL (`http://127.0.0.1:4000`), with the admin token when EMULATOR_ADMIN_TOKEN is set there.
 */
export function shadowHelpers (url: string, adminToken?: string): ShadowHelpers {
  return shadowHelpersOver(adminOverHttp(url, adminToken))
}

/** What the helpers need of the app (its inject); written here so the package's types need no Fastify. */
interface Injecting {
  inject (
    request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string | undefined>, payload?: object }
  ): Promise<{ statusCode: number, body: string }>
}

export function createHarnessHelpers (app: Injecting, adminToken?: string): HarnessHelpers {
  const headers = adminToken === undefined ? {} : { authorization: `Bearer ${adminToken}` }
  async function admin<T> (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
    const res = await app.inject({ method, url: `/_emulator${url}`, headers, payload })
    return adminAnswer(`${method} /_emulator${url}`, res.statusCode, res.body) as T
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
    useRealTime: () => admin('DELETE', '/clock'),
    ...shadowHelpersOver(admin),
    ...coverageHelpersOver(admin)
  }
}
