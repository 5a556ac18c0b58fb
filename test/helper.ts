// Test harness (see test/README.md): apps on :memory: and fixtures/minimal with a fixed clock and seed, built
// fresh (`build`) or once per file and reset per subtest (`sharedApp`), and a client whose every public response
// is checked against the reference OpenAPI document.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Test } from 'tap'
import { buildApp } from '../src/app.js'
import { MINIMAL_FIXTURES, resolveConfig, type ConfigOptions } from '../src/config/index.js'
import { checkResponse, loadReference } from './reference.js'

/** The keys of fixtures/minimal. */
export const KEYS = {
  full: 'sk-test-full',
  read: 'sk-test-read',
  admin: 'uk-test-admin',
  member: 'uk-test-member',
  expired: 'sk-test-expired',
  revoked: 'sk-test-revoked',
  scenes: 'sk-test-scenes',
  other: 'sk-test-other'
} as const

/** 2026-06-01T12:00:00.000Z: after the expired key's expiry, before anything else matters. */
export const NOW = Date.parse('2026-06-01T12:00:00.000Z')

/** Just what the helpers need of a tap test (a probe can stand in for one). */
export type TestLike = Pick<Test, 'teardown' | 'fail'>

export async function build (t: TestLike, config: ConfigOptions = {}): Promise<FastifyInstance> {
  const app = await buildApp(resolveConfig({ fixturesDir: MINIMAL_FIXTURES, logLevel: 'silent', seed: 42, clockStart: NOW, ...config }))
  t.teardown(() => app.close())
  return app
}

/**
 * One app per test file (or per configuration within a file), built on the first call and reset on every later
 * one through POST /_emulator/reset: fixtures reseeded, admin-made workspaces dropped, every control part (journal,
 * faults, stubs, rate-limit windows, drift, compatibility switches, the clock, the seeded id stream, the picture
 * cache) back at its start. So each caller starts from what a fresh `build` shows, ids and timestamps included,
 * for a fraction of the cost. Not reset: snapshots (the harness keeps them on purpose) and seams a test swapped in
 * itself (restore those in its own teardown). `owner` (the file's root `t`) closes the app when the file ends.
 */
export function sharedApp (owner: TestLike, config: ConfigOptions = {}): () => Promise<FastifyInstance> {
  let app: Promise<FastifyInstance> | undefined
  return async () => {
    if (app === undefined) return await (app = build(owner, config))
    const ready = await app
    const token = ready.config.adminToken
    const res = await ready.inject({ method: 'POST', url: '/_emulator/reset', headers: token === undefined ? {} : { authorization: `Bearer ${token}` } })
    if (res.statusCode !== 200) throw new Error(`reset answered ${res.statusCode}: ${res.body}`)
    return ready
  }
}

/** Sets `target[key]` (a seam such as `app.control.faults.sleep`) until `t` ends: a shared app outlives its subtests. */
export function swap<T extends object, K extends keyof T> (t: Pick<Test, 'teardown'>, target: T, key: K, value: T[K]): void {
  const original = target[key]
  target[key] = value
  t.teardown(() => { target[key] = original })
}

export interface CallOptions {
  key?: string | null
  body?: unknown
  /** A raw payload sent as is (malformed JSON, oversized bodies). */
  payload?: string | Buffer
  headers?: Record<string, string>
  query?: Record<string, string>
}

export interface CallResult { status: number, body: any, headers: LightMyRequestResponse['headers'], raw: LightMyRequestResponse }

/**
 * Calls the API the way a client would and checks the answer against the reference schema of that
 * operation and status: a non-conforming response fails the calling test.
 */
export async function call (t: TestLike, app: FastifyInstance, method: string, url: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.key !== null) headers.authorization ??= `Bearer ${options.key ?? KEYS.full}`
  const payload = options.payload ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
  if (payload !== undefined) headers['content-type'] ??= 'application/json'
  const raw = await app.inject({ method: method as 'GET', url, headers, payload, query: options.query })
  const isJson = String(raw.headers['content-type'] ?? '').includes('application/json')
  const body = isJson && raw.body !== '' ? raw.json() : raw.body
  conform(t, method, url, raw, body)
  return { status: raw.statusCode, body, headers: raw.headers, raw }
}

function conform (t: TestLike, method: string, url: string, raw: LightMyRequestResponse, body: unknown): void {
  const path = url.split('?')[0]
  if (!path.startsWith('/api/v1') || loadReference() === null) return
  const verdict = checkResponse(method, path, raw.statusCode, body)
  if (!verdict.ok) t.fail(`response does not conform to the reference: ${method} ${verdict.path ?? path} ${raw.statusCode}`, { errors: verdict.errors, body })
}

export const errorBody = (statusCode: number, error: string, message: string) => ({ statusCode, error, message })
