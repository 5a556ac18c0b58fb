/* global process, console, setTimeout, performance */
// Where a start's CPU time goes: runs `node --cpu-prof dist/server.js` RUNS times, with npm start's Node options
// (each a fresh process, on 127.0.0.1:PORT, stopped with SIGTERM once GET /api/v1/collections has answered 200),
// then prints the mean self and total time per run by source file (dist/'s chunks mapped back to src/ and to
// packages through their source maps; Node's own modules as node-internal) and by function. The profiles stay in
// the folder it names, for Chrome's DevTools. Needs `npm run build`; run with the repo's Node 24:
//   node_modules/.bin/node scripts/profile-start.mjs [runs, default 5] [rows, default 30]
//   PORT=4399, PROFILE_DIR=<folder> (default: a new one in the system's temporary folder), and any setting of
//   the server (EMULATOR_*, NODE_DISABLE_COMPILE_CACHE=1 for a start without the compile cache)
// Includes the process's exit after the first 200 (closing the database, writing the compile cache when it changed).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import http from 'node:http'
import { SourceMap } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { URL, fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const RUNS = Number(process.argv[2] ?? 5)
const ROWS = Number(process.argv[3] ?? 30)
const PORT = Number(process.env.PORT ?? 4399)
const DIR = process.env.PROFILE_DIR ?? mkdtempSync(join(tmpdir(), 'emulator-profile-'))
// The Node options between `node` and `dist/server.js` in package.json's start script: profiled as npm start runs it.
const START_WORDS = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start.split(/\s+/)
const START_NODE_ARGS = START_WORDS.slice(START_WORDS.indexOf('node') + 1, START_WORDS.indexOf('dist/server.js'))
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function probe () {
  return new Promise((resolve) => {
    const options = { host: '127.0.0.1', port: PORT, path: '/api/v1/collections', headers: { authorization: 'Bearer sk-demo-full' }, agent: false }
    const request = http.get(options, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode))
    })
    request.setTimeout(2000, () => request.destroy())
    request.on('error', () => resolve(0))
  })
}

/** One start under the profiler, to its first 200; resolves once the process has exited (the profile is written). */
async function profileOnce () {
  const startedAt = performance.now()
  const args = ['--cpu-prof', '--cpu-prof-dir', DIR, '--cpu-prof-interval', '100', ...START_NODE_ARGS, join(ROOT, 'dist', 'server.js')]
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit']
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  while (await probe() !== 200) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    if (performance.now() - startedAt > 60_000) throw new Error('no 200 within 60 s')
    await sleep(5)
  }
  const ms = performance.now() - startedAt
  child.kill('SIGTERM')
  await exited
  return ms
}

const maps = new Map()
/** The source map of a dist/ file, or null. */
function mapOf (url) {
  if (!maps.has(url)) {
    const file = url.startsWith('file:') ? fileURLToPath(url) : url
    maps.set(url, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null)
  }
  return maps.get(url)
}

const shortName = (path) => path.replace(/.*node_modules\/((@[^/]+\/)?[^/]+)\/.*/, '$1').replace(/^.*?\/src\//, 'src/')

/** The source file a profile frame's code came from. */
function sourceOf ({ url, lineNumber, columnNumber, functionName }) {
  if (url === '') return `(${functionName})`
  if (url.startsWith('node:')) return 'node-internal'
  const original = mapOf(url)?.findEntry(lineNumber, columnNumber)?.originalSource
  return shortName(original ?? url.replace(/^file:\/\//, ''))
}

/** Adds each sample's time to its leaf (self) and once to every distinct key on its stack (total). */
function addProfile (profile, keyOf, self, total) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const keys = new Map()
  const key = (id) => { if (!keys.has(id)) keys.set(id, keyOf(byId.get(id).callFrame)); return keys.get(id) }
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i + 1] ?? 0
    self.set(key(id), (self.get(key(id)) ?? 0) + us)
    const seen = new Set()
    for (let at = id; at !== undefined; at = parent.get(at)) seen.add(key(at))
    for (const k of seen) total.set(k, (total.get(k) ?? 0) + us)
  })
}

function table (title, values) {
  console.log(`\n${title}`)
  for (const [name, us] of [...values].sort((a, b) => b[1] - a[1]).slice(0, ROWS)) console.log(`${(us / RUNS / 1000).toFixed(1).padStart(8)} ms  ${name}`)
}

const times = []
for (let i = 0; i < RUNS; i++) times.push(await profileOnce())
const profiles = readdirSync(DIR).filter((name) => name.endsWith('.cpuprofile')).map((name) => JSON.parse(readFileSync(join(DIR, name), 'utf8')))
const byFile = [new Map(), new Map()]
const byFunction = [new Map(), new Map()]
for (const profile of profiles) {
  addProfile(profile, sourceOf, ...byFile)
  addProfile(profile, (frame) => `${frame.functionName || '(anonymous)'}  ${sourceOf(frame)}`, ...byFunction)
}
console.log(`${RUNS} starts to the first 200 under the profiler: ${times.map((ms) => Math.round(ms)).join(', ')} ms; profiles in ${DIR}`)
console.log('mean per run, from 0.1 ms samples:')
table('self time by source file', byFile[0])
table('total time by source file', byFile[1])
table('self time by function', byFunction[0])
table('total time by function', byFunction[1])
