// Helpers of the drift layer tests: raw calls (drifted responses are non-conforming on purpose, so these skip
// the reference check of test/helper.ts `call`), a response summary to compare runs with, and drift profiles.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Test } from 'tap'
import { KEYS } from '../../helper.js'

export interface RawOptions { headers?: Record<string, string>, body?: unknown, key?: string }

/** One public call with a full key, as a client sends it. */
export async function raw (app: FastifyInstance, method: string, url: string, options: RawOptions = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.key ?? KEYS.full}`, ...options.headers }
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
  if (payload !== undefined) headers['content-type'] = 'application/json'
  return await app.inject({ method: method as 'GET', url, headers, payload })
}

/** An admin call; returns the parsed body. */
export async function admin (app: FastifyInstance, method: string, url: string, body?: unknown): Promise<any> {
  const res = await app.inject({ method: method as 'GET', url: `/_emulator${url}`, payload: body === undefined ? undefined : body as object })
  return res.json()
}

/** Everything a client sees of a response but the Date header (the only wall-clock part). */
export function seen (res: LightMyRequestResponse): { status: number, headers: Record<string, unknown>, body: string } {
  const { date: _date, ...headers } = res.headers
  return { status: res.statusCode, headers, body: res.body }
}

/** The kinds named in an X-Emulator-Drift value. */
export function kindsIn (header: unknown): string[] {
  return typeof header === 'string' && header !== '' ? header.split(', ').map((change) => change.split(' ')[0]) : []
}

/** A drift profile of these operations, as `learn` writes one (the format's name spelled out: a test pins it). */
export function profileOf<T extends unknown[]> (operations: T): { format: string, version: number, learnedFrom: unknown[], operations: T } {
  return { format: 'drawing-api-emulator drift profile', version: 1, learnedFrom: [], operations }
}

/** The profile of these operations written as `name` in a folder of its own, removed when `t` ends; its path. */
export function writeProfile (t: Test, operations: unknown[], name = 'profile.json'): string {
  const work = mkdtempSync(join(tmpdir(), 'drift-profile-'))
  t.teardown(() => rmSync(work, { recursive: true, force: true }))
  const path = join(work, name)
  writeFileSync(path, JSON.stringify(profileOf(operations)))
  return path
}

/** A mixed sequence of public calls: reads, writes, errors, content. */
export const SEQUENCE: Array<[string, string, unknown?]> = [
  ['GET', '/api/v1/scenes'],
  ['GET', '/api/v1/scenes/scnShapes01'],
  ['GET', '/api/v1/collections'],
  ['POST', '/api/v1/collections', { name: 'Drifted' }],
  ['GET', '/api/v1/scenes/scnNope0001'],
  ['POST', '/api/v1/scenes', { name: 'Plan', pinned: false, collectionId: 'colDefault1' }],
  ['GET', '/api/v1/scenes/scnShapes01/content'],
  ['PATCH', '/api/v1/collections/colSecond01', { name: 'Renamed' }],
  ['GET', '/api/v1/collections/colSecond01/scenes'],
  ['DELETE', '/api/v1/collections/colSecond01'],
  ['GET', '/api/v1/scenes?limit=1'],
  ['GET', '/api/v1/collections/colDefault1']
]
