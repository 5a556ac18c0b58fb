// What the journal keeps of one request, and how it becomes a JournalEntry. Recording is on the path of every public
// request and reading is rare, so a record holds cheap references (epoch ms, the raw URL, body strings) and the work
// of an entry (ISO time, path and query, UTF-8 sizes and cuts) is done when /_emulator/requests reads it.
import type { JournalBody, JournalEntry, JournalMcp } from '../../schemas/journal.js'
import { REDACTED, isSecretParam } from '../../lib/redact.js'

/** A body as kept: short ones as sent (measured on read), long ones already cut (`cut` set). */
export interface KeptBody {
  readonly text: string | null
  readonly contentType: string | null
  readonly cut: { bytes: number, truncated: boolean } | null
}

/** One journaled request as the hooks hand it over. */
export interface JournalRecord {
  /** Arrival on the emulator clock, epoch ms. */
  at: number
  method: string
  /** As requested, query string included. */
  url: string
  route: string | null
  status: number | null
  durationMs: number
  keyId: string | null
  workspaceId: string | null
  latencyMs: number
  fault: JournalEntry['fault']
  drift: string | null
  /** What the chaos sweep served ('sweep 503'), or null. */
  chaos: string | null
  mcp: JournalMcp | null
  request: KeptBody
  response: KeptBody
}

/** Cuts `text` to at most `maxBytes` UTF-8 bytes, never inside a character. */
export function clip (text: string, maxBytes: number): { text: string, bytes: number, truncated: boolean } {
  const bytes = Buffer.byteLength(text, 'utf8')
  if (bytes <= maxBytes) return { text, bytes, truncated: false }
  // Plain ASCII (most JSON) cuts by index; the copy through a buffer keeps a cut from holding on to the whole body
  // (V8 makes a slice a view of its parent string, so a 4 KiB cut of a 10 MB body would keep the 10 MB alive).
  if (bytes === text.length) return { text: Buffer.from(text.slice(0, maxBytes), 'latin1').toString('latin1'), bytes, truncated: true }
  const buffer = Buffer.from(text, 'utf8')
  let end = maxBytes
  // Back off continuation bytes (10xxxxxx) so the cut falls on a character boundary.
  while (end > 0 && (buffer[end] & 0xc0) === 0x80) end--
  return { text: buffer.subarray(0, end).toString('utf8'), bytes: buffer.length, truncated: true }
}

/** The longest body whose cut is remembered for the next identical one. */
const MEMO_MAX_CHARS = 1024 * 1024

/**
 * Whether `body` cuts as `last` did: the same body, or bytes of the same length whose first `maxBytes + 1` bytes (all
 * that clipBuffer reads; all of them for a body that is kept whole) are the same. A kept MCP answer (api/v1/mcp/kept-answers.ts) is new bytes on every call
 * that differ only in the JSON-RPC id at their end: compared here (a memcmp), not decoded and kept again each time.
 */
function cutsAlike (body: string | Buffer, last: string | Buffer | null, maxBytes: number): boolean {
  if (body === last) return true
  if (typeof body === 'string' || typeof last === 'string' || last === null || body.length !== last.length) return false
  const end = Math.min(body.length, maxBytes + 1)
  return body.compare(last, 0, end, 0, end) === 0
}

/**
 * Keeps bodies for the journal, cut to `maxBytes`. A text no longer than `maxBytes` characters is kept as is (its
 * UTF-8 size is only needed on read); a longer one is cut now, so no entry holds more than about `maxBytes`, and bytes
 * are decoded (as far as they are kept). The last cut is remembered: a cached page sent again and again (the same
 * bytes) is decoded and cut once.
 */
export function createBodyKeeper (maxBytes: number): (body: string | Buffer | null, contentType: string | null) => KeptBody {
  let lastBody: string | Buffer | null = null
  let lastCut: KeptBody | null = null
  return (body, contentType) => {
    if (body === null) return { text: null, contentType, cut: null }
    if (typeof body === 'string' && body.length <= maxBytes) return { text: body, contentType, cut: null }
    // A page kept as bytes (api/v1/cached.ts) is sent again and again: decoded once, not on every request.
    if (lastCut === null || !cutsAlike(body, lastBody, maxBytes)) {
      // Pages are small; remembering a large upload would keep it alive until the next one.
      lastBody = body.length <= MEMO_MAX_CHARS ? body : null
      lastCut = cutOf(body, maxBytes)
    }
    return { text: lastCut.text, contentType, cut: lastCut.cut }
  }
}

/** What the journal keeps of a body longer than `maxBytes` characters, or of any body sent as bytes. */
function cutOf (body: string | Buffer, maxBytes: number): KeptBody {
  if (typeof body !== 'string' && body.length <= maxBytes) return { text: body.toString('utf8'), contentType: null, cut: null }
  const { text, bytes, truncated } = typeof body === 'string' ? clip(body, maxBytes) : clipBuffer(body, maxBytes)
  return { text, contentType: null, cut: { bytes, truncated } }
}

/** `clip` for a body sent as bytes (a large cached answer): only the kept bytes are decoded. */
function clipBuffer (body: Buffer, maxBytes: number): { text: string, bytes: number, truncated: true } {
  let end = maxBytes
  // Back off continuation bytes (10xxxxxx) so the cut falls on a character boundary.
  while (end > 0 && (body[end] & 0xc0) === 0x80) end--
  return { text: body.toString('utf8', 0, end), bytes: body.length, truncated: true }
}

/** About what a record holds in memory, for the journal's byte bound: a fixed part plus its strings. */
export const RECORD_OVERHEAD_BYTES = 512
export function sizeOf (record: JournalRecord): number {
  return RECORD_OVERHEAD_BYTES + 2 * (record.url.length + (record.request.text?.length ?? 0) + (record.response.text?.length ?? 0))
}

function bodyOf (kept: KeptBody, maxBytes: number): JournalBody {
  if (kept.text === null) return { text: null, bytes: 0, truncated: false, contentType: kept.contentType }
  if (kept.cut !== null) return { text: kept.text, ...kept.cut, contentType: kept.contentType }
  return { ...clip(kept.text, maxBytes), contentType: kept.contentType }
}

function queryOf (url: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {}
  const at = url.indexOf('?')
  if (at < 0) return query
  for (const [name, given] of new URLSearchParams(url.slice(at + 1))) {
    const value = isSecretParam(name) ? REDACTED : given
    const seen = query[name]
    query[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value]
  }
  return query
}

/** The path of a URL, without its query string. */
export function pathOf (url: string): string {
  const at = url.indexOf('?')
  return at < 0 ? url : url.slice(0, at)
}

/** The entry /_emulator/requests shows for a record. */
export function toEntry (id: number, record: JournalRecord, maxBytes: number): JournalEntry {
  return {
    id,
    time: new Date(record.at).toISOString(),
    method: record.method,
    path: pathOf(record.url),
    route: record.route,
    query: queryOf(record.url),
    status: record.status,
    durationMs: record.durationMs,
    keyId: record.keyId,
    workspaceId: record.workspaceId,
    latencyMs: record.latencyMs,
    fault: record.fault,
    drift: record.drift,
    chaos: record.chaos,
    mcp: record.mcp,
    request: bodyOf(record.request, maxBytes),
    response: bodyOf(record.response, maxBytes)
  }
}
