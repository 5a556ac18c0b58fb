// Every start-up failure is one line naming what to change, a damaged or locked database file included, and
// nothing else (no stack trace); the bundled fixture sets start by name (EMULATOR_FIXTURES=minimal).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import t from 'tap'
import { BUNDLED_FIXTURES, MINIMAL_FIXTURES, fixturesFolder, loadConfig, resolveConfig } from '../src/config/index.js'
import { runProcess, startProcess, stopProcess } from './processes.js'

const dir = mkdtempSync(join(tmpdir(), 'emulator-startup-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))

t.test('a file that is not an SQLite database: one line, exit 1', async (t) => {
  const file = join(dir, 'corrupt.sqlite')
  writeFileSync(file, Buffer.alloc(4096, 7))
  const run = await runProcess('src/server.ts', [], { PORT: '0', EMULATOR_DB: file })
  t.equal(run.code, 1)
  t.same(run.stderr.trim().split('\n'), [`drawing-api-emulator: EMULATOR_DB (--db) ${file} is not an SQLite database, or is damaged: remove it (the next start makes a new one from the fixtures), or point EMULATOR_DB (--db) elsewhere`])
})

t.test('a database another process holds locked: one line, exit 1', async (t) => {
  const file = join(dir, 'locked.sqlite')
  const holder = new Database(file)
  holder.pragma('journal_mode = WAL')
  holder.exec('CREATE TABLE held (x); BEGIN EXCLUSIVE; INSERT INTO held VALUES (1)')
  t.teardown(() => { holder.exec('ROLLBACK'); holder.close() })
  const run = await runProcess('src/server.ts', [], { PORT: '0', EMULATOR_DB: file })
  t.equal(run.code, 1)
  t.same(run.stderr.trim().split('\n'), [`drawing-api-emulator: EMULATOR_DB (--db) ${file} is locked by another process (another emulator on the same file?): stop it, or point EMULATOR_DB (--db) elsewhere`])
})

t.test('an unforeseen failure is one line too, with its message; its stack only with LOG_LEVEL=debug', async (t) => {
  // Another program's SQLite file: its tables clash with the emulator's first migration, which no rule foresees.
  const file = join(dir, 'other-program.sqlite')
  const other = new Database(file)
  other.exec('CREATE TABLE workspaces (x)')
  other.close()
  const line = 'drawing-api-emulator: failed to start: SqliteError: table workspaces already exists'
  const run = await runProcess('src/server.ts', [], { PORT: '0', EMULATOR_DB: file })
  t.equal(run.code, 1)
  t.same(run.stderr.trim().split('\n'), [line])
  const debug = await runProcess('src/server.ts', [], { PORT: '0', EMULATOR_DB: file, LOG_LEVEL: 'debug' })
  t.equal(debug.code, 1)
  const [first, ...stack] = debug.stderr.trim().split('\n')
  t.equal(first, line)
  t.match(stack.join('\n'), /\n\s+at /, 'the stack follows when asked for')
})

t.test('the bundled fixture sets by name', async (t) => {
  t.equal(fixturesFolder('minimal'), MINIMAL_FIXTURES)
  t.equal(fixturesFolder('default'), BUNDLED_FIXTURES)
  t.equal(fixturesFolder('./minimal'), './minimal', 'a path is a path')
  t.equal(fixturesFolder('constructor'), 'constructor', 'only the set names count')
  t.equal(loadConfig({ EMULATOR_FIXTURES: 'minimal' }).fixturesDir, MINIMAL_FIXTURES)
  t.equal(loadConfig({ EMULATOR_FIXTURES: '' }).fixturesDir, BUNDLED_FIXTURES, 'empty is the default, as for other variables')
  t.equal(resolveConfig({ fixturesDir: 'minimal' }).fixturesDir, MINIMAL_FIXTURES, 'in process too')
  const running = await startProcess('src/server.ts', [], { EMULATOR_FIXTURES: 'minimal' })
  t.teardown(() => stopProcess(running.child))
  t.match(running.output(), `Fixtures: ${MINIMAL_FIXTURES}`)
  const res = await fetch(`${running.url}/api/v1/collections`, { headers: { authorization: 'Bearer sk-test-full' } })
  t.equal(res.status, 200, 'the minimal set\'s keys work')
  const missing = await runProcess('src/server.ts', [], { PORT: '0', EMULATOR_FIXTURES: 'minimall' })
  t.equal(missing.code, 1)
  t.same(missing.stderr.trim().split('\n'), ['drawing-api-emulator: Fixture folder not found: minimall (the bundled sets are named default and minimal)'])
})
