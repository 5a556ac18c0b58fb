// API keys, stored only as SHA-256 hashes; the secret is seen once, at creation.
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Db } from './database.js'

export type KeyKind = 'workspace' | 'personal'
export type KeyPermission = 'read' | 'full'

export interface ApiKey {
  id: string
  workspaceId: string
  label: string | null
  kind: KeyKind
  userId: string | null
  permission: KeyPermission
  /** `METHOD /path` patterns relative to /api/v1 (OpenAPI braces), or null for every route. */
  routes: string[] | null
  expiresAt: number | null
  revokedAt: number | null
  createdAt: number
  /** The first characters of the secret, enough to recognise a key in lists and journals. */
  hint: string
}

export interface NewApiKey extends Omit<ApiKey, 'revokedAt' | 'hint'> { secret: string }

interface KeyRow {
  id: string
  workspace_id: string
  key_hash: string
  key_hint: string
  label: string | null
  kind: KeyKind
  user_id: string | null
  permission: KeyPermission
  routes: string | null
  expires_at: number | null
  revoked_at: number | null
  created_at: number
}

export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex')
const hintOf = (secret: string): string => secret.slice(0, Math.min(7, secret.length)) + '…'

function toKey (row: KeyRow): ApiKey {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    label: row.label,
    kind: row.kind,
    userId: row.user_id,
    permission: row.permission,
    routes: row.routes === null ? null : JSON.parse(row.routes),
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
    hint: row.key_hint
  }
}

export function createApiKeysStore (db: Db) {
  const insertRow = db.prepare(`INSERT INTO api_keys
    (id, workspace_id, key_hash, key_hint, label, kind, user_id, permission, routes, expires_at, created_at)
    VALUES (@id, @workspaceId, @hash, @hint, @label, @kind, @userId, @permission, @routes, @expiresAt, @createdAt)`)
  const selectByHash = db.prepare('SELECT * FROM api_keys WHERE key_hash = ?')
  const selectById = db.prepare('SELECT * FROM api_keys WHERE id = ?')
  const selectByWorkspace = db.prepare('SELECT * FROM api_keys WHERE workspace_id = ? ORDER BY seq')
  const revokeRow = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
  const revokeForUser = db.prepare(
    'UPDATE api_keys SET revoked_at = ? WHERE workspace_id = ? AND user_id = ? AND revoked_at IS NULL'
  )

  return {
    insert (key: NewApiKey): ApiKey {
      insertRow.run({
        ...key, hash: hashSecret(key.secret), hint: hintOf(key.secret),
        routes: key.routes === null ? null : JSON.stringify(key.routes)
      })
      return toKey(selectById.get(key.id) as KeyRow)
    },
    /**
     * Finds the key for a presented secret. The lookup is by hash, then the hashes are compared
     * in constant time, so response timing says nothing about how much of a secret was right.
     */
    findBySecret (secret: string): ApiKey | undefined {
      const hash = hashSecret(secret)
      const row = selectByHash.get(hash) as KeyRow | undefined
      if (!row) return undefined
      const same = timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(hash, 'hex'))
      return same ? toKey(row) : undefined
    },
    get (id: string): ApiKey | undefined {
      const row = selectById.get(id) as KeyRow | undefined
      return row ? toKey(row) : undefined
    },
    listForWorkspace (workspaceId: string): ApiKey[] {
      return (selectByWorkspace.all(workspaceId) as KeyRow[]).map(toKey)
    },
    revoke (id: string, atMs: number): boolean {
      return revokeRow.run(atMs, id).changes > 0
    },
    /** Removing a user from a workspace revokes that user's personal keys there. */
    revokeForUser (workspaceId: string, userId: string, atMs: number): number {
      return revokeForUser.run(atMs, workspaceId, userId).changes
    }
  }
}
