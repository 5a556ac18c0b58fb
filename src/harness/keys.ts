// API keys made through the admin API: checked against the workspace, stored hashed, the secret returned once.
import { fail } from '../errors.js'
import type { Clock } from '../lib/clock.js'
import type { IdFactory } from '../lib/ids.js'
import type { Stores } from '../store/index.js'
import type { AdminKey, CreatedKey } from '../schemas/admin.js'
import type { ApiKey, KeyKind, KeyPermission } from '../store/api-keys-store.js'

export interface KeyDeps { stores: Stores, clock: Clock, ids: IdFactory }

export interface KeySpec {
  workspaceId: string
  permission: KeyPermission
  kind: KeyKind
  userId?: string | null
  routes?: string[] | null
  /** Epoch milliseconds. */
  expiresAt?: number | null
  label?: string | null
}

/** Upstream prefixes: workspace keys `sk-`; personal keys `uk-` (house convention, as fixtures). */
const PREFIX: Record<KeyKind, string> = { workspace: 'sk-', personal: 'uk-' }

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())

/** The admin view of a stored key: timestamps as ISO strings, never the secret. */
export function toAdminKey (key: ApiKey): AdminKey {
  return {
    id: key.id,
    workspaceId: key.workspaceId,
    kind: key.kind,
    permission: key.permission,
    userId: key.userId,
    routes: key.routes,
    expiresAt: iso(key.expiresAt),
    revokedAt: iso(key.revokedAt),
    createdAt: new Date(key.createdAt).toISOString(),
    label: key.label,
    hint: key.hint
  }
}

function checkOwner (stores: Stores, spec: KeySpec): string | null {
  const userId = spec.userId ?? null
  if (spec.kind === 'workspace') {
    // INFER: a workspace key belongs to the workspace, not to a person, so a user makes no sense.
    if (userId !== null) fail('EMU_BAD_REQUEST', 'body/userId is only allowed for personal keys')
    return null
  }
  if (userId === null) fail('EMU_BAD_REQUEST', "body must have required property 'userId' for a personal key")
  if (!stores.users.get(spec.workspaceId, userId)) fail('EMU_NOT_FOUND', 'User', userId)
  return userId
}

/** Creates a key; 404 for an unknown workspace or user, 400 for a personal key without a user. */
export function mintKey ({ stores, clock, ids }: KeyDeps, spec: KeySpec): CreatedKey {
  if (!stores.workspaces.getDoc(spec.workspaceId)) fail('EMU_NOT_FOUND', 'Workspace', spec.workspaceId)
  const userId = checkOwner(stores, spec)
  const secret = ids.keySecret(PREFIX[spec.kind])
  const stored = stores.apiKeys.insert({
    id: `key_${ids.shortId()}`,
    secret,
    workspaceId: spec.workspaceId,
    label: spec.label ?? null,
    kind: spec.kind,
    userId,
    permission: spec.permission,
    routes: spec.routes ?? null,
    expiresAt: spec.expiresAt ?? null,
    createdAt: clock.now()
  })
  return { ...toAdminKey(stored), key: secret }
}

/** Revokes a key (idempotent: a revoked key stays revoked at its first time); 404 for an unknown id. */
export function revokeKey ({ stores, clock }: Pick<KeyDeps, 'stores' | 'clock'>, id: string): AdminKey {
  if (!stores.apiKeys.get(id)) fail('EMU_NOT_FOUND', 'API key', id)
  stores.apiKeys.revoke(id, clock.now())
  return toAdminKey(stores.apiKeys.get(id) as ApiKey)
}

/** Keys of a workspace in creation order, revoked ones included; 404 for an unknown workspace. */
export function listKeys ({ stores }: Pick<KeyDeps, 'stores'>, workspaceId: string): AdminKey[] {
  if (!stores.workspaces.getDoc(workspaceId)) fail('EMU_NOT_FOUND', 'Workspace', workspaceId)
  return stores.apiKeys.listForWorkspace(workspaceId).map(toAdminKey)
}
