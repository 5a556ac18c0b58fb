// Credentials a client hands the tools, and the one mask every writer of parity/ applies (reports, recordings,
// profiles, fixtures, printed lines): each secret learned from a request is replaced by MASK wherever it appears
// as text, and values carried under a credential's name (a query's `api_key`, a body's `token`: lib/redact.ts's
// list, the one the emulator's own log and journal use) are masked by name.
import { parseCookie } from 'cookie'
import { isSecretParam, redactUrl } from '../lib/redact.js'

export const MASK = '[the key]'

/**
 * Shorter cookie values and fields found by name are not searched for as free text (a cookie `theme=dark` would
 * mask every "dark"); they are still masked where they are carried, by name. A credential header's value is a
 * credential whatever its length, and is always searched for. INFER: real keys are far longer than 8 characters.
 */
export const MIN_SECRET_LENGTH = 8

/** Headers that carry a credential. INFER: `api-key`, `x-auth-token`, `x-access-token` are common spellings. */
export const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set([
  'authorization', 'proxy-authorization', 'x-api-key', 'api-key', 'x-auth-token', 'x-access-token', 'cookie'
])

const long = (secret: string): boolean => secret.length >= MIN_SECRET_LENGTH

/**
 * The secrets in an Authorization value: the whole value, the token after any scheme, Basic's decoded parts (its
 * halves only when long enough: a user name `api` would mask every `/api/v1`). A scheme alone carries nothing.
 */
function authorizationSecrets (value: string): string[] {
  const trimmed = value.trim()
  const spaced = /^([A-Za-z][\w.+-]*)\s+(.+)$/.exec(trimmed)
  if (spaced === null) return /^(basic|bearer|token|digest)$/i.test(trimmed) ? [] : [trimmed]
  const [, scheme, token] = spaced
  if (scheme.toLowerCase() !== 'basic') return [trimmed, token]
  const decoded = Buffer.from(token, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  // Basic carries `user:password`; services that take a key often put it in either half.
  return colon < 0 ? [trimmed, token, decoded] : [trimmed, token, decoded, ...[decoded.slice(0, colon), decoded.slice(colon + 1)].filter(long)]
}

function cookieSecrets (value: string): string[] {
  const raw = Object.values(parseCookie(value, { decode: (text) => text }))
  const decoded = Object.values(parseCookie(value))
  return [...raw, ...decoded].filter((item): item is string => item !== undefined)
}

function headerSecrets (name: string, value: string): string[] {
  if (name === 'cookie') return cookieSecrets(value).filter(long)
  if (name === 'authorization' || name === 'proxy-authorization') return authorizationSecrets(value)
  return [value.trim()]
}

/** Values under a credential's name anywhere in a parsed JSON body, long enough to search for. */
export function credentialsInBody (value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) credentialsInBody(item, found)
  else if (typeof value === 'object' && value !== null) {
    for (const [name, item] of Object.entries(value)) {
      if (isSecretParam(name) && typeof item === 'string') found.push(item)
      else credentialsInBody(item, found)
    }
  }
  return found.filter(long)
}

export interface CredentialSource {
  /** Path and query as sent (`/api/v1/scenes?api_key=…`). */
  url: string
  /** Raw header pairs, names as sent. */
  rawHeaders: readonly string[]
}

/**
 * Every credential a request carries in a header that carries one (whatever its length, cookies aside) or in the
 * query (long enough to search for): cheap enough to run before a request is forwarded. A body's are read where it
 * is parsed anyway (credentialsInBody).
 */
export function credentialsOf (request: CredentialSource): string[] {
  const found: string[] = []
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i].toLowerCase()
    if (CREDENTIAL_HEADERS.has(name)) found.push(...headerSecrets(name, request.rawHeaders[i + 1]))
  }
  const query = request.url.indexOf('?')
  if (query >= 0) for (const [name, value] of new URLSearchParams(request.url.slice(query + 1))) if (isSecretParam(name) && long(value)) found.push(value)
  return [...new Set(found)].filter((secret) => secret !== '')
}

/** `/scenes?api_key=abc&limit=2` → `/scenes?api_key=%5Bthe%20key%5D&limit=2`: lib/redact's names, parity's mask. */
export const maskCredentialParams = (path: string): string => redactUrl(path, encodeURIComponent(MASK))

/**
 * Every `path` of a JSON value (a report's or a profile's requests) with its credential parameters masked by name:
 * what `learn` can still do for a report written before the shadow masked them, without the secrets themselves.
 */
export function maskRequestPaths<T> (value: T): T {
  const walk = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(walk)
    if (typeof item !== 'object' || item === null) return item
    return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, k === 'path' && typeof v === 'string' ? maskCredentialParams(v) : walk(v)]))
  }
  return walk(value) as T
}

/** A request as it is written (a recording's step): credential headers dropped, credential fields masked by name. */
export function maskRequestByName<T extends { query?: Record<string, unknown>, headers?: Record<string, string>, body?: unknown }> (request: T): T {
  const byName = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(byName)
    if (typeof value !== 'object' || value === null) return value
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSecretParam(k) && typeof v === 'string' ? MASK : byName(v)]))
  }
  const headers = request.headers === undefined
    ? undefined
    : Object.fromEntries(Object.entries(request.headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())))
  return {
    ...request,
    ...(request.query === undefined ? {} : { query: byName(request.query) }),
    ...(headers === undefined ? {} : { headers }),
    ...(request.body === undefined ? {} : { body: byName(request.body) })
  }
}

/** The forms a secret takes in written text: as sent, percent-encoded, form-encoded, escaped inside JSON. */
function spellings (secret: string): string[] {
  return [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2), JSON.stringify(secret).slice(1, -1)]
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export interface SecretMask {
  /** The text with every secret masked. */
  text (text: string): string
  /** Every string (and object key) of a JSON value masked. */
  value<T>(value: T): T
}

/**
 * One mask over a set of secrets the caller may keep adding to (the shadow learns keys as clients send them): the
 * pattern is rebuilt when the set has grown. Longest spellings first, so a secret holding another goes whole. Every
 * secret in the set is masked, whatever its length: a key given on the command line is one for sure.
 */
export function secretMask (secrets: ReadonlySet<string>): SecretMask {
  let size = -1
  let pattern: RegExp | undefined
  const current = (): RegExp | undefined => {
    if (secrets.size === size) return pattern
    size = secrets.size
    const all = [...new Set([...secrets].filter((s) => s !== '').flatMap(spellings))].sort((a, b) => b.length - a.length)
    pattern = all.length === 0 ? undefined : new RegExp(all.map(escapeRegExp).join('|'), 'g')
    return pattern
  }
  const text = (value: string): string => {
    const found = current()
    return found === undefined ? value : value.replace(found, MASK)
  }
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value)
    if (Array.isArray(value)) return value.map(walk)
    if (typeof value !== 'object' || value === null) return value
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [text(k), walk(v)]))
  }
  return { text, value: <T>(value: T) => walk(value) as T }
}

/** Printed lines (stdout, stderr) through the mask: a message may quote what a target echoed. */
export function maskedIo<T extends { out: (text: string) => void, err: (text: string) => void }> (io: T, mask: SecretMask): T {
  return { ...io, out: (text: string) => io.out(mask.text(text)), err: (text: string) => io.err(mask.text(text)) }
}
