// docs/parity.md's nightly gate, run literally (its workflow's `run` steps, in order, as GitHub runs them: bash -e,
// stopping at the first failing step) in a project that installed the package, against a target emulator standing
// in for the live service. Its first night has no accept file and no earlier report; both nights pass.
import { execFile } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { codeBlocks } from '../markdown.js'
import { ROOT, installedProject, userEnv } from '../processes.js'
import { startTarget } from './parity-helper.js'

const LIVE = 'https://api.excalidraw.com/api/v1'

/** The `run` steps of the docs' workflow that names `file`, each as the script GitHub runs. */
function runSteps (file: string): string[] {
  const block = codeBlocks(readFileSync(join(ROOT, 'docs', 'parity.md'), 'utf8'), 'yaml').find((text) => text.includes(`# .github/workflows/${file}`))
  if (block === undefined) throw new Error(`docs/parity.md has no workflow ${file}`)
  const steps: string[] = []
  const lines = block.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const run = /^(\s*)(?:- )?run: (.*)$/.exec(lines[i])
    if (run === null) continue
    if (run[2] !== '|') { steps.push(run[2]); continue }
    const script: string[] = []
    while (i + 1 < lines.length && (lines[i + 1].trim() === '' || lines[i + 1].search(/\S/) > run[1].length)) script.push(lines[++i].trim())
    steps.push(script.join('\n'))
  }
  return steps.filter((step) => step !== 'npm ci')
}

/**
 * One step as GitHub runs it, waited for without blocking: the target answers from this process. (execFile's error
 * is a step that failed, its exit status in `code`.)
 */
function runStep (step: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ status: number, stdout: string, stderr: string }> {
  return new Promise((resolve) => {
    execFile('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step], { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ status: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr })
    })
  })
}

const dir = installedProject()
t.teardown(() => { if (dir !== undefined) rmSync(dir, { recursive: true, force: true }) })

t.test('the nightly gate: the first night without an accept file or an earlier report, then the next night', { skip: dir === undefined ? 'no executable dist/cli.js: run npm run build' : false }, async (t) => {
  const target = await startTarget(t)
  const key = await target.mintKey()
  const steps = runSteps('parity-nightly.yml').map((step) => step.replaceAll(LIVE, target.api))
  t.ok(steps.length >= 3, `the recipe's steps: ${steps.length}`)
  for (const night of ['first', 'second']) {
    let output = ''
    for (const [i, step] of steps.entries()) {
      const run = await runStep(step, dir as string, userEnv({ EXCALIDRAW_API_KEY: key }))
      output += run.stdout + run.stderr
      t.equal(run.status, 0, `${night} night, step ${i + 1} passes`)
      if (run.status !== 0) return t.comment(`${step}\n${run.stdout}${run.stderr}`)
    }
    if (night === 'first') {
      t.match(output, 'parity: no accept file parity-accept.json yet: nothing is accepted', 'it says nothing is accepted')
      t.match(output, 'no earlier report: tonight\'s is the baseline')
    } else {
      t.match(output, /0 new, 0 gone, \d+ unchanged/, 'the second night compares with the first')
    }
  }
})
