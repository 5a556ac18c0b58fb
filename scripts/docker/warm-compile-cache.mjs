/* global process, console, fetch, setTimeout */
// Fills Node's compile cache (src/lib/compile-cache.ts) in the image, run by the Dockerfile's runtime stage as the
// user the container runs as (Node keeps one cache folder per user id): starts dist/server.js once with the
// image's NODE_COMPILE_CACHE, asks for what a first client asks (a REST read, an MCP call), stops it with SIGTERM
// (the cache is written as the process exits) and fails the build if nothing was written. Every container then
// reads V8's compiled code instead of compiling the bundle at its start. Plain Node, no dependencies.
//   NODE_COMPILE_CACHE=<dir> node warm-compile-cache.mjs [app dir, default .]
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

const APP = process.argv[2] ?? '.'
const CACHE = process.env.NODE_COMPILE_CACHE
const PORT = 4987
const BASE = `http://127.0.0.1:${PORT}`
const HEADERS = { authorization: 'Bearer sk-demo-full' }
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

if (!CACHE) {
  console.error('warm-compile-cache: NODE_COMPILE_CACHE is not set')
  process.exit(1)
}
const server = spawn(process.execPath, [join(APP, 'dist/server.js')], {
  env: { ...process.env, HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit']
})
const exited = new Promise((resolve) => server.once('exit', resolve))

async function firstOk (deadline) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`)
    const status = await fetch(`${BASE}/api/v1/collections`, { headers: HEADERS }).then((r) => r.status, () => 0)
    if (status === 200) return
    await sleep(50)
  }
  throw new Error('no 200 within 60 s')
}

try {
  await firstOk(Date.now() + 60_000)
  const mcp = await fetch(`${BASE}/api/v1/mcp`, {
    method: 'POST',
    headers: { ...HEADERS, 'content-type': 'application/json', 'accept': 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_scenes', arguments: { limit: 1 } } })
  })
  if (mcp.status !== 200) throw new Error(`MCP answered ${mcp.status}`)
} catch (error) {
  console.error(`warm-compile-cache: ${error.message}`)
  server.kill('SIGKILL')
  process.exit(1)
}
server.kill('SIGTERM')
await Promise.race([exited, sleep(15_000)])
const files = readdirSync(CACHE, { recursive: true }).length
if (server.exitCode !== 0 || files === 0) {
  console.error(`warm-compile-cache: the server exited with ${server.exitCode} and left ${files} cache entries in ${CACHE}`)
  process.exit(1)
}
console.log(`warm-compile-cache: ${files} entries in ${CACHE}`)
