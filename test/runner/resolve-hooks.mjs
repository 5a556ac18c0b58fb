// The resolve rules of test processes (test/runner/ts-hooks.mjs registers them): typebox and tap from their bundles,
// and a source's `./x.js` import as the `./x.ts` file beside it.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { URL, fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = join(import.meta.dirname, '../..')
/** typebox's entries → the single-module bundle test/runner/typebox-bundle.mjs writes before the tests. */
const TYPEBOX_DIR = join(ROOT, 'node_modules/.cache/drawing-api-emulator/typebox')
const TYPEBOX = new Map([['typebox', 'typebox.mjs'], ['typebox/value', 'typebox-value.mjs'], ['typebox/compile', 'typebox-compile.mjs']])

/** `tap` → the single-module bundle test/runner/tap-bundle.mjs writes before the tests. */
const TAP = join(ROOT, 'node_modules/.cache/drawing-api-emulator/tap/tap.mjs')

/** A bundled entry's URL, or undefined when the bundle is missing (then node_modules loads, slower). */
function bundled (specifier) {
  const file = TYPEBOX.has(specifier) ? join(TYPEBOX_DIR, TYPEBOX.get(specifier)) : specifier === 'tap' ? TAP : undefined
  return file !== undefined && existsSync(file) ? pathToFileURL(file).href : undefined
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
 */
export function resolve (specifier, context, nextResolve) {
  const url = bundled(specifier)
  if (url !== undefined) return { url, format: 'module', shortCircuit: true }
  return nextResolve(sourceFile(specifier, context.parentURL) ?? specifier, context)
}
