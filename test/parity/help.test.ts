// `parity --help`'s exit codes held to what parity does: each exit 2 the help names for a file of another version (a
// report a newer tool wrote, to --compare; a recording or drift profile of another format version) is exit 2 and one line.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { DRIFT_PROFILE_FORMAT, DRIFT_PROFILE_VERSION } from '../../src/formats/drift-profile.js'
import { RECORDING_FORMAT, RECORDING_VERSION } from '../../src/formats/recording.js'
import { parity } from './parity-helper.js'

const work = mkdtempSync(join(tmpdir(), 'parity-help-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))
const fileOf = (name: string, value: unknown): string => {
  const file = join(work, name)
  writeFileSync(file, JSON.stringify(value))
  return file
}

t.test('--help states the exit codes, the refusal of another version\'s file among the 2s', async (t) => {
  const help = await parity('--help')
  t.same([help.code, help.err], [0, ''])
  const exits = help.out.slice(help.out.indexOf('Exit code:'), help.out.indexOf('\n\nOptions:'))
  t.equal(exits, [
    'Exit code: 0 nothing differs (accepted differences aside), 1 something differs, 2 the run could not be made,',
    'among others for a recording or a drift profile of another format version than this tool reads.',
    'With --compare: 0 nothing new in the second report, 1 a new difference, 2 a file is not a parity report',
    'or is one a newer version of this tool wrote (reports of this version and before are read).'
  ].join('\n'))
})

/** A parity report of `version` (the helper's parity is 0.1.0), with no difference. */
const report = (version: string) => ({
  tool: 'drawing-api-emulator', version, target: 'https://api.example.test/api/v1', startedAt: '2026-12-01T03:00:00.000Z', durationMs: 900,
  mode: 'live', key: { kind: 'workspace', permission: 'full', role: 'admin', refused: [] }, skipped: [],
  requests: { target: 0, emulator: 0 }, operations: [], shared: [], unusedAccept: [], summary: { operations: 0, same: 0, differs: 0, accepted: 0 }
})

t.test('--compare: reports of this version and before are read (exit 0), one a newer version wrote is exit 2', async (t) => {
  const older = fileOf('older.json', report('0.0.9'))
  const own = fileOf('own.json', report('0.1.0'))
  const newer = fileOf('newer.json', report('0.2.0'))
  t.same(await parity('--compare', older, own), { code: 0, out: '0 new, 0 gone, 0 unchanged', err: '' })
  t.same(await parity('--compare', own, newer), {
    code: 2,
    out: '',
    err: `parity: ${newer} is a report of version "0.2.0"; this parity (0.1.0) compares reports of 0.1.0 and before: compare with the version that wrote it`
  })
})

/** A recording folder of `version` with no step. */
function recording (name: string, version: number): string {
  const dir = join(work, name)
  mkdirSync(join(dir, 'steps'), { recursive: true })
  fileOf(`${name}/recording.json`, {
    format: RECORDING_FORMAT, version, tool: 'drawing-api-emulator 0.1.0', target: 'https://api.example.test/api/v1', startedAt: '2026-12-01T03:00:00.000Z',
    runId: 'run1', readOnly: true, includeMcp: false, redactedPeople: false, steps: 0
  })
  return dir
}

t.test('--verify: a recording of another format version is exit 2, and so is a drift profile of another version', async (t) => {
  const newer = recording('newer-recording', RECORDING_VERSION + 1)
  t.same(await parity('--verify', newer), {
    code: 2,
    out: '',
    err: `parity: cannot read the recording: ${newer} is format version ${RECORDING_VERSION + 1}, this drawing-api-emulator reads version ${RECORDING_VERSION}: record it again with this version`
  })
  const profile = fileOf('newer-profile.json', { format: DRIFT_PROFILE_FORMAT, version: DRIFT_PROFILE_VERSION + 1, learnedFrom: [], operations: [] })
  const run = await parity('--verify', recording('own-recording', RECORDING_VERSION), '--drift-profile', profile)
  t.same(run, {
    code: 2,
    out: '',
    err: `parity: Invalid configuration: EMULATOR_DRIFT_PROFILE (--drift-profile) ${profile} is a drift profile of version ${DRIFT_PROFILE_VERSION + 1}; this emulator reads version ${DRIFT_PROFILE_VERSION}: learn it again with this version`
  })
})
