// Environment → one frozen, validated Config, and in-process options → the same; both from the rows of
// settings.ts. Nobody else reads process.env (and this module reads only the rows' variables).
import { Type, type Static, type TOptional, type TSchema } from 'typebox'
import { Compile, type Validator } from 'typebox/compile'
import { Value } from 'typebox/value'
import { fixturesFolder } from '../package-files.js'
import { DEFAULT_COMPAT, type PartialCompat } from './compat.js'
import { ConfigError } from './config-error.js'
import { parseVariable } from './parse.js'
import { FIELDS, SETTINGS, settingOf, type Field, type SettingRow } from './settings.js'
import type { Config, ConfigOptions } from './types.js'
import { describeVariable } from './variables.js'
import type { Agree, Same } from '../lib/type-equality.js'

export { ConfigError }

type Settings = typeof SETTINGS
/** A row's schema as its Config field: optional when the row has no default. */
type FieldSchema<R extends { schema: TSchema }> = R extends { default: unknown } ? R['schema'] : TOptional<R['schema']>

const ConfigSchema = Type.Object(Object.fromEntries(FIELDS.map((field) => {
  const row = settingOf(field)
  return [field, row.default === undefined ? Type.Optional(row.schema) : row.schema]
})) as { [K in Field]: FieldSchema<Settings[K]> })

/** The schema describes exactly the plain type of types.ts: a difference fails the type-check here. */
type _ConfigTypesAgree = Agree<Same<Readonly<Static<typeof ConfigSchema>>, Config>>

type Env = Record<string, string | undefined>

/** A value as the field holds it: a fixture set's name is its folder; switches left out take their defaults. */
function completed (row: SettingRow, value: unknown): unknown {
  if (value === undefined) return undefined
  if (row.parse === 'fixtures') return fixturesFolder(value as string)
  if (row.parse === 'compat') return { ...DEFAULT_COMPAT, ...(value as PartialCompat) }
  return value
}

/** Reads and validates the variables of the rows (PORT, HOST, LOG_*, EMULATOR_*); throws one clear ConfigError. */
export function loadConfig (env: Env): Config {
  const config: Record<string, unknown> = {}
  for (const field of FIELDS) {
    const row = settingOf(field)
    config[field] = completed(row, parseVariable(row.parse, env[row.env], row.env) ?? row.default)
  }
  return validateConfig(config, (field) => Object.hasOwn(SETTINGS, field) ? describeVariable(settingOf(field as Field).env) : field)
}

/** Completes partial options (in-process use, tests) with the defaults and validates them. */
export function resolveConfig (options: ConfigOptions = {}): Config {
  const config: Record<string, unknown> = {}
  for (const field of FIELDS) {
    const row = settingOf(field)
    config[field] = completed(row, (options as Record<string, unknown>)[field] ?? row.default)
  }
  return validateConfig(config, (field) => field)
}

/** The values an enum setting allows, listed in its error: the schema's own. */
function allowedValues (field: string): readonly unknown[] | undefined {
  return Object.hasOwn(SETTINGS, field) ? (settingOf(field as Field).schema as { enum?: unknown[] }).enum : undefined
}

let checked = 0
let compiled: Validator | undefined
/**
 * Whether `config` fits the schema. A process's first check is interpreted, as compiling the schema would cost more
 * than it saves; a process that checks again (a test suite starting an emulator per file or per test) compiles it
 * then and checks each later one with the compiled code, the same verdict for a fraction of the time.
 */
function fits (config: Record<string, unknown>): boolean {
  if (compiled === undefined && checked++ === 0) return Value.Check(ConfigSchema, config)
  compiled ??= Compile(ConfigSchema)
  return compiled.Check(config)
}

function validateConfig (config: Record<string, unknown>, describe: (field: string) => string): Config {
  for (const key of Object.keys(config)) if (config[key] === undefined) delete config[key]
  const first = fits(config) ? undefined : Value.Errors(ConfigSchema, config)[0]
  if (first) {
    const [field = 'config', inner] = first.instancePath.replace(/^\//, '').split('/')
    const allowed = inner === undefined ? allowedValues(field) : undefined
    const message = allowed === undefined ? first.message : `must be one of ${allowed.join(', ')}`
    // A switch inside `compat` (in-process options) is named with its path: compat/pageSize.
    const got = inner === undefined ? config[field] : (config[field] as Record<string, unknown>)[inner]
    throw new ConfigError(`Invalid configuration: ${describe(field)}${inner === undefined ? '' : `/${inner}`} ${message} (got ${JSON.stringify(got)})`)
  }
  return Object.freeze(config as unknown as Config)
}
