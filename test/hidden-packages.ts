// Runs a module's code in a child process (src/ run as test processes run it, test/runner/ts-hooks.mjs) in which some
// packages cannot be resolved, as in an install without those optional peer dependencies (test/hide-packages.mjs).
// The code prints `RESULT <json>`.
import { TS, runNode } from './processes.js'

export interface HiddenRun { logs: Array<Record<string, unknown>>, result: any, stdout: string, stderr: string }

export async function runWithHidden (hidden: readonly string[], code: string, env: Record<string, string> = {}): Promise<HiddenRun> {
  const { stdout, stderr } = await runNode(['--import', './test/hide-packages.mjs', ...TS, '--input-type=module', '-e', code], { ...env, HIDE_PACKAGES: hidden.join(',') })
  const lines = stdout.split('\n').filter(Boolean)
  const resultLine = lines.find((line) => line.startsWith('RESULT '))
  return {
    logs: lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line)),
    result: resultLine === undefined ? undefined : JSON.parse(resultLine.slice('RESULT '.length)),
    stdout,
    stderr
  }
}
