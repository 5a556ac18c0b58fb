// Run before the test files (test/runner/bundles.mjs): typebox, as one module, for the test processes.
// Why: typebox 1.x is about 700 small ES modules; loading them one by one costs each test process about 0.25 s of
// CPU (0.38 s against 0.13 s for this bundle, on Node 24). test/runner/ts-hooks.mjs resolves `typebox`,
// `typebox/value` and `typebox/compile` to the files written here (one esbuild bundle, as the bundled server ships
// it, plus one re-export file per entry); without them node_modules/typebox loads, so a missing or failed bundle
// only makes the tests slower.
// Cached under node_modules/.cache and rebuilt when typebox or esbuild change.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { refreshBundle } from './refresh-bundle.mjs'

const ROOT = join(import.meta.dirname, '../..')
const OUT = join(ROOT, 'node_modules/.cache/drawing-api-emulator/typebox')
/** Entry point → the file test/runner/ts-hooks.mjs resolves it to. */
const ENTRIES = { 'typebox': 'typebox.mjs', 'typebox/value': 'typebox-value.mjs', 'typebox/compile': 'typebox-compile.mjs' }

const versionOf = (name) => JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version
const stamp = JSON.stringify({ typebox: versionOf('typebox'), esbuild: versionOf('esbuild'), entries: ENTRIES })

function current () {
  try { return readFileSync(join(OUT, 'stamp.json'), 'utf8') === stamp } catch { return false }
}

/** Writes through a temporary name, so a test process never reads half a file. */
function put (name, text) {
  writeFileSync(join(OUT, `${name}.tmp`), text)
  renameSync(join(OUT, `${name}.tmp`), join(OUT, name))
}

async function bundle () {
  mkdirSync(OUT, { recursive: true })
  const names = Object.keys(ENTRIES)
  // One bundle for all entries, so they share one copy of typebox's module state, as one node_modules copy does.
  const contents = names.map((entry, i) => `export * as e${i} from '${entry}'`).join('\n')
  await build({
    stdin: { contents, resolveDir: ROOT }, bundle: true, format: 'esm', platform: 'node', outfile: join(OUT, 'bundle.mjs.tmp'), logLevel: 'warning'
  })
  renameSync(join(OUT, 'bundle.mjs.tmp'), join(OUT, 'bundle.mjs'))
  const namespaces = await import(pathToFileURL(join(OUT, 'bundle.mjs')).href)
  names.forEach((entry, i) => {
    const exported = Object.keys(namespaces[`e${i}`]).filter((key) => key !== 'default')
    const lines = [`// ${entry}, re-exported from bundle.mjs (test/runner/typebox-bundle.mjs).`, `import { e${i} as ns } from './bundle.mjs'`,
      `export const { ${exported.join(', ')} } = ns`]
    if ('default' in namespaces[`e${i}`]) lines.push('export default ns.default')
    put(ENTRIES[entry], lines.join('\n') + '\n')
  })
  put('stamp.json', stamp)
}

await refreshBundle(OUT, current, bundle, 'typebox')
