// A variable's text → its value, by the parse kind of its row (settings.ts). Unset (and, but for `string`, empty)
// is undefined: the row's default then applies. A bad text throws one ConfigError naming the variable and its flag.
import { parseCompatList } from './compat.js'
import type { ParseKind } from './settings.js'
import { describeVariable } from './variables.js'
import { ConfigError } from './config-error.js'

type Parser = (raw: string, env: string) => unknown

const TRUE_WORDS = new Set(['on', 'true', '1', 'yes'])
const FALSE_WORDS = new Set(['off', 'false', '0', 'no'])

const invalid = (env: string, problem: string): ConfigError => new ConfigError(`Invalid configuration: ${describeVariable(env)} ${problem}`)

const PARSERS: Readonly<Record<Exclude<ParseKind, 'string'>, Parser>> = {
  integer (raw, env) {
    if (!/^-?\d+$/.test(raw.trim())) throw invalid(env, `must be an integer (got "${raw}")`)
    return Number(raw)
  },
  number (raw, env) {
    const value = Number(raw)
    if (raw.trim() === '' || Number.isNaN(value)) throw invalid(env, `must be a number (got "${raw}")`)
    return value
  },
  boolean (raw, env) {
    const word = raw.trim().toLowerCase()
    if (TRUE_WORDS.has(word)) return true
    if (FALSE_WORDS.has(word)) return false
    throw invalid(env, `must be on or off (got "${raw}")`)
  },
  'list': (raw) => raw.trim() === '' ? undefined : raw.split(',').map((item) => item.trim()).filter((item) => item !== ''),
  date (raw, env) {
    const ms = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw)
    if (Number.isNaN(ms)) throw invalid(env, `must be an ISO date or epoch milliseconds (got "${raw}")`)
    return ms
  },
  'optional-string': (raw) => raw,
  'fixtures': (raw) => raw,
  /** `name=value,...` (load.ts completes it with the defaults); a bad item names the variable, the switch and the allowed values. */
  compat (raw, env) {
    if (raw.trim() === '') return undefined
    try {
      return parseCompatList(raw)
    } catch (error) {
      throw invalid(env, (error as Error).message)
    }
  }
}

/** The value of one variable; undefined when it is unset. `string` keeps an empty text, for the schema to refuse. */
export function parseVariable (kind: ParseKind, raw: string | undefined, env: string): unknown {
  if (raw === undefined) return undefined
  if (kind === 'string') return raw
  return raw === '' ? undefined : PARSERS[kind](raw, env)
}
