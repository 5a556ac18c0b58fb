// The compatibility switches: one named setting for each point where the sources disagree, so a client can
// be tested against both readings. Global (EMULATOR_COMPAT, PUT /_emulator/compat) and per workspace.
import { Type, type Static } from 'typebox'
import { COMPAT_CHOICES, type Compat, type PartialCompat } from './compat-settings.js'
import type { Agree, Same } from '../lib/type-equality.js'

export { COMPAT_CHOICES, DEFAULT_COMPAT, DEFAULT_PAGE_SIZE, type Compat, type PartialCompat } from './compat-settings.js'

const compatProperties = {
  unknownFields: Type.Enum(COMPAT_CHOICES.unknownFields, { description: 'reject: unknown body keys (and PATCH appState keys beyond the two stored ones) are a 400; strip: dropped silently' }),
  danglingBoundElements: Type.Enum(COMPAT_CHOICES.danglingBoundElements, { description: 'allow: a boundElements entry naming no element is kept; reject: 400' }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, description: 'default limit of the offset lists when the query has none' }),
  memberReads: Type.Enum(COMPAT_CHOICES.memberReads, { description: 'deny: reading users, invites and logs needs an admin; allow: any key reads them' }),
  collectionDelete: Type.Enum(COMPAT_CHOICES.collectionDelete, { description: 'trash-scenes: deleting a collection trashes its scenes; keep-scenes: they stay readable by id' }),
  rateLimitBy: Type.Enum(COMPAT_CHOICES.rateLimitBy, { description: 'ip: one window per client address; key: one per API key' }),
  elementChecks: Type.Enum(COMPAT_CHOICES.elementChecks, { description: 'basic: the confirmed element rules; strict: also arrowhead names, arrow back-links and fractional index order' })
}

export const CompatSchema = Type.Object(compatProperties, { additionalProperties: false })
export type CompatName = keyof Compat

/** Some switches: a PUT body, the `compat` of a new workspace, a per-workspace override. */
export const PartialCompatSchema = Type.Partial(CompatSchema, { additionalProperties: false })

/** The schemas describe exactly the plain types of compat-settings.ts: a difference fails the type-check here. */
type _CompatTypesAgree = Agree<Same<Static<typeof CompatSchema>, Compat> | Same<Static<typeof PartialCompatSchema>, PartialCompat>>

export const COMPAT_NAMES = Object.keys(compatProperties) as CompatName[]

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
    out[name] = name === 'pageSize' ? parsePageSize(value) : parseChoice(name as keyof typeof COMPAT_CHOICES, value)
  }
  return out as PartialCompat
}

function parsePageSize (value: string): number {
  const size = Number(value)
  if (!/^\d+$/.test(value) || size < 1 || size > 100) throw new Error(`pageSize must be an integer 1..100 (got "${value}")`)
  return size
}

function parseChoice (name: keyof typeof COMPAT_CHOICES, value: string): string {
  const allowed: readonly string[] = COMPAT_CHOICES[name]
  if (!allowed.includes(value)) throw new Error(`${name} must be one of ${allowed.join(', ')} (got "${value}")`)
  return value
}
