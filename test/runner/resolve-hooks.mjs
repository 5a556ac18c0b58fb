// The resolve rules of test processes (test/runner/ts-hooks.mjs registers them): typebox, tap and semver from bundles,
// the build's tables of compiled validators and serializers from test/runner, and a source's `./x.js` import as the
// `./x.ts` file beside it.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { URL, fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = join(import.meta.dirname, '../..')
/** typebox's entries → the single-module bundle test/runner/typebox-bundle.mjs writes before the tests. */
const TYPEBOX_DIR = join(ROOT, 'node_modules/.cache/drawing-api-emulator/typebox')
const TYPEBOX = new Map([['typebox', 'typebox.mjs'], ['typebox/value', 'typebox-value.mjs'], ['typebox/compile', 'typebox-compile.mjs']])

/** `tap` → the single-module bundle test/runner/tap-bundle.mjs writes before the tests. */
const TAP = join(ROOT, 'node_modules/.cache/drawing-api-emulator/tap/tap.mjs')

/** fastify's `semver` → the CommonJS bundle test/runner/semver-bundle.mjs writes (only fastify's: no other user). */
const SEMVER = join(ROOT, 'node_modules/.cache/drawing-api-emulator/semver/semver.cjs')
const FASTIFY = pathToFileURL(join(ROOT, 'node_modules/fastify/')).href

/**
 * The build's tables of compiled validators and serializers (src/plugins/precompiled-*.ts, empty in the sources) →
 * test/runner's, which hold the same code (each file says how), for every importer.
 */
const TABLES = new Map(['validators', 'serializers'].map((kind) =>
  [pathToFileURL(join(ROOT, `src/plugins/precompiled-${kind}.ts`)).href, pathToFileURL(join(ROOT, `test/runner/precompiled-${kind}.mjs`)).href]))

/** A bundled module's URL and format, or undefined when there is none (then node_modules loads, slower). */
function bundled (specifier, parentURL) {
  const semver = specifier === 'semver' && parentURL?.startsWith(FASTIFY)
  const file = TYPEBOX.has(specifier) ? join(TYPEBOX_DIR, TYPEBOX.get(specifier)) : specifier === 'tap' ? TAP : semver ? SEMVER : undefined
  return file !== undefined && existsSync(file) ? { url: pathToFileURL(file).href, format: semver ? 'commonjs' : 'module' } : undefined
}

/**
 * The sources import each other as `./x.js` (what tsc emits for dist/); in a test process the file is `./x.ts`.
 * Only relative imports from the repo's own files are rewritten, and only when the `.ts` file exists.
 */
function sourceFile (specifier, parentURL) {
  if (!specifier.startsWith('.') || !specifier.endsWith('.js') || !parentURL?.startsWith('file:') || parentURL.includes('/node_modules/')) return undefined
  const candidate = new URL(`${specifier.slice(0, -3)}.ts`, parentURL)
  return existsSync(fileURLToPath(candidate)) ? candidate.href : undefined
}

/**
 * The resolve hook, for module.registerHooks (in thread, synchronous) and module.register (its own thread, where
 * nextResolve answers a promise): it hands back what nextResolve answers, so it serves both.
 * A source's `./x.ts` is answered here, not by Node's resolver: this hook has just seen that the file exists, and
 * Node would look again (a stat, the real path of each folder up to /, the package scope), about 9% of the instructions
 * of importing the app (some 240 such imports). Node's loader still reads the format from the extension and
 * package.json's "type", as for any file. (A source file that is a symbolic link loads under its own path here.)
 */
export function resolve (specifier, context, nextResolve) {
  const found = bundled(specifier, context.parentURL)
  if (found !== undefined) return { ...found, shortCircuit: true }
  const source = sourceFile(specifier, context.parentURL)
  if (TABLES.has(source)) return { url: TABLES.get(source), format: 'module', shortCircuit: true }
  if (source !== undefined) return { url: source, shortCircuit: true }
  return nextResolve(specifier, context)
}
