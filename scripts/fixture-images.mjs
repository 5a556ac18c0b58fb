// Part of `npm run build`, after the bundle and verify-fixtures.mjs: makes the database image of each bundled fixture
// set with the bundle's own code (dist/build-fixture-images.js, src/harness/fixture-images.ts), seeded under the
// default store settings, into dist/fixture-images/, so a fresh process's first start opens it instead of seeding.
//   node scripts/fixture-images.mjs [outdir]   (default dist/)
import { readdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import console from 'node:console'
import process from 'node:process'
import { URL, fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const OUT_DIR = resolve(process.argv[2] ?? join(ROOT, 'dist'))
const FIXTURES = join(ROOT, 'fixtures')

const { writeFixtureImages } = await import(pathToFileURL(join(OUT_DIR, 'build-fixture-images.js')).href)
const { resolveConfig } = await import(pathToFileURL(join(OUT_DIR, 'index.js')).href)
const sets = readdirSync(FIXTURES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => join(FIXTURES, entry.name)).sort()
const imagesDir = join(OUT_DIR, 'fixture-images')
// An earlier build's images would be refused (another build id), but need not ship.
rmSync(imagesDir, { recursive: true, force: true })
const written = writeFixtureImages(imagesDir, sets, resolveConfig({}))
console.log(`fixture-images: ${written.join(', ')} in ${imagesDir}`)
