// The suite runs on a Node the package supports, and a `node` started by name from a test or script is that same
// Node: under `npm test` and `npx`, the repo's `node` devDependency (node_modules/.bin/node) comes first on PATH,
// so a machine whose own Node is older than `engines` still builds, serves and tests on a supported one.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { ROOT } from './processes.js'

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
/** A release as [major, minor], comparable. */
const release = (version: string): [number, number] => {
  const [, major, minor] = /^v?(\d+)(?:\.(\d+))?/.exec(version) ?? []
  return [Number(major), Number(minor ?? 0)]
}

t.test('the test process runs on a Node release engines accepts', async (t) => {
  const minimum = /^>=(\d+(?:\.\d+)?)$/.exec(manifest.engines.node)
  t.ok(minimum, `engines.node is a plain lower bound (${manifest.engines.node})`)
  t.comment(`tests run on node ${process.version}`)
  const [major, minor] = release(process.version)
  const [floorMajor, floorMinor] = release(minimum?.[1] ?? '')
  t.ok(major > floorMajor || (major === floorMajor && minor >= floorMinor), `node ${process.version} satisfies engines ${manifest.engines.node}`)
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
