// The build's fixture images (scripts/fixture-images.mjs) against the bundle beside them: each names the build id the
// bundle carries (stamped by scripts/bundle-server.mjs, no placeholder left), this SQLite, the schema, the files' digest
// now and the default store settings, vouches for its image's bytes, and the image holds what a fresh seed gives.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { resolveConfig } from '../../src/config/index.js'
import { BUNDLED_FIXTURE_SETS } from '../../src/package-files.js'
import { fixtureSetDigest } from '../../src/harness/verified-fixtures.js'
import { openImage, sqliteVersion } from '../../src/store/database.js'
import { MIGRATIONS } from '../../src/store/migrations/index.js'
import { contents, freshSeed } from '../harness/db-contents.js'
import { ROOT } from '../processes.js'

const DIST = join(ROOT, 'dist')
const IMAGES = join(DIST, 'fixture-images')

t.test('each bundled set\'s image is keyed to the bundle beside it and the fixtures as they are', { skip: existsSync(IMAGES) ? false : 'no dist/fixture-images: run npm run build' }, async (t) => {
  const code = readdirSync(DIST).filter((name) => name.endsWith('.js')).map((name) => readFileSync(join(DIST, name), 'utf8')).join('\n')
  t.notOk(code.includes('emulator-build-id-placeholder'), 'every placeholder stamped')
  const ids = new Set([...code.matchAll(/BUILD_ID="([0-9a-f]{64})"/g)].map(([, id]) => id))
  t.equal(ids.size, 1, 'one build id in the bundle')
  const { auditLogMax, sceneTombstonesMax, readCacheMaxBytes } = resolveConfig({})
  for (const [name, dir] of Object.entries(BUNDLED_FIXTURE_SETS)) {
    const manifest = JSON.parse(readFileSync(join(IMAGES, `${name}.json`), 'utf8')) as { key: unknown, image: unknown }
    t.same(manifest.key, {
      build: [...ids][0], sqlite: sqliteVersion(), schema: MIGRATIONS.length, set: name, digest: fixtureSetDigest(dir),
      settings: [auditLogMax, sceneTombstonesMax, readCacheMaxBytes]
    }, name)
    const image = readFileSync(join(IMAGES, `${name}.sqlite`))
    t.same(manifest.image, { length: image.length, sha256: createHash('sha256').update(image).digest('hex') }, `${name}: its bytes`)
    const db = openImage(image)
    try {
      t.same(contents(db), freshSeed(dir), `${name}: table by table as seeded afresh`)
    } finally {
      db.close()
    }
  }
})
