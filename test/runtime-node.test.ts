// The suite runs on a Node the package supports, and a `node` started by name from a test or script is that same
// Node: under `npm test` and `npx`, the repo's `node` devDependency (node_modules/.bin/node) comes first on PATH,
// so a machine whose own Node is older than `engines` still builds, serves and tests on a supported one.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { supportsNode } from '../src/store/database.js'
import { ROOT } from './processes.js'

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }

t.test('the test process runs on a Node release engines admits', async (t) => {
  t.comment(`tests run on node ${process.version}`)
  // engines equals the guard's NODE_ENGINES: test/store/supported-node.test.ts asserts it, once.
  t.ok(supportsNode({ version: process.version, napi: process.versions.napi }), `node ${process.version} satisfies engines ${manifest.engines.node}`)
})

t.test('`node` on PATH is the Node that runs the tests', async (t) => {
  const onPath = execFileSync('node', ['-p', 'process.version'], { encoding: 'utf8' }).trim()
  t.equal(onPath, process.version)
})

t.test('better-sqlite3 loads its prebuilt binary here and answers a query', async (t) => {
  const { default: Database } = await import('better-sqlite3')
  const db = new Database(':memory:')
  t.teardown(() => db.close())
  t.same(db.prepare('select sqlite_version() is not null as ok').get(), { ok: 1 })
})
