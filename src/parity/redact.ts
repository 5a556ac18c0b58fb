// --redact-people: names and emails in recorded answers replaced consistently. Stand-ins are given in order of
// first appearance (`Person 1`, `person-1@example.invalid`), never derived from the name, so a recording reveals
// nobody; `parity --verify` redacts the emulator's answers the same way, in the same order, before comparing.
import { isObject } from '../formats/read.js'

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g
/** Names shorter than this are not replaced inside other text (they would hit ordinary words). */
const MIN_NAME = 3

/** A user record's `name` (next to `email`), or a log entry's `user_full_name`. */
const isPersonName = (key: string | undefined, holder: Record<string, unknown> | undefined): boolean =>
  key === 'user_full_name' || (key === 'name' && holder !== undefined && 'email' in holder && ('uid' in holder || 'role' in holder))

/** An MCP tool answers its JSON as text: people inside it are redacted like anywhere else. */
function embeddedJson (text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export type Redactor = (value: unknown) => unknown

export function createRedactor (): Redactor {
  const emails = new Map<string, string>()
  const names = new Map<string, string>()
  const email = (found: string): string => {
    if (!emails.has(found.toLowerCase())) emails.set(found.toLowerCase(), `person-${emails.size + 1}@example.invalid`)
    return emails.get(found.toLowerCase()) as string
  }
  const name = (found: string): string => {
    if (!names.has(found)) names.set(found, `Person ${names.size + 1}`)
    return names.get(found) as string
  }
  /** Known names inside any other text (a team list, a drawing's label), longest first. */
  const knownNames = (text: string): string => [...names.keys()].filter((n) => n.length >= MIN_NAME)
    .sort((a, b) => b.length - a.length)
    .reduce((out, known) => out.split(known).join(names.get(known) as string), text)
  const text = (value: string, key?: string, holder?: Record<string, unknown>): string => {
    if (isPersonName(key, holder)) return name(value)
    const inner = embeddedJson(value)
    if (inner !== undefined) return JSON.stringify(walk(inner))
    return knownNames(value.replace(EMAIL, email))
  }
  const walk = (value: unknown, key?: string, holder?: Record<string, unknown>): unknown => {
    if (typeof value === 'string') return text(value, key, holder)
    if (Array.isArray(value)) return value.map((item) => walk(item))
    if (!isObject(value)) return value
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k, value)]))
  }
  return (value) => walk(value)
}
