// Server processes for the benchmark: each in its own process group on 127.0.0.1, stopped by its PID (never by
// name), with every wait bounded in time; start-to-first-200 and memory read from /proc.
import { spawn, type ChildProcess } from 'node:child_process'
import { openSync, closeSync, readFileSync } from 'node:fs'
import http from 'node:http'

export const HOST = '127.0.0.1'

export interface ServerSpec {
  name: string
  /** Script run with this Node (no loader: what is timed is what a user starts). */
  script: string
  /** Node's own options before the script (the soak's BENCH_SOAK_NODE_ARGS: --trace-gc, --max-semi-space-size...). */
  nodeArgs?: string[]
  /** Instead of `node script`: a command and its arguments (npx, podman), run from `cwd`. */
  command?: { file: string, args: string[], cwd?: string }
  env: Record<string, string>
  port: number
  /** The request that proves the server is up (and that the load runs). */
  path: string
  headers: Record<string, string>
}

export interface Running { spec: ServerSpec, child: ChildProcess, exited: Promise<void> }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One GET; resolves with its status (0 when nothing answered). */
export function probe (spec: ServerSpec, timeoutMs = 2000): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get({ host: HOST, port: spec.port, path: spec.path, headers: spec.headers, agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', () => resolve(0))
    })
    request.setTimeout(timeoutMs, () => request.destroy())
    request.on('error', () => resolve(0))
  })
}

export function spawnServer (spec: ServerSpec, logFile: string): Running {
  const fd = openSync(logFile, 'a')
  const child = spawn(spec.command?.file ?? process.execPath, spec.command?.args ?? [...(spec.nodeArgs ?? []), spec.script], {
    cwd: spec.command?.cwd,
    env: { ...process.env, ...spec.env, PORT: String(spec.port), HOST },
    stdio: ['ignore', fd, fd],
    detached: true
  })
  closeSync(fd)
  const exited = new Promise<void>((resolve) => { child.once('exit', () => resolve()) })
  return { spec, child, exited }
}

/** Milliseconds from `startedAt` to the first 200 on the spec's path, polled every 5 ms. */
export async function firstOk (running: Running, startedAt: number, limitMs = 60_000): Promise<number> {
  while (performance.now() - startedAt < limitMs) {
    if (running.child.exitCode !== null) throw new Error(`${running.spec.name} exited with ${running.child.exitCode} before answering`)
    if (await probe(running.spec) === 200) return performance.now() - startedAt
    await sleep(5)
  }
  throw new Error(`${running.spec.name}: no 200 within ${limitMs} ms`)
}

/** SIGTERM to the server's process group, SIGKILL after 5 s. */
export async function stopServer (running: Running): Promise<void> {
  const pid = running.child.pid
  if (pid === undefined || running.child.exitCode !== null) return
  try { process.kill(-pid, 'SIGTERM') } catch { return }
  const stopped = await Promise.race([running.exited.then(() => true), sleep(5000).then(() => false)])
  if (!stopped) {
    try { process.kill(-pid, 'SIGKILL') } catch { /* already gone */ }
    await Promise.race([running.exited, sleep(5000)])
  }
}

/**
 * CPU time (user + system, ms, in clock ticks of 10 ms) the process itself has used so far: what a start costs
 * whatever else the machine runs, where the time to the first 200 grows with the load.
 */
export function cpuMsOf (running: Running): number {
  const fields = readFileSync(`/proc/${running.child.pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** Starts a server and waits for its first 200; returns it with the time that took and the CPU time it used. */
export async function startServer (spec: ServerSpec, logFile: string): Promise<{ running: Running, ms: number, cpuMs: number }> {
  // Another process on the port (a second bench, a server left running) would answer for this one.
  if (await probe(spec, 1000) !== 0) throw new Error(`${spec.name}: something already answers on port ${spec.port} (set BENCH_PORT)`)
  const startedAt = performance.now()
  const running = spawnServer(spec, logFile)
  try {
    const ms = await firstOk(running, startedAt)
    return { running, ms, cpuMs: cpuMsOf(running) }
  } catch (error) {
    await stopServer(running)
    throw error
  }
}

/** VmRSS and VmHWM (peak) of a process, in MiB. */
export function memoryOf (running: Running): { rss: number, peak: number } {
  const status = readFileSync(`/proc/${running.child.pid}/status`, 'utf8')
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 }
}
