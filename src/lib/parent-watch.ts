// A process npm started (`npx drawing-api-emulator …`, an npm script without `exec`) runs under `sh -c` that npm
// sends SIGTERM and SIGINT to, and that shell never passes them on: SIGTERM ends the shell and leaves this process
// running (holding its port), SIGINT is caught by the shell (dash and bash catch it under `-c`) and held until this
// process ends on its own, so `kill -INT <npx's pid>; wait` never returns. Such a process watches its parent: gone
// (left to init) is npm's SIGTERM; a shell woken while it waits for this process is npm's SIGINT.
import { readFileSync } from 'node:fs'

/** How often the parent is checked (a stop within 2 s of the signal); the timer never keeps the process alive. */
const CHECK_MS = 250
/**
 * The parent when this module was loaded, early in the start: a signal can end the shell while the server is still
 * starting (between Fastify's own "listening" line and the watch), and a parent read only then would already be the
 * new one, so the watch would never fire.
 */
const PARENT_AT_LOAD = process.ppid

/** What the watch reads of the parent shell in /proc (Linux): how often it woke, and who its parent is. */
interface ShellState { wakes: number, parent: number }

/** The parent's state when it is a shell running one command (`sh -c …`), else undefined (no /proc, not a shell). */
function shellState (pid: number): ShellState | undefined {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    if (argv[1] !== '-c' || !/(^|\/)(sh|dash|bash|zsh)$/.test(argv[0])) return undefined
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const field = (name: string) => Number(new RegExp(`^${name}:\\s*(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN)
    return { wakes: field('voluntary_ctxt_switches'), parent: field('PPid') }
  } catch {
    return undefined
  }
}

/**
 * Calls `stop` once with the signal npm meant, if npm started this process (npm sets `npm_lifecycle_event` in the
 * environment of everything it runs): SIGTERM when the parent is gone, or when npm above the shell is; SIGINT when
 * the shell woke. A shell waiting for its only child sleeps in wait() and wakes only for a signal it catches
 * (SIGINT) or for this process stopping; a watch that was itself stopped (its check came late) reads the shell anew
 * instead. Returns a function that stops watching.
 */
export function stopWhenOrphaned (env: Record<string, string | undefined>, stop: (signal: NodeJS.Signals) => void): () => void {
  if (env.npm_lifecycle_event === undefined) return () => {}
  const parent = PARENT_AT_LOAD
  let shell = shellState(parent)
  let checked = Date.now()
  const timer = setInterval(() => {
    const late = Date.now() - checked > CHECK_MS * 4
    checked = Date.now()
    const signal = process.ppid !== parent ? 'SIGTERM' : shellSignal(shell, shellState(parent), late)
    if (signal === undefined) {
      if (late) shell = shellState(parent)
      return
    }
    clearInterval(timer)
    stop(signal)
  }, CHECK_MS)
  timer.unref()
  return () => clearInterval(timer)
}

/** The signal a change of the shell's state means, if any. */
function shellSignal (before: ShellState | undefined, now: ShellState | undefined, late: boolean): NodeJS.Signals | undefined {
  if (before === undefined || now === undefined) return undefined
  if (now.parent !== before.parent) return 'SIGTERM'
  return !late && now.wakes !== before.wakes ? 'SIGINT' : undefined
}
