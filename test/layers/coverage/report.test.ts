// The coverage report at stop: a real process with --coverage-report (and one with the variable) writes the JSON
// GET /_emulator/coverage answers, and a Markdown table beside it, when SIGTERM stops it.
import t from 'tap'
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startProcess, stopProcess } from '../../processes.js'
import { coverageMarkdown } from '../../../src/layers/coverage/report.js'

const dir = mkdtempSync(join(tmpdir(), 'coverage-report-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers: { authorization: 'Bearer sk-test-full', ...headers } })
  await res.arrayBuffer()
  return res.status
}

t.test('--coverage-report <file>: the JSON and its Markdown table, written when the server stops', async (t) => {
  const file = join(dir, 'reports', 'coverage.json')
  const running = await startProcess('src/cli.ts', ['--fixtures', 'fixtures/minimal', '--coverage-report', file], {})
  t.equal(await get(`${running.url}/api/v1/collections`), 200)
  t.equal(await get(`${running.url}/api/v1/collections`, { 'x-emulator-fault': '503' }), 503)
  t.equal(await get(`${running.url}/api/v1/scenes`, { 'x-emulator-drift': 'rename-field' }), 200)
  const live = await (await fetch(`${running.url}/_emulator/coverage`)).json()
  t.notOk(existsSync(file), 'nothing is written before the stop')
  t.equal(await stopProcess(running.child), 0)
  const written = JSON.parse(readFileSync(file, 'utf8'))
  t.strictSame(written, live, 'the JSON is what GET /_emulator/coverage answered')
  t.strictSame(written, {
    operations: [
      { operation: 'GET /api/v1/collections', calls: 2, outcomes: { 200: 1, 503: 1 } },
      { operation: 'GET /api/v1/scenes', calls: 1, outcomes: { '200': 1, 'drift:rename-field': 1 } }
    ]
  })
  t.equal(readFileSync(`${file}.md`, 'utf8'), [
    '## Failure coverage',
    '',
    '| operation | calls | `200` | `503` | `drift:rename-field` |',
    '|---|---:|---:|---:|---:|',
    '| `GET /api/v1/collections` | 2 | 1 | 1 | · |',
    '| `GET /api/v1/scenes` | 1 | 1 | · | 1 |',
    ''
  ].join('\n'))
})

t.test('EMULATOR_COVERAGE_REPORT: an emulator that answered nothing writes an empty report', async (t) => {
  const file = join(dir, 'empty.json')
  const running = await startProcess('src/server.ts', [], { EMULATOR_FIXTURES: 'minimal', EMULATOR_COVERAGE_REPORT: file })
  t.equal(await stopProcess(running.child), 0)
  t.strictSame(JSON.parse(readFileSync(file, 'utf8')), { operations: [] })
  t.equal(readFileSync(`${file}.md`, 'utf8'), '## Failure coverage\n\nNo answer was counted.\n')
})

t.test('the Markdown escapes a | in an operation name, so the row keeps its cells', async (t) => {
  t.equal(coverageMarkdown({ operations: [{ operation: 'GET /api/v1/a|b', calls: 1, outcomes: { 404: 1 } }] }).split('\n')[4], '| `GET /api/v1/a\\|b` | 1 | 1 |')
})

t.test('a report that cannot be written is one error line; the server still stops cleanly', async (t) => {
  const blocker = join(dir, 'a-file')
  const { writeFileSync } = await import('node:fs')
  writeFileSync(blocker, 'not a folder')
  const file = join(blocker, 'coverage.json')
  const running = await startProcess('src/server.ts', [], { EMULATOR_FIXTURES: 'minimal', EMULATOR_COVERAGE_REPORT: file })
  t.equal(await stopProcess(running.child), 0)
  t.match(running.output(), `coverage report could not be written to ${file}`)
  t.notOk(existsSync(file))
})
