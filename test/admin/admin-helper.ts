// Admin API test client: calls /_emulator routes with app.inject and checks every answer against the schema the
// admin OpenAPI document (GET /_emulator/docs/json) declares for that operation and status.
import type { FastifyInstance } from 'fastify'
import { Ajv, type ValidateFunction } from 'ajv'
import { addFormats } from '../../src/lib/ajv.js'
import { KEYS, call, type TestLike } from '../helper.js'

export interface AdminOptions {
  body?: unknown
  /** A raw payload sent as is. */
  payload?: string
  /** The admin token to send; null sends no Authorization header. */
  token?: string | null
  headers?: Record<string, string>
}

export interface AdminResult { status: number, body: any, raw: string }

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content: { 'application/json': { schema: object } } }> }>> }
const documents = new WeakMap<FastifyInstance, { doc: Doc, validators: Map<string, ValidateFunction>, ajv: Ajv }>()

async function documentOf (app: FastifyInstance) {
  let entry = documents.get(app)
  if (!entry) {
    const token = app.config.adminToken
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
    const res = await app.inject({ method: 'GET', url: '/_emulator/docs/json', headers })
    const ajv = new Ajv({ strict: false, allErrors: true })
    addFormats(ajv)
    entry = { doc: res.json() as Doc, validators: new Map(), ajv }
    documents.set(app, entry)
  }
  return entry
}

/** `/_emulator/keys/key_1?x=y` → the document's `/_emulator/keys/{id}`. */
function templateOf (doc: Doc, url: string): string | undefined {
  const path = url.split('?')[0]
  return Object.keys(doc.paths).find((template) =>
    new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path))
}

async function conform (t: TestLike, app: FastifyInstance, method: string, url: string, status: number, body: unknown): Promise<void> {
  const { doc, validators, ajv } = await documentOf(app)
  const template = templateOf(doc, url)
  const schema = template ? doc.paths[template][method.toLowerCase()]?.responses[String(status)]?.content['application/json'].schema : undefined
  if (!schema) {
    t.fail(`admin document declares no ${status} for ${method} ${template ?? url}`)
    return
  }
  const key = `${method} ${template} ${status}`
  let validate = validators.get(key)
  if (!validate) validators.set(key, validate = ajv.compile(schema))
  if (!validate(body)) t.fail(`admin response does not match its documented schema: ${key}`, { errors: validate.errors, body })
}

/** Calls an admin route; the answer must match the admin document's schema for its status. */
export async function admin (t: TestLike, app: FastifyInstance, method: string, url: string, options: AdminOptions = {}): Promise<AdminResult> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  const payload = options.payload ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
  if (payload !== undefined) headers['content-type'] ??= 'application/json'
  const res = await app.inject({ method: method as 'GET', url, headers, payload })
  const body = res.body === '' ? undefined : res.json()
  await conform(t, app, method, url, res.statusCode, body)
  return { status: res.statusCode, body, raw: res.body }
}

/** A provisioned workspace, from POST /_emulator/workspaces. */
export async function createWorkspace (t: TestLike, app: FastifyInstance, body?: object) {
  const res = await admin(t, app, 'POST', '/_emulator/workspaces', { body })
  if (res.status !== 200) t.fail(`workspace creation answered ${res.status}`, { body: res.body })
  return res.body as { workspace: { id: string, name: string }, users: Array<{ id: string }>, keys: { full: string, read: string, personal: string } }
}

/** Everything a client can read of a workspace through one key, as the raw bodies the API sends. */
export async function readEverything (t: TestLike, app: FastifyInstance, key: string = KEYS.admin): Promise<string[]> {
  const out: string[] = []
  for (const url of ['/collections?limit=100', '/workspaces', '/workspaces/users?limit=100', '/workspaces/invites?limit=100', '/logs']) {
    out.push((await call(t, app, 'GET', `/api/v1${url}`, { key })).raw.body)
  }
  const scenes = await call(t, app, 'GET', '/api/v1/scenes?limit=100', { key })
  out.push(scenes.raw.body)
  for (const scene of scenes.body.data ?? []) {
    out.push((await call(t, app, 'GET', `/api/v1/scenes/${scene.metadata.id}/content`, { key })).raw.body)
  }
  return out
}

export const NOT_FOUND = (message: string) => ({ statusCode: 404, error: 'Not Found', message })
export const BAD_REQUEST = (message: string) => ({ statusCode: 400, error: 'Bad Request', message })
export const UNAUTHORIZED = (message: string) => ({ statusCode: 401, error: 'Unauthorized', message })
