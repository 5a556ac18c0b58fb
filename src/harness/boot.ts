// What a database needs at start, decided in one place: the fixture set loaded and verified, the database opened,
// then an empty one seeded with the set, or a persistent one already holding data used as it is, its seeded id
// stream continued from what it stores instead of starting over and minting ids that exist.
import { isAbsolute, relative } from 'node:path'
import type { Config } from '../config/types.js'
import type { IdFactory } from '../lib/ids.js'
import { RUNS_FROM_CHECKOUT, VERIFIED_FIXTURES_FILE } from '../package-files.js'
import { idDigest, isEmpty, openDatabase, openImage, type Db } from '../store/database.js'
import { createStores, type StoreSettings, type Stores } from '../store/index.js'
import { loadFixtureSet, type FixtureSet } from './fixtures.js'
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
}

const WHERE = RUNS_FROM_CHECKOUT ? 'checkout' : 'package'

/**
 * Per process, each in-memory database seeded so far, as its image with the fixture set it came from: a later start
 * with the same fixture files (their digest) and store settings opens a copy of the image instead of loading and
 * seeding again (a test suite starts many emulators in one process). Never stale: the digest is of the files as they
 * are at this start, the code that seeded it is this process's own, and a set whose scenes read a content file from
 * outside its folder (`"content": "../x.excalidraw"`, which the digest does not cover) keeps no image.
 */
const seededImages = new Map<string, { fixtures: FixtureSet, image: Buffer }>()
/** In-memory starts in this process so far: the first keeps no image, so a process that starts once pays nothing. */
let memoryStarts = 0

/**
 * The key of an in-memory start's image, or undefined: a file database, the process's first in-memory start, or a
 * folder the loader must refuse (it then says why).
 */
function imageKey (settings: BootSettings): string | undefined {
  if (settings.dbPath !== ':memory:' || memoryStarts++ === 0) return undefined
  try {
    const { auditLogMax, sceneTombstonesMax, readCacheMaxBytes } = settings
    return JSON.stringify([settings.fixturesDir, fixtureSetDigest(settings.fixturesDir), auditLogMax, sceneTombstonesMax, readCacheMaxBytes])
  } catch {
    return undefined
  }
}

/**
 * Loads and verifies the fixture set (a FixtureError before any database is opened), opens the database, then seeds
 * or continues. Closes the database again when seeding fails, so a failed start leaves nothing open in-process.
 */
export function prepareDatabase (settings: BootSettings, ids: IdFactory): StartingDatabase {
  const key = imageKey(settings)
  const kept = key === undefined ? undefined : seededImages.get(key)
  if (kept !== undefined) {
    const db = openImage(kept.image, WHERE)
    return { fixtures: kept.fixtures, db, stores: createStores(db, settings), start: 'seeded' }
  }
  const fixtures = loadFixtureSet(settings.fixturesDir, readVerifiedDigests(VERIFIED_FIXTURES_FILE))
  const db = openDatabase(settings.dbPath, WHERE)
  try {
    const stores = createStores(db, settings)
    const start = seedOrContinue(db, stores, ids, fixtures)
    if (key !== undefined && readsOnlyInside(fixtures)) seededImages.set(key, { fixtures, image: db.serialize() })
    return { fixtures, db, stores, start }
  } catch (error) {
    db.close()
    throw error
  }
}

/** Whether every content file the set's scenes read lies in its folder, which the image's digest covers. */
function readsOnlyInside (fixtures: FixtureSet): boolean {
  return fixtures.workspaces.every((workspace) => workspace.scenes.every(({ contentFile }) => {
    if (contentFile === null) return true
    const path = relative(fixtures.dir, contentFile)
    return !path.startsWith('..') && !isAbsolute(path)
  }))
}

function seedOrContinue (db: Db, stores: Stores, ids: IdFactory, fixtures: FixtureSet): StartingDatabase['start'] {
  if (isEmpty(db)) {
    seedFixtureSet(stores, fixtures)
    return 'seeded'
  }
  ids.continueFrom(idDigest(db))
  return 'continued'
}
