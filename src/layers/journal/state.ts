// The request journal: the last EMULATOR_JOURNAL_SIZE public requests, and no more than EMULATOR_JOURNAL_MAX_BYTES
// of them, newest first on read. Written by plugin.ts (and by the demo editor's saves, admin/ui/editor-journal.ts
// through app.control.journal), read and cleared by routes.ts (/_emulator/requests), emptied
// by POST /_emulator/reset. Records turn into entries only when read (record.ts).
import type { JournalEntry, JournalQuery } from '../../schemas/journal.js'
import type { Config } from '../../config/types.js'
import type { ControlPart } from '../control-part.js'
import { API_PREFIX } from '../../lib/routes.js'
import { createBodyKeeper, pathOf, sizeOf, toEntry, type JournalRecord, type KeptBody } from './record.js'

export { clip, type JournalRecord } from './record.js'

export const DEFAULT_JOURNAL_LIMIT = 100

/**
 * The journal's settings, named as in Config: most entries kept (0 = off, nothing is recorded); most bytes kept of
 * each body; most bytes (about) all entries may hold, the oldest going first (the newest entry is always kept).
 */
export type JournalSettings = Pick<Config, 'journalSize' | 'journalBodyBytes' | 'journalMaxBytes'>

export interface JournalControl extends ControlPart {
  readonly capacity: number
  readonly bodyBytes: number
  readonly maxBytes: number
  /** A body as the journal keeps it (cut when long); for records about to be pushed. */
  keepRequestBody (body: string | Buffer | null, contentType: string | null): KeptBody
  /** A Buffer body is decoded only as far as it is kept: a large answer sent as bytes is not decoded whole. */
  keepResponseBody (body: string | Buffer | null, contentType: string | null): KeptBody
  push (record: JournalRecord): void
  list (query: JournalQuery): { total: number, data: JournalEntry[] }
  /** Empties the journal; ids keep counting. Returns how many entries were dropped. */
  clear (): number
}

interface Kept { id: number, record: JournalRecord, size: number }

export function createJournalControl ({ journalSize, journalBodyBytes, journalMaxBytes }: JournalSettings): JournalControl {
  // Oldest first from `head`: a queue that drops from the front without shifting the array on every push.
  let kept: Kept[] = []
  let head = 0
  let bytes = 0
  let lastId = 0
  const dropOldest = (): void => {
    bytes -= kept[head].size
    kept[head++] = undefined as unknown as Kept
    if (head > 1024 && head * 2 > kept.length) { kept = kept.slice(head); head = 0 }
  }
  const clear = (): number => {
    const count = kept.length - head
    kept = []
    head = 0
    bytes = 0
    return count
  }
  return {
    capacity: journalSize,
    bodyBytes: journalBodyBytes,
    maxBytes: journalMaxBytes,
    keepRequestBody: createBodyKeeper(journalBodyBytes),
    keepResponseBody: createBodyKeeper(journalBodyBytes),
    push (record) {
      if (journalSize === 0) return
      const entry = { id: ++lastId, record, size: sizeOf(record) }
      kept.push(entry)
      bytes += entry.size
      while (kept.length - head > journalSize || (bytes > journalMaxBytes && kept.length - head > 1)) dropOldest()
    },
    list (query) {
      const matches = matcher(query)
      const limit = query.limit ?? DEFAULT_JOURNAL_LIMIT
      const data: JournalEntry[] = []
      let total = 0
      for (let i = kept.length - 1; i >= head; i--) {
        if (!matches(kept[i])) continue
        total++
        if (data.length < limit) data.push(toEntry(kept[i].id, kept[i].record, journalBodyBytes))
      }
      return { total, data }
    },
    clear,
    reset () {
      clear()
      lastId = 0
    }
  }
}

function matcher (query: JournalQuery): (kept: Kept) => boolean {
  const method = query.method?.toUpperCase()
  const prefix = query.path === undefined ? undefined : fullPath(query.path)
  return ({ id, record }) =>
    (query.workspaceId === undefined || record.workspaceId === query.workspaceId) &&
    (method === undefined || record.method === method) &&
    (query.status === undefined || record.status === query.status) &&
    (query.afterId === undefined || id > query.afterId) &&
    (prefix === undefined || underPrefix(pathOf(record.url), prefix))
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
