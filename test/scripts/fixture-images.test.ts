// The build's fixture images (scripts/fixture-images.mjs) against the bundle beside them: each names the build id the
// bundle carries (stamped by scripts/bundle-server.mjs, no placeholder left), the schema and the files' digest now.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { BUNDLED_FIXTURE_SETS } from '../../src/package-files.js'
import { fixtureSetDigest } from '../../src/harness/verified-fixtures.js'
import { MIGRATIONS } from '../../src/store/migrations/index.js'
import { ROOT } from '../processes.js'

const DIST = join(ROOT, 'dist')
const IMAGES = join(DIST, 'fixture-images')

t.test('each bundled set\'s image is keyed to the bundle beside it and the fixtures as they are', { skip: existsSync(IMAGES) ? false : 'no dist/fixture-images: run npm run build' }, async (t) => {
  const code = readdirSync(DIST).filter((name) => name.endsWith('.js')).map((name) => readFileSync(join(DIST, name), 'utf8')).join('\n')
  t.notOk(code.includes('emulator-build-id-placeholder'), 'every placeholder stamped')
  const ids = new Set([...code.matchAll(/BUILD_ID="([0-9a-f]{64})"/g)].map(([, id]) => id))
  t.equal(ids.size, 1, 'one build id in the bundle')
  for (const [name, dir] of Object.entries(BUNDLED_FIXTURE_SETS)) {
    const { key } = JSON.parse(readFileSync(join(IMAGES, `${name}.json`), 'utf8')) as { key: Record<string, unknown> }
    t.same(key, { build: [...ids][0], schema: MIGRATIONS.length, set: name, digest: fixtureSetDigest(dir), settings: key.settings }, name)
    t.ok(existsSync(join(IMAGES, `${name}.sqlite`)))
  }
})
