// Preloaded (--require, package.json tap.node-arg) by every test process, before tap's --import of its processinfo
// hook, to turn that hook off. tap loads it for coverage and `--changed`, which this suite does not use; on, it reads
// every module loaded a second time and splits it into lines, and writes the list at exit. tap.test-env's
// `_TAPJS_PROCESSINFO_EXCLUDE_=/./` once did this, but tap 21.8's runner sets the variable again for each test
// process; a --require preload runs before every --import, so the hook reads it as set here. The runner also puts the
// hook in this process's NODE_OPTIONS, which every process a test starts inherits (npm, the CLI, servers: each then
// loaded it and ran with source maps on); it is taken out of NODE_OPTIONS here, which this process has already read.
// A run that asks for coverage (`npx tap --no-disable-coverage`: the runner sets the variable below to 1) keeps it.
/* global process */
const HOOK = '@tapjs/processinfo'

if (process.env._TAPJS_PROCESSINFO_COVERAGE_ !== '1') {
  process.env._TAPJS_PROCESSINFO_EXCLUDE_ = '/./'
  // NODE_OPTIONS' words: runs of plain characters and double-quoted strings (the runner quotes the hook's).
  const words = (process.env.NODE_OPTIONS ?? '').match(/(?:[^\s"]+|"(?:[^"\\]|\\.)*")+/g) ?? []
  const kept = words.filter((word) => !word.includes(HOOK))
  if (kept.length === 0) delete process.env.NODE_OPTIONS
  else process.env.NODE_OPTIONS = kept.join(' ')
}
