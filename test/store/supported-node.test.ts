// On a Node older than engines accepts (below 22.14: better-sqlite3 13 needs Node-API 10), opening the database
// throws one line naming the fix, instead of letting better-sqlite3's addon kill the process (a segmentation fault on
// Node 20 and on 22.11 to 22.13), and a consumer who does not catch it sees that line, not the bundle's source.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { RUNS_FROM_CHECKOUT } from '../../src/package-files.js'
import { OLDEST_NODE, assertSupportedNode, meetsNodeFloor } from '../../src/store/database.js'
import { ROOT, runNode } from '../processes.js'

const CHECKOUT_FIX = 'from a clone of the repository, npm start and npx run the Node 24 that npm ci installed'

t.test('Node 20 and 22 before 22.14 are refused with a message that says what to run, in a checkout and in an installed package', async (t) => {
  t.throws(() => assertSupportedNode('checkout', { version: 'v20.20.2', napi: '9' }), {
    message: `Node.js 22.14 or later is needed, this is v20.20.2 (${CHECKOUT_FIX})`
  })
  t.throws(() => assertSupportedNode('package', { version: 'v22.13.1', napi: '9' }), {
    message: 'Node.js 22.14 or later is needed, this is v22.13.1 (the test runner, or whatever starts the emulator, must run on Node.js 22.14 or later)'
  })
})

t.test('the refusal carries its message alone: no frame, so no source line of the bundle', async (t) => {
  const limit = Error.stackTraceLimit
  const error = t.throws(() => assertSupportedNode('checkout', { version: 'v22.11.0', napi: '9' })) as Error
  t.equal(error.stack, `Error: Node.js 22.14 or later is needed, this is v22.11.0 (${CHECKOUT_FIX})`)
  t.equal(Error.stackTraceLimit, limit, 'the stack trace limit is put back')
})

t.test('the floor: 22.14 and later, 24; not 20, not 22.11 to 22.13, not an odd release without Node-API 10', async (t) => {
  const cases: Array<[string, string, boolean]> = [
    ['v20.20.2', '9', false], ['v22.11.0', '9', false], ['v22.12.0', '9', false], ['v22.13.1', '9', false],
    ['v22.14.0', '10', true], ['v22.23.3', '10', true], ['v23.3.0', '9', false], ['v23.6.0', '10', true],
    ['v24.21.0', '10', true], ['v26.0.0', '10', true]
  ]
  t.same(cases.map(([version, napi]) => [version, napi, meetsNodeFloor({ version, napi })]), cases)
  t.doesNotThrow(() => assertSupportedNode(), 'the Node running this test')
})

t.test('the bound is the one engines states', async (t) => {
  const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node
  t.equal(engines, `>=${OLDEST_NODE.major}.${OLDEST_NODE.minor}`)
})

t.test('a checkout is told apart from an installed package by its sources', async (t) => {
  t.equal(RUNS_FROM_CHECKOUT, true, 'this is a checkout (the package\'s files leave src/ out, check-package.sh checks it)')
})

// The bundle on a Node that reports 22.13.1 (a preload stands in for running that release; CI runs the real one).
const PRETEND_22_13 = `data:text/javascript,${encodeURIComponent(
  "Object.defineProperty(process, 'version', { value: 'v22.13.1' }); Object.defineProperty(process.versions, 'napi', { value: '9' })"
)}`

t.test('a consumer whose startEmulator() is refused sees the line, not the minified bundle', { skip: existsSync(join(ROOT, 'dist/index.js')) ? false : 'no dist/: run npm run build' }, async (t) => {
  const { code, stdout, stderr } = await runNode(['--import', PRETEND_22_13, '-e', "import('./dist/index.js').then((m) => m.startEmulator())"])
  t.equal(code, 1)
  t.equal(stdout, '')
  const lines = stderr.split('\n')
  t.same(lines.slice(-5), ['', `[Error: Node.js 22.14 or later is needed, this is v22.13.1 (${CHECKOUT_FIX})]`, '', `Node.js ${process.version}`, ''])
  t.ok(lines.every((line) => line.length < 200), 'no line of the bundle (its lines are kilobytes long)')
  t.notMatch(stderr, /dist\/chunk-/, 'no frame of the bundle')
})
