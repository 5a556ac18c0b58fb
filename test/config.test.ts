// loadConfig: defaults, every variable, and one clear line for each kind of bad value.
import t from 'tap'
import { BUNDLED_FIXTURES, ConfigError, loadConfig, resolveConfig } from '../src/config/index.js'
import { DEFAULT_COMPAT, type Compat } from '../src/config/compat.js'
import type { Agree, Same } from '../src/lib/type-equality.js'
import { FIELDS, SETTINGS, helpLine, settingOf, shownValue } from '../src/config/settings.js'

t.test('defaults', async (t) => {
  t.same(loadConfig({}), {
    port: 4000, host: '127.0.0.1', dbPath: ':memory:', fixturesDir: BUNDLED_FIXTURES, logLevel: 'info', logFormat: 'text', bodyLimit: 33_554_432,
    drift: false, driftRate: 0.3, latencyMs: 0, latencyJitterMs: 0, faultRate: 0, faultStatus: 503, chaos: 'off', chaosOutcomes: ['429', '503', 'drop', 'drift'], rateLimit: 600,
    journalSize: 1000, journalBodyBytes: 4096, journalMaxBytes: 67_108_864, allowedHosts: [], requestTimeoutMs: 120_000,
    auditLogMax: 50_000, sceneTombstonesMax: 10_000, readCacheMaxBytes: 67_108_864,
    mcpResponse: 'sse', mcpPageSize: 0, mcpToolset: 'all', renderer: true, renderTimeoutMs: 10_000,
    compat: {
      unknownFields: 'reject', danglingBoundElements: 'allow', pageSize: 10, memberReads: 'deny',
      collectionDelete: 'trash-scenes', rateLimitBy: 'ip', elementChecks: 'basic'
    }
  })
  t.ok(Object.isFrozen(loadConfig({})))
})

t.test('every variable', async (t) => {
  const config = loadConfig({
    PORT: '0', HOST: '0.0.0.0', EMULATOR_DB: './x.sqlite', EMULATOR_FIXTURES: '/fx', EMULATOR_SEED: '7',
    EMULATOR_ADMIN_TOKEN: 'tok', LOG_LEVEL: 'silent', LOG_FORMAT: 'json', EMULATOR_BODY_LIMIT: '4096', EMULATOR_CLOCK: '2026-01-01T00:00:00Z',
    EMULATOR_DRIFT: 'on', EMULATOR_DRIFT_SEED: '11', EMULATOR_DRIFT_RATE: '0.5', EMULATOR_DRIFT_KINDS: 'rename-field, null-field',
    EMULATOR_LATENCY_MS: '250', EMULATOR_LATENCY_JITTER_MS: '50', EMULATOR_FAULT_RATE: '0.1', EMULATOR_FAULT_STATUS: '502',
    EMULATOR_FAULT_SEED: '3', EMULATOR_CHAOS: 'sweep', EMULATOR_CHAOS_OUTCOMES: '503, drift:null-field', EMULATOR_COVERAGE_REPORT: './coverage.json', EMULATOR_RATE_LIMIT: '0', EMULATOR_JOURNAL_SIZE: '10', EMULATOR_JOURNAL_BODY_BYTES: '100', EMULATOR_JOURNAL_MAX_BYTES: '65536',
    EMULATOR_AUDIT_LOG_MAX: '0', EMULATOR_SCENE_TOMBSTONES_MAX: '50', EMULATOR_READ_CACHE_MAX_BYTES: '1048576',
    EMULATOR_ALLOWED_HOSTS: 'emulator, devbox.lan', EMULATOR_REQUEST_TIMEOUT_MS: '5000',
    EMULATOR_MCP_RESPONSE: 'json', EMULATOR_MCP_PAGE_SIZE: '5', EMULATOR_MCP_TOOLSET: 'docs', EMULATOR_RENDERER: 'off',
    EMULATOR_RENDER_TIMEOUT_MS: '2500',
    EMULATOR_COMPAT: 'unknownFields=strip, danglingBoundElements=reject,pageSize=5,memberReads=allow,collectionDelete=keep-scenes,rateLimitBy=key,elementChecks=strict'
  })
  t.same(config, {
    port: 0, host: '0.0.0.0', dbPath: './x.sqlite', fixturesDir: '/fx', seed: 7, adminToken: 'tok', logLevel: 'silent', logFormat: 'json',
    bodyLimit: 4096, clockStart: Date.parse('2026-01-01T00:00:00Z'), drift: true, driftSeed: 11, driftRate: 0.5,
    driftKinds: ['rename-field', 'null-field'], latencyMs: 250, latencyJitterMs: 50, faultRate: 0.1, faultStatus: 502,
    faultSeed: 3, chaos: 'sweep', chaosOutcomes: ['503', 'drift:null-field'], coverageReport: './coverage.json', rateLimit: 0, journalSize: 10, journalBodyBytes: 100, journalMaxBytes: 65536, allowedHosts: ['emulator', 'devbox.lan'],
    auditLogMax: 0, sceneTombstonesMax: 50, readCacheMaxBytes: 1_048_576,
    requestTimeoutMs: 5000, mcpResponse: 'json', mcpPageSize: 5, mcpToolset: 'docs', renderer: false, renderTimeoutMs: 2500,
    compat: {
      unknownFields: 'strip', danglingBoundElements: 'reject', pageSize: 5, memberReads: 'allow',
      collectionDelete: 'keep-scenes', rateLimitBy: 'key', elementChecks: 'strict'
    }
  })
})

t.test('EMULATOR_COMPAT: switches left out keep their defaults; in process, compat is partial too', async (t) => {
  t.same(loadConfig({ EMULATOR_COMPAT: 'pageSize=100' }).compat, { ...DEFAULT_COMPAT, pageSize: 100 })
  t.same(loadConfig({ EMULATOR_COMPAT: ' , memberReads = allow ,' }).compat, { ...DEFAULT_COMPAT, memberReads: 'allow' })
  t.same(resolveConfig({ compat: { rateLimitBy: 'key' } }).compat, { ...DEFAULT_COMPAT, rateLimitBy: 'key' })
  t.throws(() => resolveConfig({ compat: { pageSize: 0 } }), new ConfigError('Invalid configuration: compat/pageSize must be >= 1 (got 0)'))
})

t.test('in process, an option given as undefined takes its default, as a missing one does', async (t) => {
  t.same(resolveConfig({ port: undefined, logLevel: undefined, fixturesDir: undefined, compat: undefined }), resolveConfig({}))
})

t.test('bad values fail with one clear line', async (t) => {
  const cases: Array<[Record<string, string>, string]> = [
    [{ PORT: 'http' }, 'Invalid configuration: PORT (--port) must be an integer (got "http")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT (--port) must be <= 65535 (got 70000)'],
    [{ EMULATOR_SEED: '1.5' }, 'Invalid configuration: EMULATOR_SEED (--seed) must be an integer (got "1.5")'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL (--log-level) must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    [{ EMULATOR_BODY_LIMIT: '10' }, 'Invalid configuration: EMULATOR_BODY_LIMIT (--body-limit) must be >= 1024 (got 10)'],
    [{ EMULATOR_CLOCK: 'yesterday' }, 'Invalid configuration: EMULATOR_CLOCK (--clock) must be an ISO date or epoch milliseconds (got "yesterday")'],
    [{ EMULATOR_DRIFT: 'maybe' }, 'Invalid configuration: EMULATOR_DRIFT (--drift) must be on or off (got "maybe")'],
    [{ EMULATOR_DRIFT_RATE: 'lots' }, 'Invalid configuration: EMULATOR_DRIFT_RATE (--drift-rate) must be a number (got "lots")'],
    [{ EMULATOR_DRIFT_RATE: '1.5' }, 'Invalid configuration: EMULATOR_DRIFT_RATE (--drift-rate) must be <= 1 (got 1.5)'],
    [{ EMULATOR_FAULT_STATUS: '404' }, 'Invalid configuration: EMULATOR_FAULT_STATUS (--fault-status) must be one of 500, 502, 503 (got 404)'],
    [{ EMULATOR_CHAOS: 'always' }, 'Invalid configuration: EMULATOR_CHAOS (--chaos) must be one of off, sweep (got "always")'],
    [{ EMULATOR_CHAOS_OUTCOMES: '503,timeout' }, 'Invalid configuration: EMULATOR_CHAOS_OUTCOMES (--chaos-outcomes)/1 must match pattern "^(429|500|502|503|drop|drift|drift:[a-z0-9-]+)$" (got "timeout")'],
    [{ EMULATOR_MCP_RESPONSE: 'xml' }, 'Invalid configuration: EMULATOR_MCP_RESPONSE (--mcp-response) must be one of sse, json (got "xml")'],
    [{ EMULATOR_MCP_TOOLSET: 'some' }, 'Invalid configuration: EMULATOR_MCP_TOOLSET (--mcp-toolset) must be one of docs, agents, all (got "some")'],
    [{ EMULATOR_AUDIT_LOG_MAX: '-1' }, 'Invalid configuration: EMULATOR_AUDIT_LOG_MAX (--audit-log-max) must be >= 0 (got -1)'],
    [{ EMULATOR_AUDIT_LOG_MAX: '50k' }, 'Invalid configuration: EMULATOR_AUDIT_LOG_MAX (--audit-log-max) must be an integer (got "50k")'],
    [{ EMULATOR_AUDIT_LOG_MAX: '1e4' }, 'Invalid configuration: EMULATOR_AUDIT_LOG_MAX (--audit-log-max) must be an integer (got "1e4")'],
    [{ EMULATOR_SCENE_TOMBSTONES_MAX: 'all' }, 'Invalid configuration: EMULATOR_SCENE_TOMBSTONES_MAX (--scene-tombstones-max) must be an integer (got "all")'],
    [{ EMULATOR_READ_CACHE_MAX_BYTES: '-1' }, 'Invalid configuration: EMULATOR_READ_CACHE_MAX_BYTES (--read-cache-max-bytes) must be >= 0 (got -1)'],
    [{ EMULATOR_RENDERER: 'maybe' }, 'Invalid configuration: EMULATOR_RENDERER (--renderer) must be on or off (got "maybe")'],
    [{ EMULATOR_COMPAT: 'pageSize=0' }, 'Invalid configuration: EMULATOR_COMPAT (--compat) pageSize must be an integer 1..100 (got "0")'],
    [{ EMULATOR_COMPAT: 'pageSize=5x' }, 'Invalid configuration: EMULATOR_COMPAT (--compat) pageSize must be an integer 1..100 (got "5x")'],
    [{ EMULATOR_COMPAT: 'memberReads=maybe' }, 'Invalid configuration: EMULATOR_COMPAT (--compat) memberReads must be one of deny, allow (got "maybe")'],
    [{ EMULATOR_COMPAT: 'unknownFeilds=strip' }, 'Invalid configuration: EMULATOR_COMPAT (--compat) has unknown switch "unknownFeilds" (switches: unknownFields, danglingBoundElements, pageSize, memberReads, collectionDelete, rateLimitBy, elementChecks)'],
    [{ EMULATOR_COMPAT: 'strip' }, 'Invalid configuration: EMULATOR_COMPAT (--compat) has "strip", expected name=value']
  ]
  for (const [env, message] of cases) {
    t.throws(() => loadConfig(env), new ConfigError(message), JSON.stringify(env))
  }
})

t.test('each row\'s --help line names its default, taken from the row', async (t) => {
  const shown = FIELDS.map(settingOf).filter((row) => row.value !== undefined && row.parse !== 'compat' &&
    row.default !== undefined && !(Array.isArray(row.default) && row.default.length === 0))
  t.ok(shown.length >= 20, `${shown.length} rows with a default`)
  for (const row of shown) t.match(helpLine(row), shownValue(row.default), `--${row.flag}`)
  t.equal(helpLine(SETTINGS.bodyLimit), 'largest request body (default 33554432); larger is 413', '{default} filled in')
})

t.test('an empty variable is unset, but for the plain strings, which the schema refuses', async (t) => {
  const empty = Object.fromEntries(FIELDS.map((field) => [SETTINGS[field].env, '']))
  const plain = FIELDS.filter((field) => SETTINGS[field].parse === 'string')
  t.same(plain, ['host', 'dbPath', 'logFormat', 'logLevel', 'chaos', 'mcpResponse', 'mcpToolset'])
  t.throws(() => loadConfig(empty), new ConfigError('Invalid configuration: HOST (--host) must not have fewer than 1 characters (got "")'))
  const rest = Object.fromEntries(Object.entries(empty).filter(([env]) => !plain.some((field) => SETTINGS[field].env === env)))
  t.same(loadConfig(rest), loadConfig({}), 'every other empty variable: the defaults')
})

/** The package's public Compat, as users have typed against it: a difference fails the type-check here. */
type _PublicCompatKeepsItsShape = Agree<Same<Compat, {
  unknownFields: 'reject' | 'strip'
  danglingBoundElements: 'allow' | 'reject'
  pageSize: number
  memberReads: 'deny' | 'allow'
  collectionDelete: 'trash-scenes' | 'keep-scenes'
  rateLimitBy: 'ip' | 'key'
  elementChecks: 'basic' | 'strict'
}>>
