// A process npm started (`npx drawing-api-emulator …`, an npm script without `exec`) runs under `sh -c` that npm
// sends SIGTERM and SIGINT to, and that shell never passes them on: SIGTERM ends the shell and leaves this process
// running (holding its port), SIGINT is caught by the shell (dash and bash catch it under `-c`) and held until this
// process ends on its own, so `kill -INT <npx's pid>; wait` never returns. Such a process watches its parent: gone
// (left to init) is npm's SIGTERM; a shell that runs just this command, woken while it waits for it, is npm's SIGINT.
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'

/** How often the parent is checked (a stop within 2 s of the signal); the timer never keeps the process alive. */
const CHECK_MS = 250
/**
 * The parent when this module was loaded, early in the start: a signal can end the shell while the server is still
 * starting (between Fastify's own "listening" line and the watch), and a parent read only then would already be the
 * new one, so the watch would never fire.
 */
const PARENT_AT_LOAD = process.ppid
const SIGNALS = ['SIGINT', 'SIGTERM'] as const

/** What the watch reads of the parent shell in /proc (Linux): how often it woke, and who its parent is. */
interface ShellState { wakes: number, parent: number }

/**
 * The words of a shell command that is one simple command (no `;`, `&`, `|`, redirection, subshell or
 * substitution outside quotes), else undefined. Enough for what npm writes: words, quoted or escaped.
 */
export function simpleCommandWords (command: string): string[] | undefined {
  const words: string[] = []
  let word: string | undefined
  for (let i = 0; i < command.length; i++) {
    const c = command[i]
    if (c === '\'' || c === '"') {
      const end = command.indexOf(c, i + 1)
      const quoted = command.slice(i + 1, end)
      if (end < 0 || (c === '"' && /[$`\\]/.test(quoted))) return undefined
      word = (word ?? '') + quoted
      i = end
    } else if (c === '\\' && command[i + 1] !== '\n') {
      word = (word ?? '') + (command[++i] ?? '')
    } else if (c === ' ' || c === '\t') {
      if (word !== undefined) words.push(word)
      word = undefined
    } else if (/[;&|<>()`$\n]/.test(c)) {
      return undefined
    } else {
      word = (word ?? '') + c
    }
  }
  if (word !== undefined) words.push(word)
  return words
}

/**
 * Whether `argv` (a shell's command line) is `sh -c <this process's command>`: one simple command whose last words
 * are this process's arguments and one of whose words names its script. Only then does the shell wake for nothing
 * but npm's SIGINT or this process's end; a script that also runs other commands (`server & wait-on …; npm test`)
 * wakes it whenever one of them ends.
 */
export function runsOnlyThisCommand (argv: readonly string[], self: readonly string[] = process.argv): boolean {
  const words = argv.length === 3 ? simpleCommandWords(argv[2]) : undefined
  if (words === undefined) return false
  const args = self.slice(2)
  const tail = words.slice(words.length - args.length)
  const script = basename(self[1] ?? '')
  return words.length > args.length && args.every((arg, i) => tail[i] === arg) && words.slice(0, words.length - args.length).some((w) => basename(w) === script)
}

/** True when this process is the only child of `pid` (/proc/<pid>/task/<pid>/children, Linux). */
function onlyChildOf (pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim() === String(process.pid)
  } catch {
    return false
  }
}

/**
 * The parent's state when it is a shell running just this command (`sh -c <it>`) with this process its only child,
 * else undefined (no /proc, not a shell, a shell running more).
 */
function shellState (pid: number): ShellState | undefined {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0$/, '').split('\0')
    if (argv[1] !== '-c' || !/(^|\/)(sh|dash|bash|zsh)$/.test(argv[0]) || !runsOnlyThisCommand(argv) || !onlyChildOf(pid)) return undefined
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
 * a shell running just this command woke. Such a shell sleeps in wait() and wakes only for a signal it catches
 * (SIGINT) or for this process stopping; a watch that was itself stopped (its check came late) reads the shell anew
 * instead. The watch ends at the first SIGINT or SIGTERM this process gets itself (Ctrl-C signals the whole
 * process group, shell included): raising it again would be a second signal, which ends a stop half-way. Returns a
 * function that stops watching.
 */
export function stopWhenOrphaned (env: Record<string, string | undefined>, stop: (signal: NodeJS.Signals) => void): () => void {
  if (env.npm_lifecycle_event === undefined) return () => {}
  const parent = PARENT_AT_LOAD
  let shell = shellState(parent)
  let checked = Date.now()
  let watching = true
  const timer = setInterval(() => {
    const late = Date.now() - checked > CHECK_MS * 4
    checked = Date.now()
    const signal = process.ppid !== parent ? 'SIGTERM' : shellSignal(shell, shellState(parent), late)
    if (signal === undefined) {
      if (late) shell = shellState(parent)
      return
    }
    clearInterval(timer)
    // After the poll phase: a signal this process got itself at the same moment is handled first, and wins.
    setImmediate(() => { if (unwatch()) stop(signal) })
  }, CHECK_MS)
  timer.unref()
  const onSignal = (signal: NodeJS.Signals) => {
    // Stands in for the default action only while nothing else listens: then the signal ends the process.
    if (unwatch() && process.listenerCount(signal) === 0) process.kill(process.pid, signal)
  }
  for (const signal of SIGNALS) process.on(signal, onSignal)
  /** Ends the watch; true the first time. */
  function unwatch (): boolean {
    clearInterval(timer)
    for (const signal of SIGNALS) process.off(signal, onSignal)
    const was = watching
    watching = false
    return was
  }
  return () => { unwatch() }
}

/** The signal a change of the shell's state means, if any. */
function shellSignal (before: ShellState | undefined, now: ShellState | undefined, late: boolean): NodeJS.Signals | undefined {
  if (before === undefined || now === undefined) return undefined
  if (now.parent !== before.parent) return 'SIGTERM'
  return !late && now.wakes !== before.wakes ? 'SIGINT' : undefined
}
