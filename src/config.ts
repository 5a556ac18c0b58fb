// Environment → one frozen, validated Config. Nobody else reads process.env (DESIGN §3.8).
import { fileURLToPath } from 'node:url'
import { Type, type Static } from 'typebox'
import { Compile } from 'typebox/compile'

export const DEFAULT_PORT = 4000
export const DEFAULT_HOST = '127.0.0.1'
/** The bundled demo workspace set; resolves the same from src/ (tests) and dist/ (built). */
export const BUNDLED_FIXTURES = fileURLToPath(new URL('../fixtures/default', import.meta.url))
export const MINIMAL_FIXTURES = fileURLToPath(new URL('../fixtures/minimal', import.meta.url))
/**
 * INFER: the real limit is unknown (catalogue §1.2); it must exceed what a 20,971,520-character
 * `dataURL` needs, so 32 MiB leaves room for one maximal file plus its scene.
 */
export const DEFAULT_BODY_LIMIT = 32 * 1024 * 1024

const ConfigSchema = Type.Object({
  port: Type.Integer({ minimum: 0, maximum: 65535 }),
  host: Type.String({ minLength: 1 }),
  dbPath: Type.String({ minLength: 1 }),
  fixturesDir: Type.String({ minLength: 1 }),
  seed: Type.Optional(Type.Integer()),
  adminToken: Type.Optional(Type.String({ minLength: 1 })),
  logLevel: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  bodyLimit: Type.Integer({ minimum: 1024 }),
  /** Fixed start time for the virtual clock (epoch ms); real time when absent. */
  clockStart: Type.Optional(Type.Integer({ minimum: 0 }))
})
export type Config = Readonly<Static<typeof ConfigSchema>>
const checkConfig = Compile(ConfigSchema)

export class ConfigError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

/** Reads and validates the EMULATOR_* (and PORT, HOST, LOG_LEVEL) variables; throws one clear ConfigError. */
export function loadConfig (env: Env): Config {
  const config = {
    port: integerVar(env, 'PORT') ?? DEFAULT_PORT,
    host: env.HOST ?? DEFAULT_HOST,
    dbPath: env.EMULATOR_DB ?? ':memory:',
    fixturesDir: env.EMULATOR_FIXTURES ?? BUNDLED_FIXTURES,
    seed: integerVar(env, 'EMULATOR_SEED'),
    adminToken: env.EMULATOR_ADMIN_TOKEN || undefined,
    logLevel: (env.LOG_LEVEL ?? 'info') as Config['logLevel'],
    bodyLimit: integerVar(env, 'EMULATOR_BODY_LIMIT') ?? DEFAULT_BODY_LIMIT,
    clockStart: dateVar(env, 'EMULATOR_CLOCK')
  }
  return validateConfig(config)
}

/** Completes partial options (in-process use, tests) with the defaults and validates them. */
export function resolveConfig (options: Partial<Config> = {}): Config {
  return validateConfig({
    port: DEFAULT_PORT,
    host: DEFAULT_HOST,
    dbPath: ':memory:',
    fixturesDir: BUNDLED_FIXTURES,
    logLevel: 'info',
    bodyLimit: DEFAULT_BODY_LIMIT,
    ...options
  })
}

function validateConfig (config: Record<string, unknown>): Config {
  for (const key of Object.keys(config)) if (config[key] === undefined) delete config[key]
  const first = [...checkConfig.Errors(config)][0]
  if (first) {
    const field = first.instancePath.replace(/^\//, '') || 'config'
    throw new ConfigError(`Invalid configuration: ${field} ${first.message} (got ${JSON.stringify(config[field])})`)
  }
  return Object.freeze(config as Config)
}

function integerVar (env: Env, name: string): number | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(`Invalid configuration: ${name} must be an integer (got "${raw}")`)
  return Number(raw)
}

function dateVar (env: Env, name: string): number | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  const ms = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw)
  if (Number.isNaN(ms)) throw new ConfigError(`Invalid configuration: ${name} must be an ISO date or epoch milliseconds (got "${raw}")`)
  return ms
}
