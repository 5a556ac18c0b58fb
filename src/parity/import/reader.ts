// Reads a key's workspace through the public API, as far as the key may read: every page of collections, scenes
// (and each scene's content), users, invites and audit-log entries. Paced like a parity run.
import type { ApiClient } from '../client.js'
import { isObject } from '../../formats/read.js'
import type { JsonObject } from '../compare/records.js'
import { firstAnswerCheck, firstContact } from '../target-check.js'
import { RunError, type Answer } from '../types.js'

export interface ImportedScene {
  record: JsonObject
  /** The content as GET answered it; absent when it could not be read (then `failure` says why). */
  content?: JsonObject
  failure?: string
}

export interface ImportedWorkspace {
  workspace: JsonObject
  /** null: the key may not read users (the fixture's users are then made from the workspace's roles). */
  users: JsonObject[] | null
  collections: JsonObject[]
  scenes: ImportedScene[]
  invites: JsonObject[] | null
  logs: JsonObject[] | null
  /** Why a list is null: 403 (the key may not read it) or 404 (the service does not have it). */
  unread: Partial<Record<'users' | 'invites' | 'logs', number>>
}

/** A list the key may not read (403) or the service does not have (404): placeholders, not a failed import. */
const UNREADABLE = new Set([403, 404])

const PAGE = '100'

function unexpected (path: string, answer: Answer): RunError {
  return new RunError(`GET ${path} answered ${answer.status}${answer.json ? ` ${JSON.stringify(answer.body).slice(0, 200)}` : ''}`)
}

/** Every item of an offset-paged list; its status when it cannot be read (403, 404). */
async function readPages (client: ApiClient, path: string): Promise<JsonObject[] | number> {
  const items: JsonObject[] = []
  for (let offset = 0; ;) {
    const answer = await client.send({ method: 'GET', path, query: { limit: PAGE, offset: String(offset) } })
    if (UNREADABLE.has(answer.status)) return answer.status
    const page = answer.body as { data?: unknown, hasNextPage?: unknown }
    if (answer.status !== 200 || !Array.isArray(page?.data)) throw unexpected(path, answer)
    items.push(...page.data.filter(isObject))
    if (page.hasNextPage !== true || page.data.length === 0) return items
    offset += page.data.length
  }
}

/** Every audit-log entry, newest first, following the cursor; its status when it cannot be read (403, 404). */
async function readLogs (client: ApiClient): Promise<JsonObject[] | number> {
  const entries: JsonObject[] = []
  for (let cursor: string | undefined; ;) {
    const answer = await client.send({ method: 'GET', path: '/logs', query: { limit: PAGE, ...(cursor === undefined ? {} : { cursor }) } })
    if (UNREADABLE.has(answer.status)) return answer.status
    const page = answer.body as { logs?: unknown, nextCursor?: unknown, hasMore?: unknown }
    if (answer.status !== 200 || !Array.isArray(page?.logs)) throw unexpected('/logs', answer)
    entries.push(...page.logs.filter(isObject))
    if (page.hasMore !== true || typeof page.nextCursor !== 'string') return entries
    cursor = page.nextCursor
  }
}

async function readScene (client: ApiClient, record: JsonObject): Promise<ImportedScene> {
  const id = String((record.metadata as JsonObject).id)
  try {
    const answer = await client.send({ method: 'GET', path: `/scenes/${encodeURIComponent(id)}/content` })
    if (answer.status === 200 && isObject(answer.body)) return { record, content: answer.body }
    return { record, failure: `GET /scenes/${id}/content answered ${answer.status}` }
  } catch (error) {
    return { record, failure: (error as Error).message }
  }
}

export async function readWorkspace (client: ApiClient, onProgress: (line: string) => void): Promise<ImportedWorkspace> {
  const first = await firstContact(async () => await client.send({ method: 'GET', path: '/workspaces' }))
  firstAnswerCheck(client.baseUrl)(first)
  if (first.status !== 200) throw new RunError('the key may not read its workspace (GET /workspaces answered 403): import needs a key that can')
  const collections = await readPages(client, '/collections')
  const sceneRecords = await readPages(client, '/scenes')
  if (typeof collections === 'number' || typeof sceneRecords === 'number') {
    throw new RunError(`the key may not list collections and scenes (GET ${typeof collections === 'number' ? `/collections answered ${collections}` : `/scenes answered ${String(sceneRecords)}`}): import needs a key that can`)
  }
  onProgress(`read ${collections.length} collections and ${sceneRecords.length} scenes; reading their content`)
  const scenes: ImportedScene[] = []
  for (const record of sceneRecords.filter((r) => isObject(r.metadata))) scenes.push(await readScene(client, record))
  const lists = { users: await readPages(client, '/workspaces/users'), invites: await readPages(client, '/workspaces/invites'), logs: await readLogs(client) }
  const unread: ImportedWorkspace['unread'] = {}
  for (const [name, list] of Object.entries(lists)) if (typeof list === 'number') unread[name as keyof typeof lists] = list
  const items = (list: JsonObject[] | number): JsonObject[] | null => typeof list === 'number' ? null : list
  return { workspace: first.body as JsonObject, users: items(lists.users), collections, scenes, invites: items(lists.invites), logs: items(lists.logs), unread }
}
