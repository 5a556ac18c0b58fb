// Shared by the shadow tests: a target emulator in this process standing in for the live service, a shadow in
// front of it (in-process, port 0), a client that calls the shadow as a test suite would, and captured output.
import type { Test } from 'tap'
import { startEmulator, type RunningEmulator } from '../../../src/index.js'
import type { Io } from '../../../src/parity/types.js'
import { startShadow, type RunningShadow } from '../../../src/parity/shadow/command.js'
import type { ShadowOptions } from '../../../src/parity/shadow/options.js'

export const ACME = 'MzPkz6jWA0f'

export interface Lines { out: string[], err: string[] }

export function captureIo (env: NodeJS.ProcessEnv = {}): { io: Io, lines: Lines } {
  const lines: Lines = { out: [], err: [] }
  return { io: { out: (text) => lines.out.push(text), err: (text) => lines.err.push(text), env, version: '0.1.0' }, lines }
}

export async function startTarget (t: Test, options: Parameters<typeof startEmulator>[0] = {}): Promise<RunningEmulator> {
  const target = await startEmulator({ renderer: false, journalSize: 5000, ...options })
  t.teardown(() => target.close())
  return target
}

export interface Shadowed { shadow: RunningShadow, lines: Lines, api: string, stop: () => Promise<number> }

/** A shadow in front of `targetApi`; stopped when the test ends unless the test stops it. */
export async function startShadowFor (t: Test, targetApi: string, options: Partial<ShadowOptions> = {}, env: NodeJS.ProcessEnv = {}): Promise<Shadowed> {
  const { io, lines } = captureIo(env)
  const shadow = await startShadow({ target: targetApi, port: 0, host: '127.0.0.1', timeoutMs: 10_000, ...options }, io)
  let stopped: Promise<number> | undefined
  const stop = () => (stopped ??= shadow.stop())
  t.teardown(stop)
  return { shadow, lines, api: `${shadow.url}/api/v1`, stop }
}

export interface Reply { status: number, headers: Headers, text: string, body: any }

/** One request as a client sends it: Bearer key, JSON body. */
export async function send (
  api: string, key: string | undefined, method: string, path: string, body?: unknown, headers: Record<string, string> = {}
): Promise<Reply> {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { ...(key === undefined ? {} : { authorization: `Bearer ${key}` }), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const text = await response.text()
  let parsed: unknown
  try { parsed = JSON.parse(text) } catch { parsed = undefined }
  return { status: response.status, headers: response.headers, text, body: parsed }
}

/** The report once every request so far is compared. */
export async function settledReport (shadowed: Shadowed) {
  await shadowed.shadow.session.settled()
  return shadowed.shadow.report()
}
