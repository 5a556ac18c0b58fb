// docs/coverage.md's CI step, run literally (its `run` script with bash -e, as GitHub runs it) in a project that
// installed the package: the emulator under the sweep, a suite that calls one operation often enough, the gate, the
// report appended to the step summary. The step passes, and the summary holds the report's table.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import t from 'tap'
import { codeBlocks } from '../../markdown.js'
import { ROOT, installedProject, userEnv } from '../../processes.js'

/** The script of the docs' `- run: |` step that starts the emulator with a coverage report. */
function recipeScript (): string {
  const block = codeBlocks(readFileSync(join(ROOT, 'docs', 'coverage.md'), 'utf8'), 'yaml').find((text) => text.includes('--coverage-report'))
  if (block === undefined) throw new Error('docs/coverage.md has no CI step with --coverage-report')
  const lines = block.split('\n')
  const start = lines.findIndex((line) => /^\s*- run: \|\s*$/.test(line))
  const indent = lines[start].search(/\S/)
  const script: string[] = []
  for (const line of lines.slice(start + 1)) {
    if (line.trim() !== '' && line.search(/\S/) <= indent) break
    script.push(line.trim())
  }
  return script.join('\n')
}

async function freePort (): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** The user's suite: GET /api/v1/scenes until the sweep served each default failure once (two calls per failure). */
const SUITE = `
const url = process.env.API + '/scenes'
for (let call = 0; call < 10; call++) {
  try { await fetch(url, { headers: { authorization: 'Bearer sk-demo-full' } }) } catch { /* the sweep's drop */ }
}
`

const dir = installedProject()
t.teardown(() => { if (dir !== undefined) rmSync(dir, { recursive: true, force: true }) })

t.test('the CI step passes and appends the report to the step summary', { skip: dir === undefined ? 'no executable dist/cli.js: run npm run build' : false }, async (t) => {
  const project = dir as string
  const port = await freePort()
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-client', version: '1.0.0', private: true, type: 'module', scripts: { test: 'node suite.js' } }))
  writeFileSync(join(project, 'suite.js'), SUITE)
  const summary = join(project, 'summary.md')
  const script = recipeScript().replaceAll('127.0.0.1:4000', `127.0.0.1:${port}`)
  t.match(script, `127.0.0.1:${port}`, 'the step talks to the emulator it started')
  const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
    cwd: project, encoding: 'utf8', timeout: 60_000,
    env: userEnv({ PORT: String(port), API: `http://127.0.0.1:${port}/api/v1`, GITHUB_STEP_SUMMARY: summary })
  })
  t.equal(run.status, 0, 'the step passes')
  if (run.status !== 0) t.comment(`${run.stdout}${run.stderr}`)
  t.ok(existsSync(join(project, 'coverage', 'emulator.json')), 'the report was written')
  t.strictSame(JSON.parse(readFileSync(join(project, 'coverage', 'check.json'), 'utf8')), { ok: true, gaps: [] }, 'the gate passed')
  t.match(existsSync(summary) ? readFileSync(summary, 'utf8') : '', /## Failure coverage\n[\s\S]*\| `GET \/api\/v1\/scenes` \| 10 \|/, 'the summary holds the table')
})
