// A server started by npm (`npx drawing-api-emulator`, an npm script without `exec`) runs under a shell that npm
// sends SIGTERM and SIGINT to, and that shell ends without passing them on: the server would keep running, holding
// its port. Such a server watches its parent and, once it is gone (the process was left to init), stops as SIGTERM
// would stop it.

/** How often the parent is checked; the timer never keeps the process alive. */
const CHECK_MS = 500
/**
 * The parent when this module was loaded, early in the start: a signal can end the shell while the server is still
 * starting (between Fastify's own "listening" line and the watch), and a parent read only then would already be the
 * new one, so the watch would never fire.
 */
const PARENT_AT_LOAD = process.ppid

/**
 * Calls `stop` once when this process's parent changes, if npm started it (npm sets `npm_lifecycle_event` in the
 * environment of everything it runs). Returns a function that stops watching.
 */
export function stopWhenOrphaned (env: Record<string, string | undefined>, stop: () => void): () => void {
  if (env.npm_lifecycle_event === undefined) return () => {}
  const parent = PARENT_AT_LOAD
  const timer = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(timer)
    stop()
  }, CHECK_MS)
  timer.unref()
  return () => clearInterval(timer)
}
