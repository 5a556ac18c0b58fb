// parity reads EMULATOR_DRIFT_PROFILE as the emulator does, and as its own --drift-profile: one setting, one meaning
// in every command. A profile that does not fit stops the run with the same line either way; the flag wins.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { parityCommand } from '../../src/parity/command.js'
import { startTarget } from './parity-helper.js'

const work = mkdtempSync(join(tmpdir(), 'parity-drift-env-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

async function run (env: NodeJS.ProcessEnv, ...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await parityCommand(argv, { out: (text) => out.push(text), err: (text) => err.push(text), env, version: '0.1.0' })
  return { code, out, err }
}

t.test('EMULATOR_DRIFT_PROFILE reaches parity\'s emulator; --drift-profile comes first', async (t) => {
  const target = await startTarget(t)
  const misfit = join(work, 'misfit.json')
  writeFileSync(misfit, JSON.stringify({ format: 'drawing-api-emulator drift profile', version: 1, operations: [{ operation: 'GET /api/v1/nothing', changes: [] }] }))
  const fits = join(work, 'fits.json')
  writeFileSync(fits, JSON.stringify({ format: 'drawing-api-emulator drift profile', version: 1, operations: [] }))
  const key = await target.mintKey()
  const line = `parity: Invalid configuration: EMULATOR_DRIFT_PROFILE (--drift-profile) ${misfit} names GET /api/v1/nothing, which this emulator does not have (its operations are named as GET /api/v1/scenes/{sceneId})`
  t.same(await run({ EMULATOR_DRIFT_PROFILE: misfit }, '--target', target.api, '--key', key, '--read-only', '--only', 'GET /workspaces'), { code: 2, out: [], err: [line] })
  const flagFirst = await run({ EMULATOR_DRIFT_PROFILE: misfit }, '--target', target.api, '--key', key, '--read-only', '--only', 'GET /workspaces', '--drift-profile', fits)
  t.same([flagFirst.code, flagFirst.err], [0, []], flagFirst.out.join('\n'))
})
