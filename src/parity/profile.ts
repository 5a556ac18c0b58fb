// What the target key may do, read from the target's answers to the probes, and the emulator key that matches:
// same kind (workspace or personal), same permission, the same role for a personal key, and, when the target
// refuses more than that explains, the same route restrictions.
import { recordId } from './compare/records.js'
import type { KeyReport } from './report.js'
import type { Answer } from './types.js'

export interface KeyProfile {
  kind: 'workspace' | 'personal'
  permission: 'read' | 'full'
  /** The role of a personal key's user (a workspace key acts as an admin). */
  role: 'admin' | 'member'
  /** Probed routes (`GET /scenes/{sceneId}`) the target answered 403. */
  refused: string[]
  /** Probed routes it did not refuse. */
  allowed: string[]
}

export type ProbeAnswers = ReadonlyArray<{ route: string, answer: Answer }>

const isWrite = (route: string): boolean => !route.startsWith('GET ')

function listsPrivate (answer: Answer | undefined): boolean {
  const data = (answer?.body as { data?: unknown } | null)?.data
  return Array.isArray(data) && data.some((item) => recordId(item) === 'private')
}

/** A personal key's user is a member when admin-only routes refuse it while the others do not. */
function roleOf (refused: Set<string>, allowed: Set<string>): 'admin' | 'member' {
  if (refused.has('PATCH /workspaces') && allowed.has('POST /collections')) return 'member'
  if (refused.has('GET /workspaces/users') && allowed.has('GET /scenes') && !allowed.has('POST /collections')) return 'member'
  return 'admin'
}

export function profileOf (probes: ProbeAnswers): KeyProfile {
  const refused = probes.filter((p) => p.answer.status === 403).map((p) => p.route)
  const allowed = probes.filter((p) => p.answer.status !== 403).map((p) => p.route)
  const kind = listsPrivate(probes.find((p) => p.route === 'GET /collections')?.answer) ? 'personal' : 'workspace'
  const permission = allowed.some(isWrite) ? 'full' : 'read'
  const role = kind === 'personal' ? roleOf(new Set(refused), new Set(allowed)) : 'admin'
  return { kind, permission, role, refused, allowed }
}

/** The routes a key must be restricted to: none when the emulator key already refuses all the target refuses. */
export function routesToRestrict (target: KeyProfile, emulator: KeyProfile): string[] | undefined {
  const emulatorRefuses = new Set(emulator.refused)
  return target.refused.every((route) => emulatorRefuses.has(route)) ? undefined : target.allowed
}

/** The permission a report may state: a --read-only run sends no write probes, so it cannot tell read from full. */
export function statedPermission (profile: KeyProfile, readOnly: boolean): KeyProfile['permission'] | 'not probed' {
  return readOnly ? 'not probed' : profile.permission
}

/** `workspace key, full permission`, `personal key of a member, permission not probed (--read-only), restricted to 3 routes`. */
export function describeProfile (profile: KeyProfile, routes?: readonly string[], readOnly = false): string {
  const who = profile.kind === 'personal' ? `personal key of ${profile.role === 'admin' ? 'an admin' : 'a member'}` : 'workspace key'
  const limited = routes === undefined ? '' : `, restricted to ${routes.length} routes`
  const permission = readOnly ? 'permission not probed (--read-only sends no writes)' : `${profile.permission} permission`
  return `${who}, ${permission}${limited}`
}

/** The key as the report states it (never the key itself). */
export function keyReport (profile: KeyProfile, routes: readonly string[] | undefined, readOnly: boolean): KeyReport {
  return {
    kind: profile.kind,
    permission: statedPermission(profile, readOnly),
    role: profile.role,
    ...(routes === undefined ? {} : { restrictedTo: [...routes] }),
    refused: [...profile.refused]
  }
}
