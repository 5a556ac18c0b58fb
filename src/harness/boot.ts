// What a database needs at start, decided in one place: an empty one is seeded with the fixture set; a persistent
// one already holding data is used as it is, and a seeded id stream continues from what it stores instead of
// starting over and minting ids that exist.
import type { IdFactory } from '../lib/ids.js'
import { idDigest, isEmpty, type Db } from '../store/database.js'
import type { Stores } from '../store/index.js'
import type { FixtureSet } from './fixtures.js'
import { seedFixtureSet } from './seed.js'

export interface StartingDatabase {
  db: Db
  stores: Stores
  ids: IdFactory
}

/** Seeds an empty database, or continues the id stream from a stored one; says which it did. */
export function prepareDatabase ({ db, stores, ids }: StartingDatabase, fixtures: FixtureSet): 'seeded' | 'continued' {
  if (isEmpty(db)) {
    seedFixtureSet(stores, fixtures)
    return 'seeded'
  }
  ids.continueFrom(idDigest(db))
  return 'continued'
}
