// Part of `npm run build`, after tsc: loads each bundled fixture set in fixtures/ with every check and records the
// digest of its files in dist/verified-fixtures.json, so a start on those exact files skips the shape checks
// (src/harness/verified-fixtures.ts). A fixture that fails a check fails the build, naming it.
//   node scripts/verify-fixtures.mjs [outdir]   (default dist/)
import { readdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import process from 'node:process'
import { URL, fileURLToPath } from 'node:url'
import { loadFixtureSet } from '../dist/harness/fixtures.js'
import { verifiedRecord } from '../dist/harness/verified-fixtures.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const OUT_DIR = resolve(process.argv[2] ?? join(ROOT, 'dist'))
const FIXTURES = join(ROOT, 'fixtures')

const sets = readdirSync(FIXTURES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => join(FIXTURES, entry.name)).sort()
writeFileSync(join(OUT_DIR, 'verified-fixtures.json'), JSON.stringify(verifiedRecord(sets, (dir) => loadFixtureSet(dir)), null, 2) + '\n')
