// Database images of the bundled fixture sets, made at build by the bundle's own code (scripts/fixture-images.mjs
// runs this module as dist/build-fixture-images.js): a fresh process's first in-memory start opens one instead of
// loading, checking and seeding the set. An image is used only by the build that made it, on the very fixture files
// and schema it was made from, with the store settings it was seeded under; anything else seeds as before.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { basename, isAbsolute, join, relative } from 'node:path'
import { Type } from 'typebox'
import { Value } from 'typebox/value'
import { BUILD_ID } from '../lib/build-id.js'
import type { Agree, Same } from '../lib/type-equality.js'
import { openDatabase, sqliteVersion } from '../store/database.js'
import { createStores, type StoreSettings } from '../store/index.js'
import { MIGRATIONS } from '../store/migrations/index.js'
import type { StoredContent } from '../content/index.js'
import type { FixtureScene } from './fixture-scenes.js'
import { loadFixtureSet, type FixtureSet, type FixtureWorkspace } from './fixtures.js'
import { seedFixtureSet } from './seed.js'
import { folderRecords, recordDigests, type FileRecord } from './file-digests.js'
import { fixtureSetDigest } from './verified-fixtures.js'

/** What an image is valid for: all of it must equal the start's own, or the image is not used. */
export interface ImageKey {
  /** The build that made it (lib/build-id.ts): another build's code may seed differently. */
  build: string
  /** The SQLite version it was made with: the build id covers the bundled JS only, not better-sqlite3's library. */
  sqlite: string
  /** The schema version (the number of migrations) it was made at. */
  schema: number
  /** The set's folder name, which seeding stores as each workspace's fixture set. */
  set: string
  /** The digest of the set's files (verified-fixtures.ts). */
  digest: string
  /** The store settings it was seeded under, in STORE_SETTINGS order. */
  settings: number[]
}

/** Every store setting, in the order an image key lists them: the type-check fails when StoreSettings gains one. */
const STORE_SETTINGS = ['auditLogMax', 'sceneTombstonesMax', 'readCacheMaxBytes'] as const
export type StoreSettingsListed = Agree<Same<(typeof STORE_SETTINGS)[number], keyof StoreSettings>>

/** The store settings as an image key lists them. */
export const settingsOf = (settings: StoreSettings): number[] => STORE_SETTINGS.map((name) => settings[name])

/** A scene as an image's manifest stores it: its content as the JSON text, parsed only when a start reads it. */
type StoredScene = Omit<FixtureScene, 'content'> & { contentText: string }

/**
 * A fixture set whose paths are relative to its folder (the folder moves with the package), as an image stores it:
 * the scenes' contents, most of the manifest, as text (a start that opens the image reads none of them).
 */
type PortableSet = Omit<FixtureSet, 'dir' | 'workspaces'> & { workspaces: Array<Omit<FixtureWorkspace, 'scenes'> & { scenes: StoredScene[] }> }

/** The image file's length and sha256: a truncated or damaged file is refused before SQLite reads any of it. */
export interface ImageBytes { length: number, sha256: string }

/** An image's description: its key, its bytes' check, the loaded set, and its files' stat signatures and digests when made. */
export interface Manifest { key: ImageKey, image: ImageBytes, fixtures: PortableSet, files: FileRecord[] }

const bytesOf = (image: Buffer): ImageBytes => ({ length: image.length, sha256: createHash('sha256').update(image).digest('hex') })

/** A set and the image of the database it seeds. */
export interface FixtureImage { fixtures: FixtureSet, image: Buffer }

export function imageKey (dir: string, digest: string, settings: StoreSettings, build: string, sqlite = sqliteVersion()): ImageKey {
  return { build, sqlite, schema: MIGRATIONS.length, set: basename(dir), digest, settings: settingsOf(settings) }
}

const sameKey = (a: ImageKey, b: ImageKey): boolean => JSON.stringify(a) === JSON.stringify(b)

/**
 * Whether every file the set read lies in its folder, which the digest covers (a scene may name `../x.excalidraw`),
 * compared as real paths: a content file that is a link to one outside the folder reads outside it.
 */
export function readsOnlyInside (fixtures: FixtureSet): boolean {
  const dir = realpathSync(fixtures.dir)
  return fixtures.workspaces.every((workspace) => workspace.scenes.every(({ contentFile }) => {
    if (contentFile === null) return true
    const path = relative(dir, realpathSync(contentFile))
    return !path.startsWith('..') && !isAbsolute(path)
  }))
}

/** The set with each path it holds (workspace folders, scene content files) mapped by `path`, and each scene by `scene`. */
function mapSet<From extends { contentFile: string | null }, To> (
  fixtures: { name: string, workspaces: Array<Omit<FixtureWorkspace, 'scenes'> & { scenes: From[] }> },
  path: (p: string) => string, scene: (s: From) => To
): { name: string, workspaces: Array<Omit<FixtureWorkspace, 'scenes'> & { scenes: To[] }> } {
  return {
    ...fixtures,
    workspaces: fixtures.workspaces.map((workspace) => ({
      ...workspace,
      dir: path(workspace.dir),
      scenes: workspace.scenes.map((s) => scene({ ...s, contentFile: s.contentFile === null ? null : path(s.contentFile) }))
    }))
  }
}

function portable ({ dir, ...fixtures }: FixtureSet): PortableSet {
  return mapSet(fixtures, (path) => relative(dir, path).split('\\').join('/'), ({ content, ...scene }) => ({ ...scene, contentText: JSON.stringify(content) }))
}

/**
 * A stored scene with its content parsed on first read (seeding a workspace again: a reset, a restore, a copy), then
 * kept: every read answers the same object, as the loaded set's one content object per scene does.
 */
function withLazyContent ({ contentText, ...scene }: StoredScene): FixtureScene {
  let content: StoredContent | undefined
  return Object.defineProperty(scene, 'content', { enumerable: true, get: () => (content ??= JSON.parse(contentText) as StoredContent) }) as FixtureScene
}

const placed = (fixtures: PortableSet, dir: string): FixtureSet => ({ ...mapSet(fixtures, (path) => join(dir, path), withLazyContent), dir })

/**
 * Writes `<set>.json` (its key and the loaded set) and `<set>.sqlite` (the seeded database) into `outDir` for each
 * set, each loaded with every check; a set that reads files outside its folder gets none. Returns the sets written.
 */
export function writeFixtureImages (outDir: string, dirs: readonly string[], settings: StoreSettings, build: string | null = BUILD_ID): string[] {
  if (build === null) throw new Error('fixture images are made by the bundle (dist/build-fixture-images.js), whose build id they carry')
  mkdirSync(outDir, { recursive: true })
  const written: string[] = []
  for (const dir of dirs) {
    const fixtures = loadFixtureSet(dir)
    if (!readsOnlyInside(fixtures)) continue
    const db = openDatabase(':memory:')
    try {
      seedFixtureSet(createStores(db, settings), fixtures)
      const image = db.serialize()
      const key = imageKey(dir, fixtureSetDigest(dir), settings, build)
      const manifest: Manifest = { key, image: bytesOf(image), fixtures: portable(fixtures), files: folderRecords(dir) }
      writeFileSync(join(outDir, `${basename(dir)}.sqlite`), image)
      writeFileSync(join(outDir, `${basename(dir)}.json`), JSON.stringify(manifest))
      written.push(basename(dir))
    } finally {
      db.close()
    }
  }
  return written
}

/**
 * What a manifest must hold to be used: its key, image check and file records whole, and of the set the paths `placed`
 * maps and the scenes' content text (the rest is the loaded set the same build wrote, used as it is). Checked with TypeBox's own checker, which
 * the start loads anyway (fixtures.ts): no ajv engine at start.
 */
const ManifestSchema = Type.Object({
  key: Type.Object({
    build: Type.String(), sqlite: Type.String(), schema: Type.Integer(), set: Type.String(), digest: Type.String(), settings: Type.Array(Type.Number())
  }),
  image: Type.Object({ length: Type.Integer({ minimum: 0 }), sha256: Type.String() }),
  fixtures: Type.Object({
    workspaces: Type.Array(Type.Object({
      dir: Type.String(),
      scenes: Type.Array(Type.Object({ contentFile: Type.Union([Type.String(), Type.Null()]), contentText: Type.String() }))
    }))
  }),
  files: Type.Array(Type.Tuple([Type.String(), Type.String(), Type.String()]))
})

/**
 * The manifest of the image made at build for a set of this folder's name, or undefined (none, or not of this shape); its file records become
 * known digests of the folder's files (file-digests.ts), so the start's digest hashes only what changed since.
 */
export function readManifest (imagesDir: string, dir: string): Manifest | undefined {
  const file = join(imagesDir, `${basename(dir)}.json`)
  if (!existsSync(file)) return undefined
  try {
    const manifest: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (!Value.Check(ManifestSchema, manifest)) return undefined
    recordDigests(dir, manifest.files)
    return manifest as Manifest
  } catch {
    return undefined
  }
}

/**
 * The image a manifest describes, when its key is exactly `key` and its bytes are the ones written (length and
 * sha256: damage to any page, the last ones too, which SQLite would only meet at a later read); or undefined.
 */
export function readFixtureImage (imagesDir: string, dir: string, manifest: Manifest, key: ImageKey): FixtureImage | undefined {
  if (!sameKey(manifest.key, key)) return undefined
  try {
    const image = readFileSync(join(imagesDir, `${key.set}.sqlite`))
    const bytes = bytesOf(image)
    if (bytes.length !== manifest.image.length || bytes.sha256 !== manifest.image.sha256) return undefined
    return { fixtures: placed(manifest.fixtures, dir), image }
  } catch {
    return undefined
  }
}
