// The compatibility switches' schema (PUT /_emulator/compat, a workspace's `compat`, the Config schema), built from
// the rows of compat.ts, and checked at compile time to describe exactly the plain types there.
import { Type, type Static, type TEnum, type TInteger } from 'typebox'
import { COMPAT_NAMES, COMPAT_SWITCHES, type Compat, type PartialCompat, type SwitchRow } from './compat.js'
import type { Agree, Same } from '../lib/type-equality.js'

type Switches = typeof COMPAT_SWITCHES
type SwitchSchema<R> = R extends { readonly choices: readonly [...infer C extends string[]] } ? TEnum<C> : TInteger

function switchSchema (row: SwitchRow): TEnum<string[]> | TInteger {
  return 'choices' in row
    ? Type.Enum([...row.choices], { description: row.description })
    : Type.Integer({ ...row.integer, description: row.description })
}

const compatProperties = Object.fromEntries(COMPAT_NAMES.map((name) => [name, switchSchema(COMPAT_SWITCHES[name])])) as
  { [K in keyof Switches]: SwitchSchema<Switches[K]> }

export const CompatSchema = Type.Object(compatProperties, { additionalProperties: false })

/** Some switches: a PUT body, the `compat` of a new workspace, a per-workspace override. */
export const PartialCompatSchema = Type.Partial(CompatSchema, { additionalProperties: false })

/** The schemas describe exactly the plain types of compat.ts: a difference fails the type-check here. */
type _CompatTypesAgree = Agree<Same<Static<typeof CompatSchema>, Compat> | Same<Static<typeof PartialCompatSchema>, PartialCompat>>
