// Runs a module's code in a child process (src/ run as test processes run it, test/runner/ts-hooks.mjs) in which some
// packages cannot be resolved, as in an install without those optional peer dependencies (test/hide-packages.mjs).
// The code prints `RESULT <json>`.
import { spawn } from 'node:child_process'
import { ROOT, TS } from './processes.js'

export interface HiddenRun { logs: Array<Record<string, unknown>>, result: any, stdout: string, stderr: string }

export async function runWithHidden (hidden: readonly string[], code: string, env: Record<string, string> = {}): Promise<HiddenRun> {
  const child = spawn(process.execPath, ['--import', './test/hide-packages.mjs', ...TS, '--input-type=module', '-e', code], {
    cwd: ROOT, env: { ...process.env, ...env, HIDE_PACKAGES: hidden.join(',') }, stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c: Buffer) => { stdout += c.toString() })
  child.stderr.on('data', (c: Buffer) => { stderr += c.toString() })
  await new Promise((resolve) => child.on('exit', resolve))
  const lines = stdout.split('\n').filter(Boolean)
  const resultLine = lines.find((line) => line.startsWith('RESULT '))
  return {
    logs: lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line)),
    result: resultLine === undefined ? undefined : JSON.parse(resultLine.slice('RESULT '.length)),
    stdout,
    stderr
  }
}
