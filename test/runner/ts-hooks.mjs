// How test processes run the TypeScript sources: Node's own type stripping, plus two resolve rules (package.json
// tap.node-arg loads this file with --import; test/processes.ts does the same for the emulator processes it starts).
// Why not tsx: its loader runs off-thread and transforms each file; importing the app took a test process 1.0 s with
// tsx's cache warm and 2.4 s with it cold (a fresh clone), against 0.9 s cold and 0.5 s cached here. Node strips the
// types in-thread, these hooks are synchronous (module.registerHooks; on Node 22.14, which lacks it, module.register
// runs them on a thread of their own, and Node needs --experimental-strip-types: .ci/run passes it), and Node's compile cache keeps each file's
// stripped and compiled form between processes, keyed by content, so an edit is seen at once.
// The sources are written for it: tsconfig.json has erasableSyntaxOnly and verbatimModuleSyntax, so a construct Node
// cannot strip fails the type-check instead of a test.
import { enableCompileCache } from 'node:module'
import { join } from 'node:path'
import process from 'node:process'
import { URL } from 'node:url'
import { registerResolve } from './register-resolve.mjs'

const ROOT = join(import.meta.dirname, '../..')
const COMPILE_CACHE = join(ROOT, 'node_modules/.cache/drawing-api-emulator/compile')
enableCompileCache(COMPILE_CACHE)
// The processes a test starts that do not load this file (npm and npx, dist/cli.js, scripts) read the same cache
// through the environment, unless the run names a cache or turns it off: npx's own start is about 0.2 s of CPU less.
// Only dist/'s own compile-cache test (server-bundle.test.ts) looks at where the cache goes, and it clears both.
if (process.env.NODE_COMPILE_CACHE === undefined && process.env.NODE_DISABLE_COMPILE_CACHE === undefined) {
  process.env.NODE_COMPILE_CACHE = COMPILE_CACHE
}
// Source maps off for what loads from here on: tap turns them on in every test process (--enable-source-maps, and its
// processinfo hook), and then Node reads the map of each module that names one (tap's own, its dependencies') and
// counts every module's line lengths, about 4% of a test process's CPU. The sources need no map: type stripping keeps
// each line and column, so a stack points into src/ and test/ as written; only frames in node_modules stay unmapped.
process.setSourceMapsEnabled(false)
await registerResolve(new URL('./resolve-hooks.mjs', import.meta.url))
