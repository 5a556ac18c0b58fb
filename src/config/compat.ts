// The compatibility switches, one row each: everything else about a switch (its type, default, schema, the
// EMULATOR_COMPAT parser, the read-cache key, the docs table) is derived from its row. No TypeBox here: the
// package's public types (Config, startEmulator's options) name Compat, so a user's type-check needs no schema
// library; compat-schema.ts builds the schema and checks it against these types.

/** A switch that is one of some words; the first is the default (the highest-trust source that speaks). */
interface ChoiceSwitch {
  readonly choices: readonly [string, ...string[]]
  readonly description: string
  /** Whether a kept read answer (services/cached-read.ts) can differ by this switch: it is then part of the key. */
  readonly affectsReads: boolean
}

/** A switch that is a whole number in a range. */
interface IntegerSwitch {
  readonly integer: { readonly minimum: number, readonly maximum: number }
  readonly default: number
  readonly description: string
  readonly affectsReads: boolean
}

export type SwitchRow = ChoiceSwitch | IntegerSwitch

/** The switches (docs/emulated-api.md, Compatibility switches), in the order errors and tables list them. */
export const COMPAT_SWITCHES = {
  unknownFields: {
    choices: ['reject', 'strip'],
    description: 'reject: unknown body keys (and PATCH appState keys beyond the two stored ones) are a 400; strip: dropped silently',
    affectsReads: false
  },
  danglingBoundElements: {
    choices: ['allow', 'reject'],
    description: 'allow: a boundElements entry naming no element is kept; reject: 400',
    affectsReads: false
  },
  // Docs and OAS say 10; the official CLI's mock and help say 5.
  pageSize: {
    integer: { minimum: 1, maximum: 100 },
    default: 10,
    description: 'default limit of the offset lists when the query has none',
    affectsReads: true
  },
  // Checked before a read runs (services/access.ts), never part of its answer.
  memberReads: {
    choices: ['deny', 'allow'],
    description: 'deny: reading users, invites and logs needs an admin; allow: any key reads them',
    affectsReads: false
  },
  // Applied when the collection is deleted: the stored rows say the rest.
  collectionDelete: {
    choices: ['trash-scenes', 'keep-scenes'],
    description: 'trash-scenes: deleting a collection trashes its scenes; keep-scenes: they stay readable by id',
    affectsReads: false
  },
  rateLimitBy: {
    choices: ['ip', 'key'],
    description: 'ip: one window per client address; key: one per API key',
    affectsReads: false
  },
  elementChecks: {
    choices: ['basic', 'strict'],
    description: 'basic: the confirmed element rules; strict: also arrowhead names, arrow back-links and fractional index order',
    affectsReads: false
  }
} as const satisfies Record<string, SwitchRow>

type Switches = typeof COMPAT_SWITCHES
type SwitchValue<R> = R extends { readonly choices: readonly string[] } ? R['choices'][number] : number

/** The compatibility switches in force (docs/emulated-api.md, Compatibility switches). */
export type Compat = { -readonly [K in keyof Switches]: SwitchValue<Switches[K]> }

/** Some switches: a PUT body, the `compat` of a new workspace, a per-workspace override. */
export type PartialCompat = Partial<Compat>

export type CompatName = keyof Compat

export const COMPAT_NAMES = Object.keys(COMPAT_SWITCHES) as CompatName[]

const rowOf = (name: CompatName): SwitchRow => COMPAT_SWITCHES[name]

/** A switch's default: its first choice, or its stated default. */
export function switchDefault (row: SwitchRow): string | number {
  return 'choices' in row ? row.choices[0] : row.default
}

export const DEFAULT_COMPAT: Readonly<Compat> = Object.freeze(
  Object.fromEntries(COMPAT_NAMES.map((name) => [name, switchDefault(rowOf(name))])) as Compat)

/** The switches a kept read answer can differ by, in row order. */
export const READ_SWITCHES: readonly CompatName[] = COMPAT_NAMES.filter((name) => rowOf(name).affectsReads)

/** The values of the switches a kept read depends on: part of its key in the read cache. */
export function readSwitchValues (compat: Compat): Array<string | number> {
  return READ_SWITCHES.map((name) => compat[name])
}

/**
 * Parses `name=value,name=value` (EMULATOR_COMPAT, --compat) into switches, or throws an Error whose message says
 * what is wrong and what is allowed; the caller prefixes the variable's name.
 */
export function parseCompatList (text: string): PartialCompat {
  const out: Record<string, string | number> = {}
  for (const item of text.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
    const [name, value, ...rest] = item.split('=').map((part) => part.trim())
    if (value === undefined || rest.length > 0 || name === '') throw new Error(`has "${item}", expected name=value`)
    if (!(COMPAT_NAMES as string[]).includes(name)) throw new Error(`has unknown switch "${name}" (switches: ${COMPAT_NAMES.join(', ')})`)
    out[name] = parseSwitch(name, rowOf(name as CompatName), value)
  }
  return out as PartialCompat
}

function parseSwitch (name: string, row: SwitchRow, value: string): string | number {
  if ('choices' in row) {
    if (!(row.choices as readonly string[]).includes(value)) throw new Error(`${name} must be one of ${row.choices.join(', ')} (got "${value}")`)
    return value
  }
  const { minimum, maximum } = row.integer
  const number = Number(value)
  if (!/^\d+$/.test(value) || number < minimum || number > maximum) throw new Error(`${name} must be an integer ${minimum}..${maximum} (got "${value}")`)
  return number
}
