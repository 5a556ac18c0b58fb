// The database images the build makes of the bundled fixture sets (harness/fixture-images.ts), as boot uses them: opened
// when made by this build from these very files, schema and store settings, to the data a fresh seed gives table by
// table; refused (the set loaded and seeded as before) when any of those differ. And the per-process images: at most
// four kept, the least recently used dropped.
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { MINIMAL_FIXTURES, resolveConfig } from '../../src/config/index.js'
import { prepareDatabase, type BuiltImages } from '../../src/harness/boot.js'
import { readsOnlyInside, writeFixtureImages } from '../../src/harness/fixture-images.js'
import { loadFixtureSet } from '../../src/harness/fixtures.js'
import { createIdFactory } from '../../src/lib/ids.js'
import { sqliteVersion } from '../../src/store/database.js'
import { MIGRATIONS } from '../../src/store/migrations/index.js'
import { contents, freshSeed } from './db-contents.js'

const BUILD = 'a'.repeat(64)

function tempDir (t: Pick<Test, 'teardown'>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fixture-images-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A copy of the minimal set in a folder of its own (kept images are named by folder), with the build's images of it. */
function imagedSet (t: Test, name = 'minimal'): { dir: string, built: BuiltImages } {
  const root = tempDir(t)
  const dir = join(root, name)
  cpSync(MINIMAL_FIXTURES, dir, { recursive: true })
  const images = join(root, 'images')
  t.same(writeFixtureImages(images, [dir], resolveConfig({}), BUILD), [name])
  return { dir, built: { dir: images, build: BUILD } }
}

function start (t: Test, dir: string, built: BuiltImages, options: Parameters<typeof resolveConfig>[0] = {}) {
  const started = prepareDatabase(resolveConfig({ ...options, fixturesDir: dir }), createIdFactory(1), built)
  t.teardown(() => started.db.close())
  return started
}

t.test('the build\'s image of the very files: opened, to the tables a fresh seed gives and the set as loaded', async (t) => {
  const { dir, built } = imagedSet(t)
  const started = start(t, dir, built)
  t.equal(started.start, 'seeded')
  t.equal(started.image, 'build')
  t.same(contents(started.db), freshSeed(dir), 'table by table as seeded afresh')
  t.same(started.fixtures, loadFixtureSet(dir), 'the set with its paths in this folder')
  started.db.prepare('DELETE FROM api_keys').run()
  // This file's first test, so the process's first in-memory start: it kept nothing, the second keeps the build's.
  const second = start(t, dir, built)
  t.equal(second.image, 'build', 'the first start kept no copy (a server that starts once holds none)')
  const again = start(t, dir, built)
  t.equal(again.image, 'process', 'a later start opens the copy the second kept')
  t.same(contents(again.db), freshSeed(dir), 'which a write to the first two left as it was')
})

t.test('the build\'s image holds the scenes\' contents as text, each parsed when first read, then the same object', async (t) => {
  const { dir, built } = imagedSet(t)
  const manifest = JSON.parse(readFileSync(join(built.dir, 'minimal.json'), 'utf8')) as { fixtures: { workspaces: Array<{ scenes: object[] }> } }
  const loaded = loadFixtureSet(dir)
  t.same(manifest.fixtures.workspaces.map((w) => w.scenes.map((scene) => Object.keys(scene).sort())),
    loaded.workspaces.map((w) => w.scenes.map((scene) => [...Object.keys(scene).filter((key) => key !== 'content'), 'contentText'].sort())),
    'no parsed content in the manifest')
  t.same(manifest.fixtures.workspaces.flatMap((w) => w.scenes.map((scene) => (scene as { contentText: string }).contentText)),
    loaded.workspaces.flatMap((w) => w.scenes.map((scene) => JSON.stringify(scene.content))), 'each content\'s JSON text')
  const started = start(t, dir, built)
  t.equal(started.image, 'build')
  const scenes = started.fixtures.workspaces.flatMap((w) => w.scenes)
  t.ok(scenes.length > 0)
  for (const scene of scenes) {
    const descriptor = Object.getOwnPropertyDescriptor(scene, 'content')
    t.type(descriptor?.get, 'function', 'read through a getter: not parsed at start')
    t.equal(descriptor?.enumerable, true, 'enumerable, as a loaded scene\'s content is')
    t.equal(scene.content, scene.content, 'one object, whichever read')
  }
  t.same(started.fixtures, loaded, 'the set, contents read, as loaded from the files')
})

t.test('refused, the set loaded and seeded instead: another build, schema, set, store settings or database', async (t) => {
  const cases: Array<[string, (dir: string, built: BuiltImages) => { built: BuiltImages, options?: Parameters<typeof resolveConfig>[0] }]> = [
    ['another build', (_, built) => ({ built: { ...built, build: 'b'.repeat(64) } })],
    ['code from src/ (no build id)', (_, built) => ({ built: { ...built, build: null } })],
    ['other store settings', (_, built) => ({ built, options: { auditLogMax: 3 } })],
    ['a file database', (dir, built) => ({ built, options: { dbPath: join(dir, '..', 'emulator.db') } })],
    ['another SQLite version', (_, built) => {
      const file = join(built.dir, 'minimal.json')
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { key: { sqlite: string } }
      t.equal(manifest.key.sqlite, sqliteVersion(), 'made with this SQLite')
      writeFileSync(file, JSON.stringify({ ...manifest, key: { ...manifest.key, sqlite: '3.0.0' } }))
      return { built }
    }],
    ['a manifest of another shape (its files not records)', (_, built) => {
      const file = join(built.dir, 'minimal.json')
      writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')) as object, files: 'not records' }))
      return { built }
    }],
    ['another schema version', (_, built) => {
      const file = join(built.dir, 'minimal.json')
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { key: { schema: number } }
      t.equal(manifest.key.schema, MIGRATIONS.length, 'made at the current schema')
      writeFileSync(file, JSON.stringify({ ...manifest, key: { ...manifest.key, schema: MIGRATIONS.length - 1 } }))
      return { built }
    }]
  ]
  for (const [name, change] of cases) {
    const { dir, built: made } = imagedSet(t)
    const { built, options } = change(dir, made)
    const started = start(t, dir, built, options)
    t.equal(started.image, undefined, name)
    t.same(contents(started.db), freshSeed(dir), `${name}: seeded from the files`)
  }
  const { dir, built } = imagedSet(t)
  const renamed = join(dir, '..', 'renamed')
  cpSync(dir, renamed, { recursive: true })
  for (const ext of ['json', 'sqlite']) renameSync(join(built.dir, `minimal.${ext}`), join(built.dir, `renamed.${ext}`))
  const other = start(t, renamed, built)
  t.equal(other.image, undefined, 'the same files under another set name (which seeding stores with each workspace)')
  t.same(contents(other.db), freshSeed(renamed))
})

t.test('a damaged image is refused, the set seeded from its files: truncated, its last page or all of it changed', async (t) => {
  const damages: Array<[string, (image: Buffer) => Buffer]> = [
    ['truncated', (image) => image.subarray(0, image.length - 4096)],
    ['its last page zeroed', (image) => Buffer.concat([image.subarray(0, image.length - 4096), Buffer.alloc(4096)])],
    ['garbage', (image) => Buffer.alloc(image.length, 0x5a)]
  ]
  for (const [name, damage] of damages) {
    const { dir, built } = imagedSet(t)
    const file = join(built.dir, 'minimal.sqlite')
    writeFileSync(file, damage(readFileSync(file)))
    const started = start(t, dir, built)
    t.equal(started.image, undefined, name)
    t.same(contents(started.db), freshSeed(dir), `${name}: seeded from the files`)
  }
})

t.test('an image SQLite cannot open, though its manifest vouches for its bytes: seeded, nothing left open', async (t) => {
  const { dir, built } = imagedSet(t)
  const garbage = Buffer.alloc(8192, 0x5a)
  writeFileSync(join(built.dir, 'minimal.sqlite'), garbage)
  const file = join(built.dir, 'minimal.json')
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  writeFileSync(file, JSON.stringify({ ...manifest, image: { length: garbage.length, sha256: createHash('sha256').update(garbage).digest('hex') } }))
  const started = start(t, dir, built)
  t.equal(started.image, undefined)
  t.same(contents(started.db), freshSeed(dir))
})

t.test('a fixture file changed since the build: refused, seeded from what the files hold now', async (t) => {
  const { dir, built } = imagedSet(t)
  const file = join(dir, 'main', 'workspace.json')
  const text = readFileSync(file, 'utf8')
  const workspace = JSON.parse(text) as { id: string, name: string }
  // The same length, so only the bytes (and the file's times) tell the change.
  const renamed = { ...workspace, name: workspace.name.replace(/^./, (c) => c === 'X' ? 'Y' : 'X') }
  writeFileSync(file, JSON.stringify(renamed, null, text.includes('\n  ') ? 2 : undefined) + (text.endsWith('\n') ? '\n' : ''))
  t.equal(readFileSync(file, 'utf8').length, text.length)
  const started = start(t, dir, built)
  t.equal(started.image, undefined)
  t.equal(started.stores.workspaces.list().find(({ id }) => id === workspace.id)?.name, renamed.name)
  t.same(contents(started.db), freshSeed(dir))
})

t.test('per process, at most four images are kept: the least recently used is dropped', async (t) => {
  const built: BuiltImages = { dir: tempDir(t), build: null }
  const root = tempDir(t)
  const dirs = [0, 1, 2, 3, 4].map((i) => join(root, `set-${i}`))
  for (const dir of dirs) cpSync(MINIMAL_FIXTURES, dir, { recursive: true })
  start(t, MINIMAL_FIXTURES, built) // whatever ran before, not the process's first in-memory start (which keeps none): each set below is kept
  const first = dirs.slice(0, 4).map((dir) => start(t, dir, built))
  t.same(first.map(({ image }) => image), [undefined, undefined, undefined, undefined], 'each seeded once')
  const reused = start(t, dirs[0], built)
  t.equal(reused.image, 'process', 'the oldest, used again')
  t.equal(reused.fixtures, first[0].fixtures, 'the kept set itself')
  t.equal(start(t, dirs[4], built).image, undefined, 'a fifth set, seeded and kept')
  t.equal(start(t, dirs[0], built).image, 'process', 'the one used again is still kept')
  t.equal(start(t, dirs[1], built).image, undefined, 'the least recently used was dropped for the fifth')
})

t.test('a set whose scene content is a link to a file outside its folder: no image made or kept, an edit to it seen', async (t) => {
  const root = tempDir(t)
  const dir = join(root, 'linked')
  cpSync(MINIMAL_FIXTURES, dir, { recursive: true })
  const content = join(dir, 'content', 'simple-shapes.excalidraw')
  const outside = join(root, 'simple-shapes.excalidraw')
  renameSync(content, outside)
  symlinkSync(outside, content)
  t.equal(readsOnlyInside(loadFixtureSet(dir)), false, 'compared as real paths')
  t.same(writeFixtureImages(join(root, 'images'), [dir], resolveConfig({}), BUILD), [], 'the build makes no image of it')
  const built: BuiltImages = { dir: join(root, 'images'), build: BUILD }
  start(t, dir, built)
  t.equal(start(t, dir, built).image, undefined, 'nor does a start keep one')
  const text = readFileSync(outside, 'utf8')
  writeFileSync(outside, text.replace('"x": 100,', '"x": 101,'))
  t.not(readFileSync(outside, 'utf8'), text)
  const edited = start(t, dir, built)
  t.equal(edited.image, undefined)
  t.same(contents(edited.db), freshSeed(dir), 'the edited drawing, as a fresh seed of the files gives it')
})
