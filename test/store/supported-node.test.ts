// On a Node engines does not admit (below 22.14: better-sqlite3 13 needs Node-API 10; the 23 line), opening the database
// throws one line naming the fix, instead of letting better-sqlite3's addon kill the process (a segmentation fault on
// Node 20 and on 22.11 to 22.13), and a consumer who does not catch it sees that line, not the bundle's source.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import semver from 'semver'
import t from 'tap'
import { RUNS_FROM_CHECKOUT } from '../../src/package-files.js'
import { NODE_ENGINES, assertSupportedNode, supportsNode } from '../../src/store/database.js'
import { ROOT, runNode } from '../processes.js'

const NEEDED = 'Node.js 22.14 or later on the 22 line, or 24 or later, is needed'
const CHECKOUT_FIX = 'from a clone of the repository, npm start and npx run the Node 24 that npm ci installed'

t.test('Node 20 and 22 before 22.14 are refused with a message that says what to run, in a checkout and in an installed package', async (t) => {
  t.throws(() => assertSupportedNode('checkout', { version: 'v20.20.2', napi: '9' }), {
    message: `${NEEDED}, this is v20.20.2 (${CHECKOUT_FIX})`
  })
  t.throws(() => assertSupportedNode('package', { version: 'v22.13.1', napi: '9' }), {
    message: `${NEEDED}, this is v22.13.1 (the test runner, or whatever starts the emulator, must run on one of those)`
  })
})

t.test('the refusal carries its message alone: no frame, so no source line of the bundle', async (t) => {
  const limit = Error.stackTraceLimit
  const error = t.throws(() => assertSupportedNode('checkout', { version: 'v22.11.0', napi: '9' })) as Error
  t.equal(error.stack, `Error: ${NEEDED}, this is v22.11.0 (${CHECKOUT_FIX})`)
  t.equal(Error.stackTraceLimit, limit, 'the stack trace limit is put back')
})

t.test('Node 23 is refused with the same line, before and after its Node-API 10 (23.6.0): engines does not admit it', async (t) => {
  t.throws(() => assertSupportedNode('checkout', { version: 'v23.6.0', napi: '10' }), { message: `${NEEDED}, this is v23.6.0 (${CHECKOUT_FIX})` })
})

// [version, napi, admitted]: each release line's edges, and a release whose Node-API is short of 10 or unknown.
const RELEASES: Array<[string, string | undefined, boolean]> = [
  ['v20.20.2', '9', false], ['v22.11.0', '9', false], ['v22.13.1', '9', false], ['v22.14.0', '10', true], ['v22.23.3', '10', true],
  ['v23.0.0', '9', false], ['v23.5.0', '9', false], ['v23.6.0', '10', false], ['v23.11.1', '10', false],
  ['v24.0.0', '10', true], ['v24.21.0', '10', true], ['v25.2.1', '10', true], ['v26.1.0', '10', true], ['v100.0.0', '10', true],
  ['v22.14.0', '9', false], ['v24.0.0', '9', false], ['v24.0.0', undefined, false], ['v26.1.0', '', false]
]

t.test('the guard over a table of releases: 22 from 22.14, and 24 and later, each with Node-API 10', async (t) => {
  t.same(RELEASES.map(([version, napi]) => [version, napi, supportsNode({ version, napi })]), RELEASES)
  // The hand-written reading of engines against npm's own (semver): the same answer for each release with Node-API 10.
  const admits = (version: string) => semver.satisfies(version, NODE_ENGINES, { includePrerelease: true })
  const bySemver = RELEASES.map(([version, napi]) => [version, napi, admits(version) && Number(napi) >= 10])
  t.same(bySemver, RELEASES, 'semver.satisfies(version, engines) agrees with each row')
  t.doesNotThrow(() => assertSupportedNode(), 'the Node running this test')
})

t.test('the guard admits what engines states, and engines is the range CI tests (.ci/node-versions: the floor and the LTS)', async (t) => {
  const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node
  t.equal(engines, NODE_ENGINES)
  const ci = Object.fromEntries([...readFileSync(join(ROOT, '.ci/node-versions'), 'utf8').matchAll(/^(NODE_\w+)=(\S+)$/gm)].map((m) => [m[1], m[2]]))
  t.same([ci.NODE_FLOOR_VERSION, ci.NODE_LTS_VERSION].map((version) => supportsNode({ version, napi: '10' })), [true, true])
  t.equal(ci.NODE_FLOOR_VERSION, '22.14.0', 'the floor engines states')
  t.same([ci.NODE_BELOW_FLOOR_VERSION, ci.NODE_UNSUPPORTED_VERSION, ci.NODE_ODD_VERSION].map((version) => supportsNode({ version, napi: '10' })), [false, false, false])
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
  t.same(lines.slice(-5), ['', `[Error: ${NEEDED}, this is v22.13.1 (${CHECKOUT_FIX})]`, '', `Node.js ${process.version}`, ''])
  t.ok(lines.every((line) => line.length < 200), 'no line of the bundle (its lines are kilobytes long)')
  t.notMatch(stderr, /dist\/chunk-/, 'no frame of the bundle')
})
