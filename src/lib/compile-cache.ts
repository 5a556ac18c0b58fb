// Node's module compile cache for the bundle: V8's compiled code for dist/'s chunks, written to disk by one start and
// read by every later one instead of compiling 1.5 MB of JavaScript again (compiling was about a sixth of a start's
// CPU time, docs/performance.md). Node keeps it in NODE_COMPILE_CACHE when set (the image sets it), else in
// <tmpdir>/node-compile-cache, one folder per Node version and user; NODE_DISABLE_COMPILE_CACHE=1 turns it off. A
// cache that cannot be read or written costs nothing: the code is compiled as without one.
import module from 'node:module'

/** Turns the cache on for every module loaded after this call (Node 22.1 and later). */
export function enableCompileCache (): void {
  // Absent before Node 22.1: the CLI calls this before anything can refuse such a Node (store/database.ts).
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.()
}
