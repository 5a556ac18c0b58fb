// Starting the emulator as a real process for tests: through src/server.ts or the CLI, its types stripped by Node.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** The node arguments that run src/*.ts directly: Node's type stripping and the test runner's resolve rules. */
export const TS = ['--import', fileURLToPath(new URL('runner/ts-hooks.mjs', import.meta.url))]

export interface Running { child: ChildProcess, url: string, output: () => string }

/** Spawns `entry` (a path under src/) with args and env; resolves once it prints its URL. */
export function startProcess (entry: string, args: string[], env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, [...TS, entry, ...args], {
    cwd: ROOT, env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  return new Promise((resolve, reject) => {
    // A hang's deadline, not a start budget: a start takes 1 to 3 s, and over 20 s on two cores under a whole suite.
    const timer = setTimeout(() => { child.kill(); reject(new Error(`no start within 90 s:\n${output}`)) }, 90_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening at (http:\/\/[^\s"]+)/.exec(output)
      if (match) { clearTimeout(timer); resolve({ child, url: match[1], output: () => output }) }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`exited with ${code}:\n${output}`)) })
  })
}

export interface Finished { code: number | null, stdout: string, stderr: string }

/** Runs `entry` to completion; resolves with its exit code and output. */
export function runProcess (entry: string, args: string[], env: Record<string, string> = {}): Promise<Finished> {
  return runNode([...TS, entry, ...args], env)
}

/**
 * Runs node with `argv` to completion. Resolves on 'close', not 'exit': at 'exit' the output pipes may still hold
 * the child's last lines, which are the ones tests compare.
 */
export function runNode (argv: string[], env: Record<string, string> = {}): Promise<Finished> {
  const child = spawn(process.execPath, argv, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c: Buffer) => { stdout += c.toString() })
  child.stderr.on('data', (c: Buffer) => { stderr += c.toString() })
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
}

/** Sends SIGTERM and resolves with the exit code. */
export function stopProcess (child: ChildProcess): Promise<number | null> {
  child.removeAllListeners('exit')
  return new Promise((resolve) => { child.on('exit', (code) => resolve(code)); child.kill('SIGTERM') })
}

export async function getJson (url: string, key = 'sk-demo-full'): Promise<{ status: number, body: any }> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } })
  return { status: res.status, body: await res.json() }
}

/**
 * A project that installed this package, as npm lays it out (node_modules/drawing-api-emulator and its bin link to
 * dist/cli.js), for running the command as a user does (npx, node_modules/.bin); undefined without an executable
 * build (npm run build). The caller removes the folder.
 */
export function installedProject (): string | undefined {
  const cli = join(ROOT, 'dist', 'cli.js')
  if (!existsSync(cli) || (statSync(cli).mode & 0o111) === 0) return undefined
  const dir = mkdtempSync(join(tmpdir(), 'installed-'))
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true })
  writeFileSync(join(dir, 'package.json'), '{"name":"a-client","version":"1.0.0","private":true}\n')
  symlinkSync(ROOT, join(dir, 'node_modules', 'drawing-api-emulator'))
  symlinkSync('../drawing-api-emulator/dist/cli.js', join(dir, 'node_modules', '.bin', 'drawing-api-emulator'))
  return dir
}

/** The environment of a command a user runs: the Node the project installed first on PATH, no npm script around it. */
export function userEnv (extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // The tests run under npm (npx tap), which sets npm_lifecycle_event; a user's shell does not.
  const { npm_lifecycle_event: _npm, ...env } = process.env
  return { ...env, PATH: `${join(ROOT, 'node_modules', '.bin')}:${env.PATH ?? ''}`, ...extra }
}
