// Start-up's database, decided in harness/boot.ts: the fixture set loaded and verified before any database opens; an
// empty database seeded with it; one holding data kept as it is, a seeded id stream continuing from it (a fresh
// stream would mint the ids already stored).
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { MINIMAL_FIXTURES, resolveConfig } from '../../src/config/index.js'
import { prepareDatabase } from '../../src/harness/boot.js'
import { FixtureError } from '../../src/harness/fixtures.js'
import { createIdFactory } from '../../src/lib/ids.js'
import { idDigest } from '../../src/store/database.js'

function tempDir (t: Pick<Test, 'teardown'>): string {
  const dir = mkdtempSync(join(tmpdir(), 'boot-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

t.test('empty: seeded, the id stream untouched; holding data: kept, the id stream continued', async (t) => {
  const settings = resolveConfig({ fixturesDir: MINIMAL_FIXTURES, dbPath: join(tempDir(t), 'emulator.db'), auditLogMax: 7 })
  const ids = createIdFactory(42)
  const first = prepareDatabase(settings, ids)
  t.equal(first.start, 'seeded')
  t.equal(first.fixtures.dir, MINIMAL_FIXTURES)
  t.same(first.stores.workspaces.list().map((w) => w.id), first.fixtures.workspaces.map((w) => w.workspace.id).sort())
  t.same(first.stores.auditLog.retention, { maxEntries: 7, batch: 1 }, 'the store settings reach the stores by their names')
  t.equal(ids.shortId(), createIdFactory(42).shortId(), 'seeding takes no ids from the stream')
  const stored = idDigest(first.db)
  t.ok(stored.length > 0)
  first.db.close()

  const restarted = createIdFactory(42)
  const second = prepareDatabase(settings, restarted)
  t.teardown(() => second.db.close())
  t.equal(second.start, 'continued')
  t.equal(idDigest(second.db), stored, 'nothing seeded twice')
  const continued = createIdFactory(42)
  continued.continueFrom(stored)
  const next = restarted.shortId()
  t.equal(next, continued.shortId(), 'the stream continues from what is stored')
  t.not(next, createIdFactory(42).shortId(), 'not the fresh stream, whose ids are stored')
})

t.test('a fixture set that fails its checks fails before the database is opened', async (t) => {
  const dir = tempDir(t)
  const dbPath = join(dir, 'emulator.db')
  const settings = resolveConfig({ fixturesDir: join(dir, 'absent'), dbPath })
  t.throws(() => prepareDatabase(settings, createIdFactory(1)),
    new FixtureError(`Fixture folder not found: ${join(dir, 'absent')} (the bundled sets are named default and minimal)`))
  t.notOk(existsSync(dbPath), 'no database file was made')
})
