// Start to the first 200, each server a fresh process, all of them in turn in every round so that each ratio compares
// starts made under the same load: a bare Fastify route (the ceiling), `npm start` (dist/server.js, demo fixtures),
// the same with Node's compile cache off (what the first start after an install or a build does), `npx
// drawing-api-emulator` from a packed install (npm pack, npm install into an empty project, as a user does) and that
// install's bin without npx, and the image when BENCH_IMAGE names one (podman run). npx and podman add their own start
// to any server's, so each also has a bare Fastify twin started the same way: a package with the bare server as its
// bin, installed into the same project and run with npx, and the bare server run with podman in the same image. One
// untimed start of each first: it fills the compile cache, as any earlier start on the machine does; every timed start
// after it is a fresh process. Before them, the in-process start a test suite makes (startEmulator(), each after the
// first in one process: in-process-start.mjs).
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startServer, stopServer, type ServerSpec } from './processes.js'
import { BARE, READ_PATH, emulatorSpec } from './serving.js'

export interface StartSettings { starts: number, inProcessStarts: number, workDir: string, basePort: number, image?: string }

/**
 * Milliseconds to the first 200 of each start, by case, and the CPU time the server process had used by then (for
 * the cases where that process is the server itself: not npx's or podman's); the cases that could not run, and why.
 */
export interface StartResult {
  ms: Record<StartCase, number[]>
  cpuMs: Partial<Record<StartCase, number[]>>
  skipped: Partial<Record<StartCase, string>>
  /** startEmulator() to its first answer in one process (in-process-start.mjs): the first, and each after it. */
  inProcess: { firstMs: number, ms: number[] }
}

/** The cases whose spawned process is the server's own Node process. */
const OWN_PROCESS: readonly StartCase[] = ['bare', 'server', 'uncached', 'bin']

export type StartCase = 'bare' | 'server' | 'uncached' | 'npx' | 'bin' | 'image' | 'bareNpx' | 'bareImage'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** npx and the bin it runs find `node` on PATH: this Node (the repo's Node 24) first. */
const PATH = `${dirname(process.execPath)}:${process.env.PATH ?? ''}`

function run (file: string, args: string[], cwd: string): string {
  const result = spawnSync(file, args, { cwd, encoding: 'utf8', env: { ...process.env, PATH }, timeout: 300_000 })
  if (result.status !== 0) throw new Error(`${file} ${args.join(' ')}: ${(result.stderr || result.error?.message || '').trim().split('\n').slice(-3).join(' ')}`)
  return result.stdout
}

/** The package as `npm pack` makes it, installed into an empty project; the project's folder. */
function packedInstall (workDir: string): string {
  const project = join(workDir, 'packed')
  mkdirSync(project, { recursive: true })
  // --ignore-scripts: dist/ is built already (npm run bench builds first); prepack would build it again.
  const tarball = join(workDir, run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', workDir], ROOT).trim().split('\n').pop() ?? '')
  writeFileSync(join(project, 'package.json'), '{ "name": "bench-consumer", "private": true, "type": "module" }\n')
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball], project)
  return project
}

/** The fastify this repository has (the emulator bundles its own copy into dist/, so an install of it has none). */
const FASTIFY_VERSION = (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'fastify', 'package.json'), 'utf8')) as { version: string }).version

/** The bare server as a package's bin, depending on that fastify, installed into that project: what npx runs for it. */
const BARE_BIN = 'bench-bare-fastify'
function installBareBin (project: string): void {
  const folder = join(project, 'bare')
  mkdirSync(folder, { recursive: true })
  const manifest = { name: BARE_BIN, version: '1.0.0', type: 'module', bin: { [BARE_BIN]: 'server.mjs' }, dependencies: { fastify: FASTIFY_VERSION } }
  writeFileSync(join(folder, 'package.json'), JSON.stringify(manifest))
  writeFileSync(join(folder, 'server.mjs'), `#!/usr/bin/env node\n${readFileSync(BARE, 'utf8')}`, { mode: 0o755 })
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', './bare'], project)
}

function specs (settings: StartSettings, skipped: StartResult['skipped']): Array<[StartCase, ServerSpec]> {
  const port = (offset: number) => settings.basePort + offset
  const bodyFile = join(settings.workDir, 'start-body.json')
  writeFileSync(bodyFile, '{"limit":20,"offset":0,"hasNextPage":false,"data":[]}')
  const bareEnv = { BENCH_BODY: bodyFile, BENCH_PATH: '/api/v1/collections' }
  const bare = (name: string, offset: number): ServerSpec => ({ name, script: BARE, env: bareEnv, port: port(offset), path: READ_PATH, headers: {} })
  const list: Array<[StartCase, ServerSpec]> = [
    ['bare', bare('bare', 3)],
    ['server', emulatorSpec('server', port(4), {}, 'sk-demo-full')],
    ['uncached', emulatorSpec('uncached', port(11), { NODE_DISABLE_COMPILE_CACHE: '1' }, 'sk-demo-full')]
  ]
  try {
    const cwd = packedInstall(settings.workDir)
    list.push(['npx', { ...emulatorSpec('npx', port(12), { PATH }, 'sk-demo-full'), command: { file: 'npx', args: ['drawing-api-emulator'], cwd } }])
    // What npx ends up running, without npm's own start: the installed bin, as a package.json script runs it.
    const bin = { file: join(cwd, 'node_modules', '.bin', 'drawing-api-emulator'), args: [], cwd }
    list.push(['bin', { ...emulatorSpec('bin', port(14), { PATH }, 'sk-demo-full'), command: bin }])
    installBareBin(cwd)
    list.push(['bareNpx', { ...bare('bareNpx', 15), env: { ...bareEnv, PATH }, command: { file: 'npx', args: [BARE_BIN], cwd } }])
  } catch (error) {
    skipped.npx = skipped.bin = skipped.bareNpx = `the packed install failed: ${(error as Error).message}`
  }
  if (settings.image === undefined) skipped.image = skipped.bareImage = 'set BENCH_IMAGE to an image built from the Dockerfile (podman)'
  else {
    list.push(['image', { ...emulatorSpec('image', port(13), {}, 'sk-demo-full'), command: imageCommand(settings.image, port(13)) }])
    list.push(['bareImage', { ...bare('bareImage', 16), command: imageCommand(settings.image, port(16), bodyFile) }])
  }
  return list
}

let containers = 0
/**
 * podman run in the foreground (it passes SIGTERM on to the container), with the flags scripts/docker-smoke.sh needs
 * here; with `bareBody`, the image's node runs the bare server instead, sending that file, with this repository's
 * node_modules mounted beside it for its fastify (the image has none: the emulator's is bundled).
 */
function imageCommand (image: string, port: number, bareBody?: string): NonNullable<ServerSpec['command']> {
  const name = `emulator-bench-${process.pid}-${containers++}`
  const bare = bareBody === undefined
    ? []
    : ['-v', `${BARE}:/bench/bare-server.mjs:ro`, '-v', `${join(ROOT, 'node_modules')}:/bench/node_modules:ro`, '-v', `${bareBody}:/bench/body.json:ro`,
        '-e', 'BENCH_BODY=/bench/body.json', '-e', 'BENCH_PATH=/api/v1/collections', '--entrypoint', 'node']
  return { file: 'podman', args: ['run', '--rm', '--name', name, '--runtime', 'runc', '--ulimit', 'nofile=1024:1024', '--ulimit', 'nproc=1024:1024',
    '-p', `127.0.0.1:${port}:4000`, ...bare, image, ...(bareBody === undefined ? [] : ['/bench/bare-server.mjs'])] }
}

async function startOnce (spec: ServerSpec, log: string): Promise<{ ms: number, cpuMs: number }> {
  const { running, ms, cpuMs } = await startServer(spec, log)
  await stopServer(running)
  if (spec.command?.file === 'podman') spawnSync('podman', ['rm', '-f', spec.command.args[3]], { stdio: 'ignore' })
  return { ms, cpuMs }
}

/** In-process starts (a test suite's startEmulator()), `runs` after the first, in a Node process of their own. */
function inProcessStarts (runs: number): StartResult['inProcess'] {
  const script = join(ROOT, 'scripts', 'bench', 'in-process-start.mjs')
  return JSON.parse(run(process.execPath, [script, String(runs)], ROOT)) as StartResult['inProcess']
}

export async function measureStarts (settings: StartSettings): Promise<StartResult> {
  const log = join(settings.workDir, 'starts.log')
  const inProcess = inProcessStarts(settings.inProcessStarts)
  const result: StartResult = {
    ms: { bare: [], server: [], uncached: [], npx: [], bin: [], image: [], bareNpx: [], bareImage: [] }, cpuMs: {}, skipped: {}, inProcess
  }
  const cases = specs(settings, result.skipped)
  for (const [, spec] of cases) await startOnce(spec, log)
  for (let i = 0; i < settings.starts; i++) {
    for (const [name, spec] of cases) {
      // Each podman run needs a container name of its own.
      const fresh = spec.command?.file === 'podman' && settings.image !== undefined
        ? { ...spec, command: imageCommand(settings.image, spec.port, name === 'bareImage' ? join(settings.workDir, 'start-body.json') : undefined) }
        : spec
      const { ms, cpuMs } = await startOnce(fresh, log)
      result.ms[name].push(ms)
      if (OWN_PROCESS.includes(name)) (result.cpuMs[name] ??= []).push(cpuMs)
    }
  }
  return result
}
