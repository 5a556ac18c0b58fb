// What a database needs at start, decided in one place: the fixture set loaded and verified, the database opened,
// then an empty one seeded with the set, or a persistent one already holding data used as it is, its seeded id
// stream continued from what it stores instead of starting over and minting ids that exist. An in-memory database
// is opened from an image of the same set instead when there is one: kept by this process, or made at build.
import type { Config } from '../config/types.js'
import { BUILD_ID } from '../lib/build-id.js'
import type { IdFactory } from '../lib/ids.js'
import { FIXTURE_IMAGES_DIR, RUNS_FROM_CHECKOUT, VERIFIED_FIXTURES_FILE } from '../package-files.js'
import { idDigest, isEmpty, openDatabase, openImage, sqliteVersion, type Db } from '../store/database.js'
import { createStores, type StoreSettings, type Stores } from '../store/index.js'
import { imageKey, readFixtureImage, readManifest, readsOnlyInside, type FixtureImage, type ImageKey, type Manifest } from './fixture-images.js'
import { assertFixtureFolder, loadFixtureSet, type FixtureSet } from './fixtures.js'
import { seedFixtureSet } from './seed.js'
import { fixtureSetDigest, readVerifiedDigests } from './verified-fixtures.js'

/** The settings boot reads: where the fixtures and the database are, and the stores' own bounds. */
export type BootSettings = Pick<Config, 'fixturesDir' | 'dbPath'> & StoreSettings

/** A database ready for the first request, with the fixture set it started from. */
export interface StartingDatabase {
  fixtures: FixtureSet
  db: Db
  stores: Stores
  /** Seeded from the fixtures (an empty database), or continued (one holding data). */
  start: 'seeded' | 'continued'
  /** Seeded by opening an image: one this process kept, or the build's; absent when seeded or continued here. */
  image?: 'process' | 'build'
}

const WHERE = RUNS_FROM_CHECKOUT ? 'checkout' : 'package'

/** Where the build's images are and which build this code is: tests name their own. */
export interface BuiltImages { dir: string, build: string | null }
const BUILT: BuiltImages = { dir: FIXTURE_IMAGES_DIR, build: BUILD_ID }

/**
 * Per process, the images of in-memory databases seeded (or opened from the build's image) so far, with the fixture
 * set each came from: a later start with the same fixture files (their digest) and store settings opens a copy
 * instead of loading and seeding again (a test suite starts many emulators in one process). Never stale: the digest
 * is of the files as they are at this start, the code that seeded it is this process's own, and a set whose scenes
 * read a content file from outside its folder (which the digest does not cover) keeps no image. At most
 * KEPT_IMAGES (100 to 420 KB each), least recently used dropped: a suite closes each emulator before its next start,
 * so an image dropped when its last app closed would serve no one.
 */
const KEPT_IMAGES = 4
const keptImages = new Map<string, FixtureImage>()
/** In-memory starts in this process so far, this one included: the first keeps no image, so a process that starts once pays nothing. */
let memoryStarts = 0

/** A kept image's name: the folder (its paths are in the set), the files' digest and the store settings (as the key lists them). */
const keptName = (settings: BootSettings, key: ImageKey): string => JSON.stringify([settings.fixturesDir, key.digest, key.settings])

const keepsImageOf = (dir: string): boolean => [...keptImages.keys()].some((name) => (JSON.parse(name) as unknown[])[0] === dir)

function keep (key: string, kept: FixtureImage): void {
  keptImages.delete(key)
  keptImages.set(key, kept)
  if (keptImages.size > KEPT_IMAGES) keptImages.delete(keptImages.keys().next().value as string)
}

/** The in-memory database a kept or built image gives, or undefined (then the set is loaded and seeded). */
function fromImage (key: ImageKey, settings: BootSettings, built: BuiltImages, manifest: Manifest | undefined): StartingDatabase | undefined {
  const name = keptName(settings, key)
  let kept = keptImages.get(name)
  let image: StartingDatabase['image'] = 'process'
  if (kept === undefined && manifest !== undefined) {
    kept = readFixtureImage(built.dir, settings.fixturesDir, manifest, key)
    image = 'build'
  }
  if (kept === undefined) return undefined
  let db: Db | undefined
  try {
    db = openImage(kept.image, WHERE)
    const stores = createStores(db, settings)
    // The build's image is kept only from the process's second in-memory start on: one that starts once holds none.
    if (image === 'process' || memoryStarts > 1) keep(name, kept)
    return { fixtures: kept.fixtures, db, stores, start: 'seeded', image }
  } catch {
    // An image SQLite cannot open (damaged past the manifest's check, or kept from a failed write): seed instead.
    db?.close()
    keptImages.delete(name)
    return undefined
  }
}

/**
 * Loads and verifies the fixture set (a FixtureError before any database is opened), opens the database, then seeds
 * or continues; an in-memory start opens a kept or built image of the same set instead when there is one. Closes the
 * database again when seeding fails, so a failed start leaves nothing open in-process.
 */
export function prepareDatabase (settings: BootSettings, ids: IdFactory, built: BuiltImages = BUILT): StartingDatabase {
  assertFixtureFolder(settings.fixturesDir)
  const memory = settings.dbPath === ':memory:'
  if (memory) memoryStarts++
  // Read before the digest, whose hashing the build's records of the files spare while they are unchanged.
  // Only while this process keeps no image of the folder: a later start finds the one it kept.
  const manifest = memory && built.build !== null && !keepsImageOf(settings.fixturesDir) ? readManifest(built.dir, settings.fixturesDir) : undefined
  const digest = fixtureSetDigest(settings.fixturesDir)
  const key = imageKey(settings.fixturesDir, digest, settings, built.build ?? '', sqliteVersion(WHERE))
  const opened = memory ? fromImage(key, settings, built, manifest) : undefined
  if (opened !== undefined) return opened
  const fixtures = loadFixtureSet(settings.fixturesDir, readVerifiedDigests(VERIFIED_FIXTURES_FILE), digest)
  const db = openDatabase(settings.dbPath, WHERE)
  try {
    const stores = createStores(db, settings)
    const start = seedOrContinue(db, stores, ids, fixtures)
    if (memory && memoryStarts > 1 && readsOnlyInside(fixtures)) {
      keep(keptName(settings, key), { fixtures, image: db.serialize() })
    }
    return { fixtures, db, stores, start }
  } catch (error) {
    db.close()
    throw error
  }
}

function seedOrContinue (db: Db, stores: Stores, ids: IdFactory, fixtures: FixtureSet): StartingDatabase['start'] {
  if (isEmpty(db)) {
    seedFixtureSet(stores, fixtures)
    return 'seeded'
  }
  ids.continueFrom(idDigest(db))
  return 'continued'
}
