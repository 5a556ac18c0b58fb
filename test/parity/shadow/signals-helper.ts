// The shared parts of the signal tests (signals*.test.ts): `shadow` and `parity` started as a user starts them (node
// dist/cli.js, node_modules/.bin/drawing-api-emulator, npx in a project that installed the package, or the CLI from
// src/ under a shell), waited for, signalled and timed. The files are split so each stays well inside tap's timeout.
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import type { Test } from 'tap'
import { ROOT, installedProject, userEnv } from '../../processes.js'
import { until } from '../../until.js'

const CLI = join(ROOT, 'dist', 'cli.js')
/** The generous bound of a stop ("did it stop"); the figures are in docs/parity.md. */
export const STOP_BOUND_MS = 15_000

export type Launcher = 'node' | 'bin' | 'npx'
const LAUNCHERS: Record<Launcher, (args: string[]) => [string, string[]]> = {
  node: (args) => [process.execPath, [CLI, ...args]],
  bin: (args) => ['node_modules/.bin/drawing-api-emulator', args],
  npx: (args) => ['npx', ['drawing-api-emulator', ...args]]
}

export interface Started { child: ReturnType<typeof spawn>, output: () => string, closed: Promise<number | null>, signalled: () => NodeJS.Signals | null }

export function launch (launcher: Launcher, cwd: string, args: string[]): Started {
  const [file, argv] = LAUNCHERS[launcher](args)
  return spawned(file, argv, cwd, userEnv())
}

export function spawned (file: string, argv: string[], cwd: string, env: NodeJS.ProcessEnv): Started {
  // Its own process group, so a test that fails can end all it started (npm, its shell, the command).
  const child = spawn(file, argv, { cwd, detached: true, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  let signalled: NodeJS.Signals | null = null
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const closed = new Promise<number | null>((resolve) => child.on('close', (code, signal) => { signalled = signal; resolve(code) }))
  return { child, output: () => output, closed, signalled: () => signalled }
}

/**
 * The shared wait, with the process's output so far in its failure. The default deadline only catches a hang: on two
 * cores under a whole suite a process's start took over 20 s.
 */
export async function waitFor (ready: () => boolean | Promise<boolean>, what: string, started: Started, withinMs = 90_000): Promise<void> {
  await until(ready, () => `${what}:\n${started.output()}`, withinMs, 25)
}

export function portFree (port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/** Signals the started process, resolves with the milliseconds until it and everything it started had ended. */
export async function stopped (t: Test, started: Started, signal: NodeJS.Signals): Promise<number> {
  const sent = Date.now()
  started.child.kill(signal)
  const ended = await Promise.race([started.closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_BOUND_MS))])
  const ms = Date.now() - sent
  if (!ended && started.child.pid !== undefined) process.kill(-started.child.pid, 'SIGKILL')
  t.ok(ended, `stopped within ${STOP_BOUND_MS} ms (took ${ms} ms)`)
  return ms
}

/**
 * A project that installed the package (a symlink to this checkout), removed when the file ends; `skip` says why when
 * there is no executable dist/cli.js. `figures` collects the stop times, printed when the file ends.
 */
export function installedFor (t: Test): { dir: string, skip: string | false, figures: string[] } {
  const dir = installedProject() ?? ''
  t.teardown(() => { if (dir !== '') rmSync(dir, { recursive: true, force: true }) })
  const figures: string[] = []
  t.teardown(() => { if (figures.length > 0) console.log(`# stop figures: ${figures.join('; ')}`) })
  return { dir, skip: dir !== '' ? false : 'no executable dist/cli.js: run npm run build', figures }
}
