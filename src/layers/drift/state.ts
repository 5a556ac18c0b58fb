// Drift control state: the settings drift runs with now (EMULATOR_DRIFT_* at start, PUT /_emulator/drift later),
// the position in the seeded stream, and the ledger of what a run was exposed to. Read by pipeline.ts, changed by routes.ts.
import { ConfigError, describeVariable, type Config } from '../../config/index.js'
import { DriftProfileError, readDriftProfile, type DriftProfile, type LearnedChange } from '../../formats/drift-profile.js'
import { DRIFT_KINDS, driftKindNames, isDriftKindName, unknownKindsMessage } from './kinds/index.js'
import type { ControlPart } from '../control-part.js'
import { LEARNED_KIND } from './learned.js'

/** Used when neither EMULATOR_DRIFT_SEED nor EMULATOR_SEED is set: a fixed seed, so runs still repeat exactly. */
export const DEFAULT_DRIFT_SEED = 0

export interface DriftSettings {
  enabled: boolean
  seed: number
  /** Share of eligible responses perturbed in random mode, 0..1. */
  rate: number
  /** Kinds random mode draws from, in DRIFT_KINDS order; every kind when not configured. */
  kinds: string[]
}

/** A change of settings: keys left out keep their value; `kinds: null` means every kind. */
export interface DriftSettingsPatch {
  enabled?: boolean
  seed?: number
  rate?: number
  kinds?: string[] | null
}

export interface DriftCounts {
  /** Responses drift considered (see rest.ts and pipeline.ts for what is eligible). */
  eligible: number
  /** Of those, responses it changed. */
  perturbed: number
  /** Perturbed responses by kind (a response changed by two kinds counts once for each). */
  byKind: Record<string, number>
}

export interface DriftLedger extends DriftCounts {
  /** Counts by route, keyed 'GET /api/v1/scenes/{sceneId}'. */
  byRoute: Record<string, DriftCounts>
}

export interface DriftKindInfo { name: string, breaking: boolean, description: string }

export interface DriftControl extends ControlPart {
  settings (): DriftSettings
  /** settings().enabled, without copying the settings: read on every response. */
  enabled (): boolean
  /** Applies a validated patch (see checkPatch) and restarts the stream; returns the new settings. */
  update (patch: DriftSettingsPatch): DriftSettings
  /** The index of the next response in the seeded global stream (0, 1, 2...). */
  nextStreamIndex (): number
  /** Counts one eligible response: `changes` null (or empty) when drift left it alone. */
  record (routeKey: string, changes: readonly string[] | null): void
  ledger (): DriftLedger
  /** Every kind with its description (the catalogue GET /_emulator/drift/kinds lists). */
  kinds (): DriftKindInfo[]
  /** Empties the ledger and restarts the stream; returns the ledger as it was. */
  clearLedger (): DriftLedger
  /** The drift profile loaded at start (EMULATOR_DRIFT_PROFILE), if any. */
  readonly profile: DriftProfile | undefined
  /** The profile's changes for one operation ('GET /api/v1/scenes/{sceneId}'), or undefined when it names none. */
  learned (routeKey: string): readonly LearnedChange[] | undefined
}

/** The kind names of `names` that do not exist, in order, without repeats. */
export function unknownKinds (names: readonly string[]): string[] {
  return [...new Set(names.filter((name) => !isDriftKindName(name)))]
}

/** Every kind with its description and whether a strict client breaks on it, in DRIFT_KINDS order. */
export function driftKindCatalogue (): DriftKindInfo[] {
  return DRIFT_KINDS.map(({ name, breaking, description }) => ({ name, breaking, description }))
}

/** The error text of a patch, or undefined when it can be applied (types and ranges are the schema's job). */
export function checkPatch (patch: DriftSettingsPatch): string | undefined {
  if (patch.rate !== undefined && !(patch.rate >= 0 && patch.rate <= 1)) return 'body/rate must be between 0 and 1'
  if (patch.kinds === undefined || patch.kinds === null) return undefined
  if (patch.kinds.length === 0) return 'body/kinds must name at least one kind (null means every kind)'
  const unknown = unknownKinds(patch.kinds)
  return unknown.length > 0 ? `body/kinds: ${unknownKindsMessage(unknown)}` : undefined
}

/** Requested names as a set in DRIFT_KINDS order, so ['b', 'a', 'b'] and ['a', 'b'] read (and draw) alike. */
function normaliseKinds (kinds: readonly string[] | null | undefined): string[] {
  if (kinds === undefined || kinds === null) return [...driftKindNames]
  return driftKindNames.filter((name) => kinds.includes(name))
}

/** Settings from the validated configuration; unknown EMULATOR_DRIFT_KINDS names fail start-up with one line. */
export function configuredSettings (config: Config): DriftSettings {
  const unknown = unknownKinds(config.driftKinds ?? [])
  if (unknown.length > 0) throw new ConfigError(`Invalid configuration: ${describeVariable('EMULATOR_DRIFT_KINDS')} has ${unknownKindsMessage(unknown)}`)
  return {
    enabled: config.drift,
    seed: config.driftSeed ?? config.seed ?? DEFAULT_DRIFT_SEED,
    rate: config.driftRate,
    kinds: normaliseKinds(config.driftKinds)
  }
}

/** The profile EMULATOR_DRIFT_PROFILE names; a file that cannot be read or is not a profile fails start-up with one line. */
export function configuredProfile (config: Config): DriftProfile | undefined {
  if (config.driftProfile === undefined) return undefined
  try {
    return readDriftProfile(config.driftProfile)
  } catch (error) {
    if (!(error instanceof DriftProfileError)) throw error
    throw new ConfigError(`Invalid configuration: ${describeVariable('EMULATOR_DRIFT_PROFILE')} ${error.message}`)
  }
}

/** Ledger keys: the kinds in DRIFT_KINDS order, then the profile's. */
const LEDGER_KINDS = [...driftKindNames, LEARNED_KIND]

const emptyCounts = (): DriftCounts => ({ eligible: 0, perturbed: 0, byKind: {} })

function count (counts: DriftCounts, kinds: readonly string[]): void {
  counts.eligible++
  if (kinds.length === 0) return
  counts.perturbed++
  for (const kind of kinds) counts.byKind[kind] = (counts.byKind[kind] ?? 0) + 1
}

/** The kinds named by '<kind> <pointer>' changes, once each, in order of first appearance. */
export function kindsOf (changes: readonly string[]): string[] {
  return [...new Set(changes.map((change) => change.split(' ')[0]))]
}

/** Counts keyed in DRIFT_KINDS order, so a ledger reads the same whatever order the responses came in. */
function ordered (counts: DriftCounts): DriftCounts {
  const byKind = Object.fromEntries(LEDGER_KINDS.filter((name) => name in counts.byKind).map((name) => [name, counts.byKind[name]]))
  return { eligible: counts.eligible, perturbed: counts.perturbed, byKind }
}

/** The ledger's counts: what drift considered and changed, in total and by route. */
function createLedger (): Pick<DriftControl, 'record' | 'ledger'> & { clear: () => void } {
  let totals = emptyCounts()
  let byRoute = new Map<string, DriftCounts>()
  return {
    record (routeKey, changes) {
      const kinds = kindsOf(changes ?? [])
      count(totals, kinds)
      const route = byRoute.get(routeKey) ?? emptyCounts()
      byRoute.set(routeKey, route)
      count(route, kinds)
    },
    ledger () {
      const routes = [...byRoute.keys()].sort().map((key) => [key, ordered(byRoute.get(key) as DriftCounts)])
      return { ...ordered(totals), byRoute: Object.fromEntries(routes) }
    },
    clear () {
      totals = emptyCounts()
      byRoute = new Map()
    }
  }
}

/** The settings drift runs with now, and the position in their seeded stream (restarted by any change of them). */
function createSettings (initial: DriftSettings): Pick<DriftControl, 'settings' | 'enabled' | 'update' | 'nextStreamIndex'> & {
  restartStream: () => void
  reset: () => void
} {
  let settings = { ...initial }
  let stream = 0
  const current = (): DriftSettings => ({ ...settings, kinds: [...settings.kinds] })
  return {
    settings: current,
    enabled: () => settings.enabled,
    update (patch) {
      const { kinds, ...rest } = patch
      const given = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined))
      settings = { ...settings, ...given, kinds: kinds === undefined ? settings.kinds : normaliseKinds(kinds) }
      // New settings start a new stream: what follows depends only on them and on the requests after them.
      stream = 0
      return current()
    },
    nextStreamIndex: () => stream++,
    restartStream () { stream = 0 },
    reset () { settings = { ...initial } }
  }
}

export function createDriftControl (config: Config): DriftControl {
  const settings = createSettings(configuredSettings(config))
  const profile = configuredProfile(config)
  const byOperation = new Map(profile?.operations.map(({ operation, changes }) => [operation, changes]))
  const counts = createLedger()
  const clearLedger = (): DriftLedger => {
    const before = counts.ledger()
    counts.clear()
    settings.restartStream()
    return before
  }
  return {
    settings: settings.settings,
    enabled: settings.enabled,
    update: settings.update,
    nextStreamIndex: settings.nextStreamIndex,
    record: counts.record,
    ledger: counts.ledger,
    kinds: driftKindCatalogue,
    clearLedger,
    profile,
    learned: (routeKey) => byOperation.get(routeKey),
    reset () {
      settings.reset()
      clearLedger()
    }
  }
}
