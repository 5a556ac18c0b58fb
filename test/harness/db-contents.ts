// A database's tables compared whole (its schema, user_version and every row), and those a fresh seed of a fixture
// folder gives: what an image of the folder must equal (test/harness/fixture-images.test.ts, test/scripts/).
import { resolveConfig } from '../../src/config/index.js'
import { loadFixtureSet } from '../../src/harness/fixtures.js'
import { seedFixtureSet } from '../../src/harness/seed.js'
import { openDatabase, type Db } from '../../src/store/database.js'
import { createStores } from '../../src/store/index.js'

/** Every table of the main schema (its SQL, then its rows in rowid order), and the schema version. */
export function contents (db: Db): unknown {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]
  return {
    schema: db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all(),
    userVersion: db.pragma('user_version', { simple: true }),
    rows: Object.fromEntries(tables.map((name) => [name, db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()]))
  }
}

/** The tables as a fresh seed of the folder's files gives them, under the default store settings. */
export function freshSeed (dir: string): unknown {
  const db = openDatabase(':memory:')
  try {
    seedFixtureSet(createStores(db, resolveConfig({})), loadFixtureSet(dir))
    return contents(db)
  } finally {
    db.close()
  }
}
