// Loads a fixture set: one folder per workspace with JSON records and `.excalidraw` scene content.
// Everything is validated at load, so a broken fixture fails start-up with the file and record named.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { Type, type Static, type TSchema } from 'typebox'
import { Value } from 'typebox/value'
import { CollectionSchema, type Collection } from '../schemas/collections.js'
import { InviteSchema, type Invite } from '../schemas/invites.js'
import { LogEntrySchema, type LogEntry } from '../schemas/logs.js'
import { WorkspaceUserSchema, type WorkspaceUser } from '../schemas/users.js'
import { WorkspaceSchema } from '../schemas/workspaces.js'
import type { WorkspaceDoc } from '../store/workspaces-store.js'
import { FixtureError, FixtureSceneSchema, buildFixtureScene, type FixtureScene } from './fixture-scenes.js'
import { fixtureSetDigest } from './verified-fixtures.js'

export { FixtureError }

export const FixtureKeySchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  secret: Type.String({ minLength: 8 }),
  label: Type.Optional(Type.String()),
  kind: Type.Union([Type.Literal('workspace'), Type.Literal('personal')]),
  permission: Type.Union([Type.Literal('read'), Type.Literal('full')]),
  user: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  routes: Type.Optional(Type.Union([Type.Array(Type.String()), Type.Null()])),
  expiresAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  revoked: Type.Optional(Type.Boolean())
}, { additionalProperties: false })
export type FixtureKey = Static<typeof FixtureKeySchema>

/** The keys a caller can use as they are at `now`: not revoked, not expired, not limited to some routes. */
export function usableKeys (keys: readonly FixtureKey[], now: number): FixtureKey[] {
  return keys.filter((k) => k.revoked !== true && (k.expiresAt == null || Date.parse(k.expiresAt) > now) && k.routes == null)
}

export interface FixtureWorkspace {
  dir: string
  workspace: WorkspaceDoc
  users: WorkspaceUser[]
  keys: FixtureKey[]
  collections: Collection[]
  scenes: FixtureScene[]
  invites: Invite[]
  logs: LogEntry[]
}

export interface FixtureSet { name: string, dir: string, workspaces: FixtureWorkspace[] }

const WorkspaceDocSchema = Type.Omit(WorkspaceSchema, ['users', 'roles'])

function readJson (file: string): unknown {
  if (!existsSync(file)) throw new FixtureError(`Fixture file missing: ${file}`)
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new FixtureError(`Fixture file is not valid JSON: ${file}: ${(error as Error).message}`)
  }
}

/**
 * Fixture records are few and read once: checked interpreted, without compiling a validator (compiling cost
 * start-up time), and not at all in a set the build verified (harness/verified-fixtures.ts).
 */
function check<T extends TSchema> (schema: T, value: unknown, where: string, checked: boolean): Static<T> {
  if (!checked || Value.Check(schema, value)) return value as Static<T>
  const first = Value.Errors(schema, value)[0]
  if (first) throw new FixtureError(`${where}${first.instancePath} ${first.message}`)
  return value as Static<T>
}

function readList<T extends TSchema> (
  dir: string, name: string, item: T, checked: boolean, fill: (v: Record<string, unknown>) => unknown = (v) => v
): Array<Static<T>> {
  const file = join(dir, name)
  if (!existsSync(file)) return []
  const list = readJson(file)
  if (!Array.isArray(list)) throw new FixtureError(`${file} must hold a JSON array`)
  return list.map((value, i) => check(item, fill(value as Record<string, unknown>), `${file}[${i}]`, checked))
}

function loadWorkspace (setDir: string, dir: string, checked: boolean): FixtureWorkspace {
  const workspace = check(WorkspaceDocSchema, readJson(join(dir, 'workspace.json')), join(dir, 'workspace.json'), checked)
  const ws = { workspace: workspace.id }
  const users = readList(dir, 'users.json', WorkspaceUserSchema, checked)
  const keys = readList(dir, 'keys.json', FixtureKeySchema, checked)
  const collections = readList(dir, 'collections.json', CollectionSchema, checked, (c) => ({ ...ws, ...c }))
  const invites = readList(dir, 'invites.json', InviteSchema, checked)
  const logs = readList(dir, 'logs.json', LogEntrySchema, checked, (l) => ({ workspace_id: workspace.id, ...l }))
  const sceneInputs = readList(dir, 'scenes.json', FixtureSceneSchema, checked)
  const scenes = sceneInputs.map((input, i) => buildFixtureScene(input, {
    workspaceId: workspace.id, dirs: [join(dir, 'content'), join(setDir, 'content')], where: `${join(dir, 'scenes.json')}[${i}]`, checked
  }))
  const loaded = { dir, workspace, users, keys, collections, scenes, invites, logs }
  checkRelations(loaded)
  return loaded
}

/** Cross-record rules: one default collection, known users and collections, unique ids. */
function checkRelations (ws: FixtureWorkspace): void {
  const where = ws.dir
  const userIds = new Set(ws.users.map((u) => u.id))
  const collectionIds = new Set(ws.collections.map((c) => c.id))
  const defaults = ws.collections.filter((c) => c.isDefault === true)
  if (defaults.length !== 1) throw new FixtureError(`${where}: exactly one collection must have isDefault: true (found ${defaults.length})`)
  if (!ws.users.some((u) => u.role === 'admin')) throw new FixtureError(`${where}: at least one user must be an admin`)
  for (const key of ws.keys) {
    if (key.kind === 'personal' && (!key.user || !userIds.has(key.user))) throw new FixtureError(`${where}/keys.json: personal key ${key.id} needs a "user" of this workspace`)
  }
  for (const scene of ws.scenes) {
    const { collection } = scene.record.metadata
    if (collection === 'private' ? !userIds.has(scene.ownerId ?? '') : !collectionIds.has(collection)) {
      throw new FixtureError(`${where}/scenes.json: scene ${scene.record.metadata.id} names unknown collection or owner "${collection}"`)
    }
  }
  for (const [kind, ids] of [
    ['user', ws.users.map((u) => u.id)], ['collection', [...collectionIds]], ['scene', ws.scenes.map((s) => s.record.metadata.id)]
  ] as const) {
    if (new Set(ids).size !== ids.length) throw new FixtureError(`${where}: duplicate ${kind} id`)
  }
}

/** Throws the loader's error for a fixture folder that is not there (before anything hashes it). */
export function assertFixtureFolder (dir: string): void {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new FixtureError(`Fixture folder not found: ${dir} (the bundled sets are named default and minimal)`)
}

/**
 * Loads every workspace folder of a fixture set (folders without workspace.json are skipped). A set whose files
 * have a digest in `verified` (checked by the build, harness/verified-fixtures.ts; `digest` when the caller has it
 * already, so the files are not hashed twice) skips the shape checks; the cross-record rules, which are cheap, always run.
 */
export function loadFixtureSet (dir: string, verified: ReadonlySet<string> = new Set(), digest?: string): FixtureSet {
  assertFixtureFolder(dir)
  const checked = verified.size === 0 || !verified.has(digest ?? fixtureSetDigest(dir))
  const workspaceDirs = readdirSync(dir).sort()
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isDirectory() && existsSync(join(path, 'workspace.json')))
  if (workspaceDirs.length === 0) throw new FixtureError(`Fixture folder has no workspace (a sub-folder with workspace.json): ${dir}`)
  const workspaces = workspaceDirs.map((wsDir) => loadWorkspace(dir, wsDir, checked))
  const secrets = workspaces.flatMap((w) => w.keys.map((k) => k.secret))
  if (new Set(secrets).size !== secrets.length) throw new FixtureError(`${dir}: two keys share a secret`)
  return { name: basename(dir), dir, workspaces }
}
