// package.json's lifecycle scripts: a consumer's install of the package runs none of them and npm warns about none
// (npm runs and lists preinstall, install, postinstall, and prepare for a tarball or git source), while a clone's
// `npm ci` still builds (npm ci runs the root's postprepare too) and `npm pack`/`npm publish` build before packing.
// scripts/check-package.sh installs the packed tarball and fails on an install-scripts warning.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { START_NODE_ARGS } from '../../scripts/bench/serving.js'
import { ROOT } from '../processes.js'

const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts

t.test('no script a consumer\'s install would run or warn about', async (t) => {
  t.same(['preinstall', 'install', 'postinstall', 'prepare'].filter((name) => name in scripts), [])
})

t.test('a clone\'s npm ci builds (and builds tap\'s test class); packing builds first', async (t) => {
  t.match(scripts.postprepare, /\|\| \(npm run build && tap build\)$/, 'postprepare, which npm ci and npm install run at the root')
  t.match(scripts.postprepare, /existsSync\('src'\)/, 'only where the sources are (a checkout, a git dependency)')
  t.equal(scripts.prepack, 'npm run build', 'npm pack and npm publish run prepack')
})

t.test('npm start, the image and the bench run dist/server.js with the same V8 options (the young generation\'s size)', async (t) => {
  const options = ['--min-semi-space-size=8', '--max-semi-space-size=8']
  t.equal(scripts.start, `exec node ${options.join(' ')} dist/server.js`, 'exec: a signal to npm reaches the server')
  const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'))?.[1]
  t.same(JSON.parse(cmd ?? 'null'), ['node', ...options, 'dist/server.js'], 'the image\'s CMD, exec form')
  t.same(START_NODE_ARGS, options, 'the bench starts the server as npm start does')
})
