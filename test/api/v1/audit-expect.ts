// Shared by the workspace, users, invites and logs tests: read audit entries back through GET /logs and
// the whole entry an API write is expected to append.
import type { FastifyInstance } from 'fastify'
import { auditSourceId } from '../../../src/lib/ids.js'
import { KEYS, NOW, call, type TestLike } from '../../helper.js'

export const NOW_ISO = new Date(NOW).toISOString()
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const ALICE = { user_id: 'usrAdmin001', user_email: 'alice@test.example', user_full_name: 'Alice Admin', user_picture: null }

/** The entry an API write appends; `by` is the key that made it (admin personal key or the full workspace key). */
export function apiEntry (id: string, action: string, operation: string, details: unknown, by: 'admin' | 'full' = 'admin') {
  return {
    id, action, operation, details, created_at: NOW_ISO, ip_address: '127.0.0.1', workspace_id: 'wsMain00001',
    app_source: 'excalidraw-plus', source_type: 'api', status: 200,
    ...(by === 'admin' ? { ...ALICE, source_id: auditSourceId('key_test_admin') } : { user_id: null, source_id: auditSourceId('key_test_full') })
  }
}

/** The newest `count` entries, through the public API with the full workspace key (newest first). */
export async function newestLogs (t: TestLike, app: FastifyInstance, count: number): Promise<any[]> {
  const res = await call(t, app, 'GET', `/api/v1/logs?limit=${count}`, { key: KEYS.full })
  if (res.status !== 200) t.fail(`GET /logs answered ${res.status}`, { body: res.body })
  return res.body.logs
}

/** How many entries the workspace's log holds: 2 come from fixtures/minimal. */
export async function logCount (t: TestLike, app: FastifyInstance): Promise<number> {
  const res = await call(t, app, 'GET', '/api/v1/logs?page=1&limit=1', { key: KEYS.full })
  return res.body.totalCount
}
