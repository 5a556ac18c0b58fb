// Test harness (DESIGN §3.9): a fresh app per test on :memory: and fixtures/minimal, a fixed clock and seed,
// and a client whose every public response is checked against the reference OpenAPI document.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Test } from 'tap'
import { buildApp } from '../src/app.js'
import { MINIMAL_FIXTURES, type ConfigOptions } from '../src/config.js'
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
  const app = await buildApp({
    config: { fixturesDir: MINIMAL_FIXTURES, logLevel: 'silent', seed: 42, clockStart: NOW, ...config }
  })
  t.teardown(() => app.close())
  return app
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
