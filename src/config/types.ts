// The settings as a plain type, without TypeBox: the package's public types (startEmulator's options, Config) name
// this, so a user's type-check needs no schema library. load.ts builds the schema from the rows of settings.ts and
// checks at compile time that it describes exactly this type. Each field's variable and meaning: docs/configuration.md.
import type { Compat } from './compat.js'

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

export interface Config {
  readonly port: number
  readonly host: string
  /** A file, or `:memory:`. */
  readonly dbPath: string
  /** A fixture set folder; `default` and `minimal` name the bundled sets. */
  readonly fixturesDir: string
  readonly seed?: number
  readonly adminToken?: string
  readonly logLevel: LogLevel
  /** `text`: one readable line per completed request (default); `json`: pino's JSON lines. */
  readonly logFormat: 'text' | 'json'
  readonly bodyLimit: number
  /** Fixed start time for the virtual clock (epoch ms); real time when absent. */
  readonly clockStart?: number
  readonly drift: boolean
  readonly driftSeed?: number
  readonly driftRate: number
  /** Kind names; absent means every kind. */
  readonly driftKinds?: string[]
  /** A drift profile file (`drawing-api-emulator learn`): those operations answer in the target's shape. */
  readonly driftProfile?: string
  readonly latencyMs: number
  readonly latencyJitterMs: number
  readonly faultRate: number
  readonly faultStatus: 500 | 502 | 503
  readonly faultSeed?: number
  /** `sweep`: each failure of chaosOutcomes served once per operation and workspace. */
  readonly chaos: 'off' | 'sweep'
  /** What the sweep serves: '429', '500', '502', '503', 'drop', 'drift', 'drift:<kind>'. */
  readonly chaosOutcomes: string[]
  /** A file the coverage is written to (JSON, and Markdown at `<file>.md`) when the server stops. */
  readonly coverageReport?: string
  /** Requests per minute per window (per IP or per key: the rateLimitBy switch); 0 turns rate limiting off. */
  readonly rateLimit: number
  readonly journalSize: number
  readonly journalBodyBytes: number
  readonly journalMaxBytes: number
  /** The newest audit entries kept per workspace; 0 keeps all. */
  readonly auditLogMax: number
  /** Tombstones a scene keeps; 0 keeps all. */
  readonly sceneTombstonesMax: number
  /** About the most memory kept read answers take; 0 keeps none. */
  readonly readCacheMaxBytes: number
  /** Host names served besides loopback names, IP literals and the bound host; '*' serves any. */
  readonly allowedHosts: string[]
  readonly requestTimeoutMs: number
  /** MCP answers as an SSE stream (default) or plain JSON. */
  readonly mcpResponse: 'sse' | 'json'
  /** tools/list page size; 0 lists every tool in one page. */
  readonly mcpPageSize: number
  readonly mcpToolset: 'docs' | 'agents' | 'all'
  /** false: scene pictures are a neutral placeholder and no renderer starts. */
  readonly renderer: boolean
  readonly renderTimeoutMs: number
  /** The compatibility switches in force at start-up; PUT /_emulator/compat changes them. */
  readonly compat: Compat
}

/** What in-process callers pass: any settings, and any of the compatibility switches. */
export type ConfigOptions = Partial<Omit<Config, 'compat'>> & { compat?: Partial<Compat> }
