// Run before the test files (test/runner/bundles.mjs): tap, as one module, for the test processes.
// Why: `import t from 'tap'` loads about 200 modules (yaml alone 73, @tapjs/*, diff, tcompare), about 0.06 s of
// each test process's CPU (0.19 s against 0.13 s for a file that tests nothing else, Node 24, compile cache warm).
// test/runner/resolve-hooks.mjs resolves `tap` to the file written here; without it node_modules/tap loads, so a
// missing or failed bundle only makes the tests slower. It bundles the test class `tap build` made for the configured
// plugins (node_modules/@tapjs/test/test-built), so it is rebuilt when that changes, as when tap or esbuild change.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { refreshBundle } from './refresh-bundle.mjs'

const ROOT = join(import.meta.dirname, '../..')
/** The folder's path under node_modules is the name @tapjs/stack is told to leave out of stacks (see ENTRY). */
const UNDER_NODE_MODULES = '.cache/drawing-api-emulator/tap'
const OUT = join(ROOT, 'node_modules', UNDER_NODE_MODULES)
const BUILT = join(ROOT, 'node_modules/@tapjs/test/test-built/dist/esm/index.js')
// tap leaves its own frames out of the stacks it reports by their path (node_modules/@tapjs/...); bundled, its code
// lives here, so this folder is named as one of its packages, and a failure still points at the test's line.
const ENTRY = [
  `import { addIgnoredPackage } from '@tapjs/stack'`,
  `addIgnoredPackage('${UNDER_NODE_MODULES}')`,
  `export * from 'tap'`,
  `export { default } from 'tap'`
].join('\n')
// The bundle keeps tap's own require() of CommonJS packages it does not bundle (tcompare's react printer), and
// resolves them from here, up through the repo's node_modules.
const BANNER = `import { createRequire as __tapBundleRequire } from 'node:module'; const require = __tapBundleRequire(import.meta.url);`

const versionOf = (name) => JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version

function stamp () {
  const built = createHash('sha256').update(readFileSync(BUILT)).digest('hex')
  return JSON.stringify({ tap: versionOf('tap'), core: versionOf('@tapjs/core'), esbuild: versionOf('esbuild'), built, entry: ENTRY })
}

function current (wanted) {
  try { return readFileSync(join(OUT, 'stamp.json'), 'utf8') === wanted } catch { return false }
}

async function bundle (wanted) {
  mkdirSync(OUT, { recursive: true })
  await build({
    stdin: { contents: ENTRY, resolveDir: ROOT }, bundle: true, format: 'esm', platform: 'node', banner: { js: BANNER },
    outfile: join(OUT, 'tap.mjs.tmp'), logLevel: 'warning'
  })
  // Through a temporary name, so a test process never reads half a file.
  renameSync(join(OUT, 'tap.mjs.tmp'), join(OUT, 'tap.mjs'))
  writeFileSync(join(OUT, 'stamp.json'), wanted)
}

let wanted
await refreshBundle(OUT, () => current(wanted = stamp()), async () => bundle(wanted), 'tap')
