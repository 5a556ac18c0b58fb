// Run before the test files (test/runner/bundles.mjs): semver, as one CommonJS module, for the test processes.
// Why: fastify requires the whole package (lib/plugin-utils.js, to check each plugin's fastify range), about 45 small
// modules, 0.025 s of each test process's CPU that builds an app. test/runner/resolve-hooks.mjs resolves fastify's
// `semver` to the file written here (on Node 24; on 22.14 a require() does not pass the resolve hook and the package
// loads as before); without it node_modules/semver loads, so a missing or failed bundle only makes the tests slower.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { refreshBundle } from './refresh-bundle.mjs'

const ROOT = join(import.meta.dirname, '../..')
const OUT = join(ROOT, 'node_modules/.cache/drawing-api-emulator/semver')

const versionOf = (name) => JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version
const stamp = JSON.stringify({ semver: versionOf('semver'), esbuild: versionOf('esbuild') })

function current () {
  try { return readFileSync(join(OUT, 'stamp.json'), 'utf8') === stamp } catch { return false }
}

async function bundle () {
  mkdirSync(OUT, { recursive: true })
  await build({
    stdin: { contents: `module.exports = require('semver')`, resolveDir: ROOT }, bundle: true, format: 'cjs', platform: 'node',
    outfile: join(OUT, 'semver.cjs.tmp'), logLevel: 'warning'
  })
  // Through a temporary name, so a test process never reads half a file.
  renameSync(join(OUT, 'semver.cjs.tmp'), join(OUT, 'semver.cjs'))
  writeFileSync(join(OUT, 'stamp.json'), stamp)
}

await refreshBundle(OUT, current, bundle, 'semver')
