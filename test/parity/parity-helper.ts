// Shared by the parity tests: a target emulator standing in for the real service, its admin API, the parity and
// import commands run in-process with their output captured, and a look at what a folder holds.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Test } from 'tap'
import { parityCommand } from '../../src/parity/command.js'
import type { Io } from '../../src/parity/types.js'
import { importCommand } from '../../src/parity/import/command.js'
import { startEmulator, type RunningEmulator } from '../../src/index.js'

export const ACME = 'MzPkz6jWA0f'

/** A beta's change of one scene's answer in each way a body and a header can change, for the learn round trips. */
export const BETA_SCENE = {
  operation: 'GET /api/v1/scenes/{sceneId}',
  changes: [
    { change: 'field-renamed', path: '/metadata/isPrivate', to: 'private' },
    { change: 'field-removed', path: '/metadata/previewBackground' },
    { change: 'field-added', path: '/metadata/revision', sample: 7 },
    { change: 'type-changed', path: '/metadata/allowCalls', from: 'boolean', to: 'string', sample: 'true' },
    { change: 'header-added', header: 'deprecation', value: '@1788220800' }
  ]
}

export interface Target {
  running: RunningEmulator
  url: string
  api: string
  admin (method: string, path: string, body?: unknown): Promise<any>
  /** A fresh workspace key of Acme (minted keys have ids like the emulator's own, as a real service's would). */
  mintKey (permission?: 'full' | 'read'): Promise<string>
  /** Back to the fixtures: drift, compat, journal and data. */
  reset (): Promise<void>
}

/**
 * The target, in this process on a port of its own: parity reaches it over HTTP all the same, and what a process
 * boundary adds (the CLI's start, its signals) is what the files that start the CLI test. Its own process cost each
 * file about 0.9 s of CPU to start. A test that blocks this process while the target must answer (spawnSync) cannot
 * use it.
 */
export async function startTarget (t: Test): Promise<Target> {
  const running = await startEmulator({ renderer: false, journalSize: 5000 })
  t.teardown(() => running.close())
  const admin = async (method: string, path: string, body?: unknown): Promise<any> => {
    const response = await fetch(`${running.url}${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    return response.status === 204 ? null : await response.json()
  }
  return {
    running,
    url: running.url,
    api: `${running.url}/api/v1`,
    admin,
    mintKey: async (permission = 'full') => (await admin('POST', '/_emulator/keys', { workspaceId: ACME, kind: 'workspace', permission })).key,
    reset: async () => { await admin('POST', '/_emulator/reset') }
  }
}

export interface Captured { code: number, out: string, err: string }

function captureIo (): { io: Io, read: () => Omit<Captured, 'code'> } {
  const out: string[] = []
  const err: string[] = []
  return {
    io: { out: (text) => out.push(text), err: (text) => err.push(text), env: {}, version: '0.1.0' },
    read: () => ({ out: out.join('\n'), err: err.join('\n') })
  }
}

export async function parity (...argv: string[]): Promise<Captured> {
  const { io, read } = captureIo()
  const code = await parityCommand(argv, io)
  return { code, ...read() }
}

export async function importWorkspace (...argv: string[]): Promise<Captured> {
  const { io, read } = captureIo()
  const code = await importCommand(argv, io)
  return { code, ...read() }
}

/** Every page of a list, as `id name` lines, sorted: what a workspace holds, to compare before and after. */
export async function holdings (api: string, key: string): Promise<string[]> {
  const lines: string[] = []
  for (const path of ['/collections', '/scenes']) {
    for (let offset = 0; ; offset += 100) {
      const page = await (await fetch(`${api}${path}?limit=100&offset=${offset}`, { headers: { authorization: `Bearer ${key}` } })).json() as any
      for (const item of page.data) lines.push(`${path} ${item.id ?? item.metadata.id} ${item.name ?? item.metadata.name}`)
      if (!page.hasNextPage) break
    }
  }
  return lines.sort()
}

/** Every file below `dir`, with its text. */
export function filesIn (dir: string): Array<{ file: string, text: string }> {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesIn(path) : [{ file: path, text: readFileSync(path, 'utf8') }]
  })
}

/** A canned answer of a stand-in server: status, JSON body (or text), headers. */
export interface Canned { status: number, body?: unknown, text?: string, headers?: Record<string, string> }

/**
 * A stand-in HTTP server on a free port: `answer` gives a canned answer for a request, or undefined to pass it to
 * `upstream` (then `rewrite` may change the JSON body it answered). Closed when `t` ends.
 */
export async function startStandIn (t: Test, options: {
  upstream?: string
  answer?: (method: string, path: string) => Canned | undefined | 'hang'
  rewrite?: (method: string, path: string, body: unknown) => unknown
}): Promise<{ url: string, api: string, requests: string[] }> {
  const requests: string[] = []
  const server = createServer((req, res) => {
    const path = req.url ?? '/'
    requests.push(`${req.method} ${path}`)
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => { void respond(req.method ?? 'GET', path, Buffer.concat(chunks), req.headers, res) })
  })
  async function respond (method: string, path: string, body: Buffer, headers: IncomingHttpHeaders, res: ServerResponse): Promise<void> {
    const canned = options.answer?.(method, path)
    if (canned === 'hang') return
    if (canned !== undefined || options.upstream === undefined) {
      const { status, text, headers: extra } = canned ?? { status: 404, text: 'no upstream' }
      res.writeHead(status, { 'content-type': text === undefined ? 'application/json; charset=utf-8' : 'text/plain', ...extra })
      res.end(text ?? JSON.stringify(canned?.body ?? null))
      return
    }
    const forwarded = await fetch(`${options.upstream}${path}`, {
      method, body: body.length === 0 ? undefined : body.toString(),
      headers: Object.fromEntries(Object.entries(headers).filter(([name]) => ['authorization', 'content-type', 'accept'].includes(name)) as Array<[string, string]>)
    })
    const type = forwarded.headers.get('content-type') ?? ''
    const out: Record<string, string> = {}
    forwarded.headers.forEach((value, name) => { if (name.startsWith('x-ratelimit') || name === 'content-type' || name === 'retry-after') out[name] = value })
    let text = await forwarded.text()
    if (options.rewrite !== undefined && type.includes('json') && text !== '') text = JSON.stringify(options.rewrite(method, path, JSON.parse(text)))
    res.writeHead(forwarded.status, out)
    res.end(text)
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, api: `${url}/api/v1`, requests }
}
