// The compatibility switches as plain types and their defaults, without TypeBox: the package's public types
// (Config, startEmulator's options) name these, so a user's type-check needs no schema library. schemas/compat.ts
// holds the schema and checks at compile time that it describes exactly these types.

/** The values of each enumerated switch; the first is the default (the highest-trust source that speaks). */
export const COMPAT_CHOICES = {
  unknownFields: ['reject', 'strip'],
  danglingBoundElements: ['allow', 'reject'],
  memberReads: ['deny', 'allow'],
  collectionDelete: ['trash-scenes', 'keep-scenes'],
  rateLimitBy: ['ip', 'key'],
  elementChecks: ['basic', 'strict']
} as const

type Choice<K extends keyof typeof COMPAT_CHOICES> = typeof COMPAT_CHOICES[K][number]

/** The compatibility switches (docs/emulated-api.md, Compatibility switches). */
export interface Compat {
  unknownFields: Choice<'unknownFields'>
  danglingBoundElements: Choice<'danglingBoundElements'>
  /** Default `limit` of the offset lists, 1..100. */
  pageSize: number
  memberReads: Choice<'memberReads'>
  collectionDelete: Choice<'collectionDelete'>
  rateLimitBy: Choice<'rateLimitBy'>
  elementChecks: Choice<'elementChecks'>
}

/** Some switches: a PUT body, the `compat` of a new workspace, a per-workspace override. */
export type PartialCompat = Partial<Compat>

/** Docs and OAS say 10; the official CLI's mock and help say 5. */
export const DEFAULT_PAGE_SIZE = 10

export const DEFAULT_COMPAT: Readonly<Compat> = Object.freeze({
  unknownFields: 'reject',
  danglingBoundElements: 'allow',
  pageSize: DEFAULT_PAGE_SIZE,
  memberReads: 'deny',
  collectionDelete: 'trash-scenes',
  rateLimitBy: 'ip',
  elementChecks: 'basic'
})
