// `npm start` runs one bundled file (scripts/bundle-server.mjs), which the other tests, run from src/,
// never load: this one bundles the current sources into a folder beside dist/ and checks it serves REST, docs, MCP
// (create_diagram included: its layout engine is a file the bundler copies), and that it turns Node's compile cache on.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { ROOT, stopProcess } from './processes.js'

const DIST = join(ROOT, 'dist')

t.test('the bundled server starts and serves REST, /docs and MCP', { skip: existsSync(DIST) ? false : 'no dist/: run npm run build' }, async (t) => {
  // Beside dist/, at its depth: the bundle finds ../fixtures and ../package.json, and the renderer in dist/render.
  const folder = join(ROOT, `.bundle-smoke-${process.pid}`)
  const bundle = join(folder, 'server.js')
  t.teardown(() => rmSync(folder, { recursive: true, force: true }))
  const built = spawn(process.execPath, [join(ROOT, 'scripts', 'bundle-server.mjs'), folder], { stdio: 'inherit' })
  t.equal(await new Promise((resolve) => built.on('exit', resolve)), 0, 'bundled')

  // Node's compile cache goes to <tmpdir>/node-compile-cache unless NODE_COMPILE_CACHE names a folder: a tmpdir of
  // the test's own shows whether the bundle turned it on.
  const tmp = join(folder, 'tmp')
  mkdirSync(tmp, { recursive: true })
  const { NODE_COMPILE_CACHE: _set, NODE_DISABLE_COMPILE_CACHE: _off, ...env } = process.env
  const child = spawn(process.execPath, [bundle], { cwd: ROOT, env: { ...env, TMPDIR: tmp, PORT: '0', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 30 s:\n${output}`)), 30_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening at (http:\/\/\S+)/.exec(output)
      if (match) { clearTimeout(timer); resolve(match[1]) }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`exited with ${code}:\n${output}`)) })
  })
  t.teardown(async () => { if (child.exitCode === null && child.signalCode === null) await stopProcess(child) })
  const headers = { authorization: 'Bearer sk-demo-full' }
  t.equal((await fetch(`${url}/api/v1/collections`, { headers })).status, 200, 'REST')
  t.match(await (await fetch(`${url}/docs/json`)).json(), { openapi: '3.0.0' }, 'the docs, built on first use')
  const mcp = await fetch(`${url}/api/v1/mcp`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'accept': 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
  })
  t.equal(mcp.status, 200, 'MCP, its SDK loaded on first use')
  t.match(await mcp.text(), /"tools":\[/)

  // create_diagram's layout engine is the bundle's own copy (dist/vendor/): the package does not install elkjs.
  const scene = (await (await fetch(`${url}/api/v1/scenes?limit=1`, { headers })).json()).data[0].metadata.id
  const diagram = await fetch(`${url}/api/v1/mcp`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'accept': 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0', id: 2, method: 'tools/call',
      params: { name: 'create_diagram', arguments: { sceneId: scene, nodes: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }], edges: [{ from: 'a', to: 'b' }] } }
    })
  })
  const answer = await diagram.text()
  t.equal(diagram.status, 200, answer)
  t.notMatch(answer, /"isError":true/, 'create_diagram laid the diagram out')
  t.match(answer, /"added/, 'and says what it added')

  await stopProcess(child)
  const cache = join(tmp, 'node-compile-cache')
  const entries = existsSync(cache) ? readdirSync(cache, { recursive: true }).length : 0
  t.ok(entries > 2, `the compile cache is on: ${entries} entries in <tmpdir>/node-compile-cache`)
})
