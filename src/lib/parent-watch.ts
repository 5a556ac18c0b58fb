// A server started by npm (`npx drawing-api-emulator`, an npm script without `exec`) runs under a shell that npm
// sends SIGTERM and SIGINT to, and that shell ends without passing them on: the server would keep running, holding
// its port. Such a server watches its parent and, once it is gone (the process was left to init), stops as SIGTERM
// would stop it.

/** How often the parent is checked; the timer never keeps the process alive. */
const CHECK_MS = 500

/**
 * Calls `stop` once when this process's parent changes, if npm started it (npm sets `npm_lifecycle_event` in the
 * environment of everything it runs). Returns a function that stops watching.
 */
export function stopWhenOrphaned (env: Record<string, string | undefined>, stop: () => void): () => void {
  if (env.npm_lifecycle_event === undefined) return () => {}
  const parent = process.ppid
  const timer = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(timer)
    stop()
  }, CHECK_MS)
  timer.unref()
  return () => clearInterval(timer)
}
