// How test processes run the TypeScript sources: Node's own type stripping, plus two resolve rules (package.json
// tap.node-arg loads this file with --import; test/processes.ts does the same for the emulator processes it starts).
// Why not tsx: its loader runs off-thread and transforms each file; importing the app took a test process 1.0 s with
// tsx's cache warm and 2.4 s with it cold (a fresh clone), against 0.9 s cold and 0.5 s cached here. Node strips the
// types in-thread, these hooks are synchronous (module.registerHooks), and Node's compile cache keeps each file's
// stripped and compiled form between processes, keyed by content, so an edit is seen at once.
// The sources are written for it: tsconfig.json has erasableSyntaxOnly and verbatimModuleSyntax, so a construct Node
// cannot strip fails the type-check instead of a test.
import { existsSync } from 'node:fs'
import { enableCompileCache, registerHooks } from 'node:module'
import { join } from 'node:path'
import { URL, fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = join(import.meta.dirname, '../..')
enableCompileCache(join(ROOT, 'node_modules/.cache/drawing-api-emulator/compile'))
/** typebox's entries → the single-module bundle test/runner/typebox-bundle.mjs writes before the tests. */
const TYPEBOX_DIR = join(ROOT, 'node_modules/.cache/drawing-api-emulator/typebox')
const TYPEBOX = new Map([['typebox', 'typebox.mjs'], ['typebox/value', 'typebox-value.mjs'], ['typebox/compile', 'typebox-compile.mjs']])

/** A bundled typebox entry's URL, or undefined when the bundle is missing (then node_modules/typebox loads, slower). */
function typeboxBundle (specifier) {
  const file = TYPEBOX.has(specifier) ? join(TYPEBOX_DIR, TYPEBOX.get(specifier)) : undefined
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

registerHooks({
  resolve (specifier, context, nextResolve) {
    const bundled = typeboxBundle(specifier)
    if (bundled !== undefined) return { url: bundled, format: 'module', shortCircuit: true }
    return nextResolve(sourceFile(specifier, context.parentURL) ?? specifier, context)
  }
})
