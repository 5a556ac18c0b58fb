// Start-up's database, decided in harness/boot.ts: the fixture set loaded and verified before any database opens; an
// empty database seeded with it; one holding data kept as it is, a seeded id stream continuing from it (a fresh
// stream would mint the ids already stored); a later in-memory start of the same fixture files in one process opens
// the image of the first one's seeded database, identical table by table to one seeded afresh.
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { MINIMAL_FIXTURES, resolveConfig } from '../../src/config/index.js'
import { prepareDatabase } from '../../src/harness/boot.js'
import { FixtureError } from '../../src/harness/fixtures.js'
import { createIdFactory } from '../../src/lib/ids.js'
import { idDigest, type Db } from '../../src/store/database.js'

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

/** Every table of the main schema (its SQL, then its rows in rowid order), and the schema version. */
function contents (db: Db): unknown {
  const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string, sql: string }>
  const schema = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all()
  return {
    schema,
    userVersion: db.pragma('user_version', { simple: true }),
    rows: Object.fromEntries(tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()]))
  }
}

t.test('a later in-memory start of the same fixtures opens an earlier one\'s image: identical, independent, never stale', async (t) => {
  const dir = join(tempDir(t), 'fixtures')
  cpSync(MINIMAL_FIXTURES, dir, { recursive: true })
  const settings = resolveConfig({ fixturesDir: dir })
  // The process's first in-memory start (the subtests above use files): it keeps no image, as a server starts once.
  const once = prepareDatabase(settings, createIdFactory(42))
  t.teardown(() => once.db.close())
  const first = prepareDatabase(settings, createIdFactory(42))
  t.teardown(() => first.db.close())
  t.not(first.fixtures, once.fixtures, 'the process\'s first in-memory start kept no image')
  const fresh = contents(first.db)
  t.same(contents(once.db), fresh)
  t.ok(Object.values((fresh as { rows: Record<string, unknown[]> }).rows).some((rows) => rows.length > 0), 'seeded')
  const second = prepareDatabase(settings, createIdFactory(42))
  t.teardown(() => second.db.close())
  t.equal(second.start, 'seeded')
  t.equal(second.fixtures, first.fixtures, 'the fixture set of the first start, not loaded again')
  t.same(contents(second.db), fresh, 'table by table as seeded afresh')

  second.stores.workspaces.list().forEach(({ id }) => second.db.prepare('DELETE FROM api_keys WHERE workspace_id = ?').run(id))
  t.same(contents(first.db), fresh, 'a write to one leaves the other as it was')
  const third = prepareDatabase(settings, createIdFactory(42))
  t.teardown(() => third.db.close())
  t.same(contents(third.db), fresh, 'nor the image')

  const other = prepareDatabase({ ...settings, auditLogMax: 3 }, createIdFactory(42))
  t.teardown(() => other.db.close())
  t.not(other.fixtures, first.fixtures, 'other store settings: seeded afresh')
  t.same(contents(other.db), fresh)

  const file = join(dir, 'main', 'workspace.json')
  const workspace = JSON.parse(readFileSync(file, 'utf8')) as { id: string }
  writeFileSync(file, JSON.stringify({ ...workspace, name: 'Renamed' }))
  const changed = prepareDatabase(settings, createIdFactory(42))
  t.teardown(() => changed.db.close())
  t.not(changed.fixtures, first.fixtures, 'a changed fixture file: loaded again')
  t.equal(changed.stores.workspaces.list().find(({ id }) => id === workspace.id)?.name, 'Renamed', 'and seeded from what the files hold now')
})

t.test('a set whose scenes read content from outside its folder keeps no image: an edit there shows at the next start', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'boot-outside-'))
  t.teardown(() => rmSync(root, { recursive: true, force: true }))
  const set = join(root, 'set')
  cpSync(MINIMAL_FIXTURES, set, { recursive: true })
  renameSync(join(set, 'content', 'simple-shapes.excalidraw'), join(root, 'simple-shapes.excalidraw'))
  for (const workspace of ['main', 'other']) {
    const scenes = join(set, workspace, 'scenes.json')
    writeFileSync(scenes, readFileSync(scenes, 'utf8').replaceAll('"simple-shapes.excalidraw"', '"../../../simple-shapes.excalidraw"'))
  }
  const elementCount = (dir: string): number => {
    const { db } = prepareDatabase(resolveConfig({ fixturesDir: dir, dbPath: ':memory:' }), createIdFactory(1))
    const row = db.prepare("SELECT elements FROM scene_contents WHERE scene_id = 'scnShapes01'").get() as { elements: string }
    db.close()
    return (JSON.parse(row.elements) as unknown[]).length
  }
  elementCount(MINIMAL_FIXTURES) // the process's first in-memory start keeps no image; the next ones would
  const before = elementCount(set)
  const file = join(root, 'simple-shapes.excalidraw')
  const document = JSON.parse(readFileSync(file, 'utf8')) as { elements: unknown[] }
  t.ok(before > 1, 'the scene starts with several elements')
  writeFileSync(file, JSON.stringify({ ...document, elements: document.elements.slice(0, 1) }))
  t.equal(elementCount(set), 1, 'the edited file outside the folder, read again')
})
