// The client's keys as the shadow side sees them: each key the client sends (held only as a digest) gets a
// profile learned as parity learns it (profile.ts), from the target's answers to the import and to the client's
// own requests, and the shadow side answers it with an emulator key minted to match that profile.
import { createHash } from 'node:crypto'
import { BEARER_HEADER } from '../../lib/routes.js'
import type { LocalEmulator } from '../local.js'
import { profileOf, type KeyProfile } from '../profile.js'
import type { Answer } from '../types.js'

/** The profile parts a minted key is made of; recordings keep this, never a secret. */
export interface KeyShape { label: string, kind: KeyProfile['kind'], permission: KeyProfile['permission'], role: KeyProfile['role'] }

/** The key of an Authorization header; undefined for none or one that is not a Bearer key. */
export function bearerKey (authorization: string | undefined): string | undefined {
  return authorization === undefined ? undefined : BEARER_HEADER.exec(authorization)?.[1]
}

const digest = (key: string): string => createHash('sha256').update(key).digest('hex')

/** Per route, one answer: a refusal is replaced by the first answer that is not one (a 403 may be about a record). */
interface Known { label: string, observations: Map<string, Answer> }

export interface KeyBook {
  /** Learns from one target answer to a request made with `key` on `route` (`GET /scenes`). */
  observe (key: string, route: string, answer: Answer): void
  /** The profile the key shows so far. */
  shape (key: string): KeyShape
  /** An emulator key for a shape, minted once per shape. */
  emulatorKey (shape: KeyShape): Promise<string>
}

export function createKeyBook (local: LocalEmulator): KeyBook {
  const known = new Map<string, Known>()
  const minted = new Map<string, Promise<string>>()
  const entry = (key: string): Known => {
    const id = digest(key)
    const found = known.get(id) ?? { label: `key ${known.size + 1}`, observations: new Map<string, Answer>() }
    known.set(id, found)
    return found
  }
  return {
    observe (key, route, answer) {
      const { observations } = entry(key)
      const kept = observations.get(route)
      if (kept === undefined || (kept.status === 403 && answer.status !== 403)) observations.set(route, answer)
    },
    shape (key) {
      const { label, observations } = entry(key)
      const { kind, permission, role } = profileOf([...observations].map(([route, answer]) => ({ route, answer })))
      return { label, kind, permission, role }
    },
    emulatorKey (shape) {
      const id = `${shape.kind}/${shape.permission}/${shape.role}`
      const key = minted.get(id) ?? local.mintKey({ kind: shape.kind, permission: shape.permission, role: shape.role, refused: [], allowed: [] })
      minted.set(id, key)
      return key
    }
  }
}
