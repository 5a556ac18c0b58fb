// The bin's young-generation growth (src/lib/young-generation.ts): set unless the user sized the young generation
// themselves, still honoured by V8 when set after start-up (a Node upgrade that ignores it fails here), and set by the CLI.
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { youngGenerationFlag } from '../../src/lib/young-generation.js'
import { TS, runNode } from '../processes.js'

t.test('the flag, unless a semi-space option was given on the command line or in NODE_OPTIONS', async (t) => {
  t.equal(youngGenerationFlag([], undefined), '--semi-space-growth-factor=8')
  t.equal(youngGenerationFlag(['--max-old-space-size=512', '--enable-source-maps'], '--trace-warnings'), '--semi-space-growth-factor=8')
  for (const option of ['--max-semi-space-size=8', '--min-semi-space-size=2', '--semi-space-growth-factor=4', '--max_semi_space_size=16']) {
    t.equal(youngGenerationFlag([option], undefined), undefined, `${option} on the command line`)
    t.equal(youngGenerationFlag([], `--trace-warnings ${option}`), undefined, `${option} in NODE_OPTIONS`)
    t.equal(youngGenerationFlag([], `"--trace-warnings" "${option}"`), undefined, `${option} quoted in NODE_OPTIONS (as tap writes it on Node 22)`)
  }
})

/**
 * The sizes the young generation (V8's new space) takes, in order, while a script that keeps a rolling window of
 * objects runs, with `flag` set first if any. Sizes, not a count of scavenges: V8 also scavenges from a task when the
 * main thread is idle, so how many scavenges run varies with the machine's load (17 against 13, then 16 against 14,
 * on Node 22.14 in CI), while the steps the space grows by do not.
 */
function newSpaceSizes (flag: string | undefined): number[] {
  const script = `import v8 from 'node:v8'
${flag === undefined ? '' : `v8.setFlagsFromString(${JSON.stringify(flag)})`}
const sizes = []
const newSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size
let kept = []
for (let i = 0; i < 400000; i++) {
  kept.push({ i, text: 'x' + i })
  if (kept.length > 50000) kept = []
  if (i % 100 === 0 && newSpace() !== sizes.at(-1)) sizes.push(newSpace())
}
console.log(JSON.stringify(sizes))`
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } })
  return JSON.parse(run.stdout) as number[]
}

/** The largest factor between two sizes in a row. */
const largestStep = (sizes: number[]): number => Math.max(...sizes.slice(1).map((size, i) => size / sizes[i]))

t.test('set after start-up, it still takes the young generation to its working size in fewer, larger steps', async (t) => {
  const without = newSpaceSizes(undefined)
  const withFlag = newSpaceSizes(youngGenerationFlag([], undefined))
  const mb = (sizes: number[]) => sizes.map((size) => size / 2 ** 20).join(' → ') + ' MB'
  t.equal(largestStep(without), 2, `V8's own growth doubles it: ${mb(without)}`)
  // Eightfold up to the largest size (1 → 2 → 16 → 128 MB on Node 24 alone; 4 → 32 MB on 22.14 under tap, which grew
  // it before the first look): more than doubled in a step, whatever size it had reached by then.
  t.ok(largestStep(withFlag) > 2, `the flag grows it by more than V8's doubling: ${mb(withFlag)}`)
})

// A preload that logs each flag the process hands V8 (on stderr), then sets it as asked.
const LOG_V8_FLAGS = `data:text/javascript,${encodeURIComponent(
  "import v8 from 'node:v8'; import { writeSync } from 'node:fs'; const set = v8.setFlagsFromString; " +
  "v8.setFlagsFromString = (flag) => { writeSync(2, 'v8 flag ' + flag + '\\n'); return set(flag) }"
)}`

t.test('the CLI sets the flag at start, and not when the young generation was sized on the command line or in NODE_OPTIONS', async (t) => {
  const run = async (execArgv: string[], nodeOptions?: string) => {
    const env: Record<string, string> = nodeOptions === undefined ? {} : { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${nodeOptions}`.trim() }
    const { code, stdout, stderr } = await runNode(['--import', LOG_V8_FLAGS, ...TS, ...execArgv, 'src/cli.ts', '--version'], env)
    return { code, version: /^\d+\.\d+\.\d+\n$/.test(stdout), flags: stderr.split('\n').filter((line) => line.startsWith('v8 flag ')) }
  }
  t.strictSame(await run([]), { code: 0, version: true, flags: ['v8 flag --semi-space-growth-factor=8'] })
  t.strictSame(await run(['--max-semi-space-size=16']), { code: 0, version: true, flags: [] }, 'on the command line')
  t.strictSame(await run([], '--max-semi-space-size=16'), { code: 0, version: true, flags: [] }, 'in NODE_OPTIONS')
})
