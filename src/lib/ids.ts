// Id formats of the real service, random by default, reproducible when a seed is given.
import { createHash, randomUUID } from 'node:crypto'
import { customAlphabet } from 'nanoid'
import { createRng, hashString } from './rng.js'

export const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** nanoid's url alphabet: canonical element ids are 21 characters of it. */
export const URL_ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict'
export const CANONICAL_ELEMENT_ID = /^[A-Za-z0-9_-]{21}$/
/** A key's id as audit entries carry it (`source_id`): `key_` and 11 alphanumerics, the form minted keys' ids have. */
export const AUDIT_SOURCE_ID = /^key_[A-Za-z0-9]{11}$/

/**
 * The `source_id` of an audit entry made through `keyId`: the id itself when it has the one form entries use,
 * else a stable id of that form derived from it (fixture keys' readable ids, the demo editor), so every entry
 * carries one id format whoever wrote it. INFER: the service does not publish its key ids' format.
 */
export function auditSourceId (keyId: string): string {
  if (AUDIT_SOURCE_ID.test(keyId)) return keyId
  const digest = createHash('sha256').update(keyId).digest()
  let derived = ''
  for (let i = 0; i < 11; i++) derived += ALPHANUMERIC[digest[i] % ALPHANUMERIC.length]
  return `key_${derived}`
}

export interface IdFactory {
  /** 11 alphanumerics, as scene and collection ids are. */
  shortId(): string
  /** 21 characters of [A-Za-z0-9_-], as canonical element ids are. */
  elementId(): string
  /** RFC 4122 version 4, as log entry ids are. */
  uuid(): string
  /** A secret for a new API key, with the given prefix (`sk-` or `uk-`). */
  keySecret(prefix: string): string
  /** Restarts a seeded sequence (after a reset, ids repeat those of a fresh start); random ids ignore it. */
  reset(): void
  /**
   * Moves a seeded sequence onto a stream derived from `state` (a digest of a reopened database), so a restart
   * on a file database never mints the ids its first run already stored; random ids ignore it.
   */
  continueFrom(state: string): void
}

export function createIdFactory (seed?: number): IdFactory {
  if (seed === undefined) return randomIds()
  let rng = createRng(seed)
  const draw = (alphabet: string, size: number): string => {
    let out = ''
    for (let i = 0; i < size; i++) out += alphabet[rng.int(alphabet.length)]
    return out
  }
  return {
    shortId: () => draw(ALPHANUMERIC, 11),
    elementId: () => draw(URL_ALPHABET, 21),
    uuid: () => formatUuid(draw('0123456789abcdef', 32)),
    keySecret: (prefix) => prefix + draw(ALPHANUMERIC, 32),
    reset: () => { rng = createRng(seed) },
    continueFrom: (state) => { rng = createRng(hashString(state, seed)) }
  }
}

function randomIds (): IdFactory {
  const short = customAlphabet(ALPHANUMERIC, 11)
  const element = customAlphabet(URL_ALPHABET, 21)
  const secret = customAlphabet(ALPHANUMERIC, 32)
  return {
    shortId: () => short(),
    elementId: () => element(),
    uuid: () => randomUUID(),
    keySecret: (prefix) => prefix + secret(),
    reset: () => {},
    continueFrom: () => {}
  }
}

/** Shapes 32 hex digits into a version-4, variant-1 UUID. */
function formatUuid (hex: string): string {
  const variant = '89ab'[parseInt(hex[16], 16) % 4]
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
