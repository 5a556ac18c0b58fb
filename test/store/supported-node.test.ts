// On a Node older than engines accepts, opening the database throws one line naming the fix, instead of letting
// better-sqlite3's addon kill the process (it segfaults on Node 20).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { RUNS_FROM_CHECKOUT } from '../../src/package-files.js'
import { OLDEST_NODE_MAJOR, assertSupportedNode } from '../../src/store/database.js'
import { ROOT } from '../processes.js'

t.test('Node 20 is refused with a message that says what to run, in a checkout and in an installed package', async (t) => {
  t.throws(() => assertSupportedNode('v20.20.2'), {
    message: 'Node.js 22 or later is needed, this is v20.20.2 (from a clone of the repository, npm start and npx run the Node 24 that npm ci installed)'
  })
  t.throws(() => assertSupportedNode('v20.20.2', 'package'), {
    message: 'Node.js 22 or later is needed, this is v20.20.2 (the test runner, or whatever starts the emulator, must run on Node.js 22 or later)'
  })
})

t.test('a checkout is told apart from an installed package by its sources', async (t) => {
  t.equal(RUNS_FROM_CHECKOUT, true, 'this is a checkout (the package\'s files leave src/ out, check-package.sh checks it)')
})

t.test('Node 22 and 24 are accepted, and the bound is the one engines states', async (t) => {
  t.doesNotThrow(() => assertSupportedNode('v22.0.0'))
  t.doesNotThrow(() => assertSupportedNode('v24.21.0'))
  t.doesNotThrow(() => assertSupportedNode(), 'the Node running this test')
  const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node
  t.equal(engines, `>=${OLDEST_NODE_MAJOR}`)
})
