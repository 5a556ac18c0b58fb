// The request journal: a ring buffer of the last EMULATOR_JOURNAL_SIZE public requests, newest first on read.
// Written by plugin.ts, read and cleared by routes.ts (/_emulator/requests), emptied by POST /_emulator/reset.
import type { JournalEntry, JournalQuery } from '../../schemas/journal.js'
import type { ControlPart } from '../control-part.js'
import { API_PREFIX } from '../../lib/routes.js'

export const DEFAULT_JOURNAL_LIMIT = 100

export type NewJournalEntry = Omit<JournalEntry, 'id'>

/** Set on an MCP request by its route (api/v1/mcp/): the JSON-RPC method and tool the journal records. */
export const kMcpCall = Symbol('emulator.mcpCall')
export interface McpCall { method: string, tool: string | null }

declare module 'fastify' {
  interface FastifyRequest {
    [kMcpCall]?: McpCall
  }
}

export interface JournalControl extends ControlPart {
  /** Most entries kept; 0 = off (nothing is recorded). */
  readonly capacity: number
  /** Most bytes kept of each body. */
  readonly bodyBytes: number
  push (entry: NewJournalEntry): void
  list (query: JournalQuery): { total: number, data: JournalEntry[] }
  /** Empties the journal; ids keep counting. Returns how many entries were dropped. */
  clear (): number
}

export function createJournalControl (capacity: number, bodyBytes: number): JournalControl {
  let ring: JournalEntry[] = []
  let next = 0
  let lastId = 0
  const clear = (): number => {
    const count = ring.length
    ring = []
    next = 0
    return count
  }
  return {
    capacity,
    bodyBytes,
    push (entry) {
      if (capacity === 0) return
      ring[next] = { id: ++lastId, ...entry }
      next = (next + 1) % capacity
    },
    list (query) {
      // The ring holds entries in arrival order from `next`: rotate, then newest first.
      const ordered = [...ring.slice(next), ...ring.slice(0, next)].reverse()
      const matching = ordered.filter(matcher(query))
      return { total: matching.length, data: matching.slice(0, query.limit ?? DEFAULT_JOURNAL_LIMIT) }
    },
    clear,
    reset () {
      clear()
      lastId = 0
    }
  }
}

function matcher (query: JournalQuery): (entry: JournalEntry) => boolean {
  const method = query.method?.toUpperCase()
  const prefix = query.path === undefined ? undefined : fullPath(query.path)
  return (entry) =>
    (query.workspaceId === undefined || entry.workspaceId === query.workspaceId) &&
    (method === undefined || entry.method === method) &&
    (query.status === undefined || entry.status === query.status) &&
    (query.afterId === undefined || entry.id > query.afterId) &&
    (prefix === undefined || underPrefix(entry.path, prefix))
}

/** `/scenes` and `/api/v1/scenes` name the same thing: journaled paths always carry the prefix. */
function fullPath (path: string): string {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  if (trimmed === API_PREFIX || trimmed.startsWith(API_PREFIX + '/')) return trimmed
  return trimmed === '/' ? API_PREFIX : API_PREFIX + (trimmed.startsWith('/') ? '' : '/') + trimmed
}

/** A prefix by whole segments: /api/v1/scenes covers /api/v1/scenes/x but not /api/v1/scenesx. */
function underPrefix (path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix + '/')
}

/** Cuts `text` to at most `maxBytes` UTF-8 bytes, never inside a character. */
export function clip (text: string, maxBytes: number): { text: string, bytes: number, truncated: boolean } {
  const bytes = Buffer.byteLength(text, 'utf8')
  if (bytes <= maxBytes) return { text, bytes, truncated: false }
  // Plain ASCII (most JSON) cuts by index without copying; anything else through a buffer, on a character boundary.
  if (bytes === text.length) return { text: text.slice(0, maxBytes), bytes, truncated: true }
  const buffer = Buffer.from(text, 'utf8')
  if (buffer.length <= maxBytes) return { text, bytes: buffer.length, truncated: false }
  let end = maxBytes
  // Back off continuation bytes (10xxxxxx) so the cut falls on a character boundary.
  while (end > 0 && (buffer[end] & 0xc0) === 0x80) end--
  return { text: buffer.subarray(0, end).toString('utf8'), bytes: buffer.length, truncated: true }
}
