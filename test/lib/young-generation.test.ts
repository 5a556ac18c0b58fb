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

/** Scavenges (--trace-gc) while a script that keeps a rolling window of objects runs, with `flag` set first if any. */
function scavenges (flag: string | undefined): number {
  const script = `import v8 from 'node:v8'
${flag === undefined ? '' : `v8.setFlagsFromString(${JSON.stringify(flag)})`}
let kept = []
for (let i = 0; i < 400000; i++) { kept.push({ i, text: 'x' + i }); if (kept.length > 50000) kept = [] }`
  const run = spawnSync(process.execPath, ['--trace-gc', '--input-type=module', '-e', script], { encoding: 'utf8' })
  return run.stdout.split('\n').filter((line) => line.includes('Scavenge')).length
}

t.test('set after start-up, it still takes the young generation to its working size in fewer scavenges', async (t) => {
  const without = scavenges(undefined)
  const withFlag = scavenges(youngGenerationFlag([], undefined))
  t.ok(without >= withFlag + 3, `scavenges: ${without} without the flag, ${withFlag} with it`)
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
