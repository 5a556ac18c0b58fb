// Writes an imported workspace as a fixture set (the layout of docs/fixtures.md), with demo keys of
// its own, then proves the emulator loads it: a scene whose content the emulator refuses is reported and left out.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startEmulator } from '../../index.js'
import { isObject } from '../../formats/read.js'
import type { JsonObject } from '../compare/records.js'
import { RunError } from '../types.js'
import type { ImportedScene, ImportedWorkspace } from './reader.js'
import { describeField, unknownFieldIn, withoutUnknown, type UnknownField } from './unknown-fields.js'

export interface DemoKey { secret: string, kind: 'workspace' | 'personal', permission: 'full' | 'read', user?: string, label: string }

export interface SkippedScene { id: string, name: string, reason: string }

export interface WrittenSet { dir: string, workspaceDir: string, keys: DemoKey[], users: number, scenes: number, skipped: SkippedScene[], notes: string[] }

/** A 1×1 transparent PNG: the stand-in for a file the source could not embed (GET lists it in filesFailedToEmbed). */
const PLACEHOLDER_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`
const without = (record: JsonObject, keys: readonly string[]): JsonObject =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)))

export function slug (name: unknown): string {
  const made = String(name ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40)
  return made === '' ? 'workspace' : made
}

/** A content file name from a scene id (ids are opaque: anything unsafe in a file name becomes `_`). */
export const contentFile = (sceneId: string): string => `${sceneId.replace(/[^A-Za-z0-9_-]/g, '_')}.excalidraw`

/** Users made from the workspace's roles when the key may not read users: the ids and roles are real, the rest placeholders. */
function usersFromRoles (workspace: JsonObject): JsonObject[] {
  const roles = isObject(workspace.roles) ? workspace.roles : {}
  return Object.entries(roles).map(([id, role], i) => ({
    created: workspace.created, uid: id, id, picture: null, email: `user-${i + 1}@imported.invalid`, name: `User ${i + 1}`, updated: null, workspaceTeams: {}, role
  }))
}

/** sk-demo-full, sk-demo-read, uk-demo-personal (an admin), uk-demo-member: never the source key. */
export function demoKeys (users: JsonObject[], sourceKey: string): DemoKey[] {
  const admin = users.find((u) => u.role === 'admin')?.id as string | undefined
  const member = users.find((u) => u.role === 'member')?.id as string | undefined
  const keys: DemoKey[] = [
    { secret: 'sk-demo-full', kind: 'workspace', permission: 'full', label: 'workspace key, full' },
    { secret: 'sk-demo-read', kind: 'workspace', permission: 'read', label: 'workspace key, read only' },
    ...(admin === undefined
      ? []
      : [{ secret: 'uk-demo-personal', kind: 'personal' as const, permission: 'full' as const, user: admin, label: 'personal key of an admin' }]),
    ...(member === undefined
      ? []
      : [{ secret: 'uk-demo-member', kind: 'personal' as const, permission: 'full' as const, user: member, label: 'personal key of a member' }])
  ]
  return keys.map((key) => key.secret === sourceKey ? { ...key, secret: `${key.secret}-imported` } : key)
}

function sceneEntry (scene: ImportedScene, privateOwner: string | undefined): JsonObject {
  const metadata = scene.record.metadata as JsonObject
  const link = (l: unknown) => isObject(l) ? without(l, ['scene', 'workspace']) : l
  const failed = Array.isArray(scene.content?.filesFailedToEmbed) ? scene.content.filesFailedToEmbed as string[] : []
  return {
    id: metadata.id,
    name: metadata.name,
    collection: metadata.collection,
    ...(metadata.collection === 'private' ? { owner: privateOwner ?? metadata.creator } : {}),
    pinned: metadata.pinned === true,
    content: contentFile(String(metadata.id)),
    created: metadata.created,
    creator: metadata.creator ?? null,
    metadata: without(metadata, ['id', 'workspace', 'name', 'collection', 'pinned', 'created', 'creator']),
    readOnlyLinks: Array.isArray(scene.record.readOnlyLinks) ? scene.record.readOnlyLinks.map(link) : [],
    sharedSlidesLinks: Array.isArray(scene.record.sharedSlidesLinks) ? scene.record.sharedSlidesLinks.map(link) : [],
    ...(failed.length > 0 ? { unavailableFiles: failed } : {})
  }
}

/** The `.excalidraw` file: a file the source could not embed gets a placeholder, listed as unavailable. */
function contentOf (content: JsonObject): JsonObject {
  const files = isObject(content.files) ? { ...content.files } : {}
  const failed = Array.isArray(content.filesFailedToEmbed) ? content.filesFailedToEmbed as string[] : []
  for (const id of failed) files[id] ??= { id, mimeType: 'image/png', dataURL: PLACEHOLDER_PNG, created: 1 }
  return { type: content.type, version: content.version, source: content.source, elements: content.elements, appState: content.appState, files }
}

function writeScenes (wsDir: string, scenes: readonly ImportedScene[], privateOwner: string | undefined, write: (file: string, value: unknown) => void): void {
  mkdirSync(join(wsDir, 'content'), { recursive: true })
  for (const scene of scenes) {
    const id = String((scene.record.metadata as JsonObject).id)
    writeFileSync(join(wsDir, 'content', contentFile(id)), json(contentOf(scene.content as JsonObject)))
  }
  write('scenes.json', scenes.map((scene) => sceneEntry(scene, privateOwner)))
}

function writeFiles (
  wsDir: string, data: ImportedWorkspace, users: JsonObject[], keys: DemoKey[], scenes: readonly ImportedScene[], unknown: readonly UnknownField[]
): void {
  const privateOwner = data.collections.find((c) => c.id === 'private')?.creator as string | undefined
  const write = (file: string, value: unknown): void => writeFileSync(join(wsDir, file), json(withoutUnknown(file, value, unknown)))
  mkdirSync(wsDir, { recursive: true })
  write('workspace.json', without(data.workspace, ['users', 'roles']))
  write('users.json', users)
  write('collections.json', data.collections.filter((c) => c.id !== 'private'))
  write('invites.json', data.invites ?? [])
  write('logs.json', [...(data.logs ?? [])].reverse())
  write('keys.json', keys.map((key) => ({ id: `key_${key.secret.replace(/[^A-Za-z0-9]+/g, '_')}`, ...without(key as unknown as JsonObject, ['label']), label: key.label })))
  writeScenes(wsDir, scenes, privateOwner, write)
}

type Refusal = { scene: string, reason: string } | { field: UnknownField }

/** Starts an emulator on the set; what it refused (a scene's content, a field it does not know), or undefined when it loads. */
async function refusal (dir: string): Promise<Refusal | undefined> {
  try {
    const running = await startEmulator({ fixturesDir: dir, renderer: false, logLevel: 'silent', journalSize: 0 })
    await running.close()
    return undefined
  } catch (error) {
    const message = (error as Error).message
    const field = unknownFieldIn(message)
    if (field !== undefined) return { field }
    const file = /content[/\\]([^/\\\s]+)\.excalidraw/.exec(message)
    if (file === null) throw new RunError(`the emulator cannot load the imported workspace: ${message.replaceAll(dir, '<out>')}`)
    return { scene: file[1], reason: message.slice(message.indexOf(file[0]) + file[0].length).replace(/^:\s*/, '') }
  }
}

/** The import never writes over anything: --out must be new or empty (checked before the first request too). */
export function checkOut (out: string): void {
  if (existsSync(out) && readdirSync(out).length > 0) throw new RunError(`--out ${out} exists and is not empty: give a new folder`)
}

/** Writes the set into a sibling folder, drops the scenes the emulator refuses, then moves it to `out`. */
export async function writeFixtureSet (out: string, data: ImportedWorkspace, sourceKey: string): Promise<WrittenSet> {
  checkOut(out)
  const users = data.users ?? usersFromRoles(data.workspace)
  const keys = demoKeys(users, sourceKey)
  const skipped: SkippedScene[] = data.scenes.filter((s) => s.content === undefined).map((s) => ({
    id: String((s.record.metadata as JsonObject).id), name: String((s.record.metadata as JsonObject).name), reason: s.failure ?? 'no content'
  }))
  let scenes = data.scenes.filter((s) => s.content !== undefined)
  const unknown: UnknownField[] = []
  const staging = `${out}.partial-${process.pid}`
  const wsDir = join(staging, slug(data.workspace.name))
  try {
    for (;;) {
      rmSync(staging, { recursive: true, force: true })
      writeFiles(wsDir, data, users, keys, scenes, unknown)
      const refused = await refusal(staging)
      if (refused === undefined) break
      if ('field' in refused) {
        if (unknown.some((f) => describeField(f) === describeField(refused.field))) throw new RunError(`the emulator cannot load the imported ${refused.field.file}: ${describeField(refused.field)}`)
        unknown.push(refused.field)
        continue
      }
      const scene = scenes.find((s) => contentFile(String((s.record.metadata as JsonObject).id)) === `${refused.scene}.excalidraw`)
      if (scene === undefined) throw new RunError(`the emulator cannot load the imported content file ${refused.scene}.excalidraw: ${refused.reason}`)
      skipped.push({ id: String((scene.record.metadata as JsonObject).id), name: String((scene.record.metadata as JsonObject).name), reason: `the emulator refuses its content: ${refused.reason}` })
      scenes = scenes.filter((s) => s !== scene)
    }
    if (existsSync(out)) rmSync(out, { recursive: true })
    renameSync(staging, out)
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
  const notes = data.users === null ? [`${data.unread.users === 404 ? 'GET /workspaces/users answered 404 (the service does not offer users)' : 'the key may not read users'}: users.json holds placeholders made from the workspace's roles`] : []
  for (const field of unknown) notes.push(`dropped ${describeField(field)}: a field the emulator does not know (an addition to the API?); the rest of each record is kept`)
  return { dir: out, workspaceDir: join(out, slug(data.workspace.name)), keys, users: users.length, scenes: scenes.length, skipped, notes }
}
