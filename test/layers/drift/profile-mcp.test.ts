// A drift profile on MCP answers: its pointers name the message as parity compares it (a tool's JSON text as
// `json`, tools/list's tools by name), changed in the answer's own framing; MCP operations the endpoint does not
// have fail start-up.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { ConfigError } from '../../../src/config/index.js'
import { KEYS, build } from '../../helper.js'
import { rpc } from '../../mcp/endpoint-helper.js'
import { admin } from './drift-helper.js'

/** app.ready() as a plain promise (Fastify's is a thenable tap cannot take). */
const ready = async (app: FastifyInstance): Promise<void> => { await app.ready() }

const work = mkdtempSync(join(tmpdir(), 'drift-profile-mcp-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

function profile (name: string, operations: unknown[]): string {
  const path = join(work, name)
  writeFileSync(path, JSON.stringify({ format: 'drawing-api-emulator drift profile', version: 1, learnedFrom: [], operations }))
  return path
}

const PROFILE = profile('mcp.json', [
  {
    operation: 'POST /api/v1/mcp tools/call get_scene',
    changes: [
      { change: 'field-renamed', path: '/result/content/*/json/metadata/name', to: 'title', seen: [] },
      { change: 'header-added', header: 'deprecation', value: '@1788220800', seen: [] }
    ]
  },
  { operation: 'POST /api/v1/mcp tools/list', changes: [{ change: 'field-removed', path: '/result/tools/get_scene/description', seen: [] }] }
])

const call = (name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } })

for (const mcpResponse of ['sse', 'json'] as const) {
  t.test(`the learned shape in ${mcpResponse} answers, named and counted`, async (t) => {
    const app = await build(t, { driftProfile: PROFILE, mcpResponse })
    const answer = await rpc(app, KEYS.full, call('get_scene', { sceneId: 'scnShapes01' }))
    t.equal(answer.status, 200)
    t.match(answer.headers['content-type'], mcpResponse === 'sse' ? /^text\/event-stream/ : /^application\/json/)
    t.equal(answer.headers.deprecation, '@1788220800')
    t.equal(answer.headers['x-emulator-drift'], 'learned /result/content/0/json/metadata/name, learned header/deprecation')
    const scene = JSON.parse(answer.message.result.content[0].text)
    t.same([scene.metadata.title, scene.metadata.name], ['Simple shapes', undefined])
    t.same(Object.keys(answer.message.result.content[0]), ['type', 'text'], 'the content item keeps its JSON text')

    const listed = await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 2, method: 'tools/list' })
    const tools = listed.message.result.tools
    t.equal(listed.headers['x-emulator-drift'], 'learned /result/tools/get_scene/description')
    t.ok(Array.isArray(tools) && tools.length > 10, 'still a list of tools')
    t.same(tools.filter((tool: any) => tool.name === 'get_scene').map((tool: any) => Object.keys(tool)), [['name', 'inputSchema']])
    t.ok(tools.some((tool: any) => tool.name === 'list_scenes' && typeof tool.description === 'string'), 'other tools untouched')

    const other = await rpc(app, KEYS.full, call('list_collections', {}))
    t.same([other.headers['x-emulator-drift'], other.headers.deprecation], [undefined, undefined])
    t.same((await admin(app, 'GET', '/drift/ledger')).byRoute, {
      'POST /api/v1/mcp tools/call get_scene': { eligible: 1, perturbed: 1, byKind: { learned: 1 } },
      'POST /api/v1/mcp tools/list': { eligible: 1, perturbed: 1, byKind: { learned: 1 } }
    })
  })
}

t.test('forced mcp-* drift applies on top; off answers the emulator\'s own shape', async (t) => {
  const app = await build(t, { driftProfile: PROFILE })
  const off = await rpc(app, KEYS.full, call('get_scene', { sceneId: 'scnShapes01' }), { 'x-emulator-drift': 'off' })
  t.same([JSON.parse(off.message.result.content[0].text).metadata.name, off.headers['x-emulator-drift']], ['Simple shapes', undefined])
  const forced = await rpc(app, KEYS.full, call('get_scene', { sceneId: 'scnShapes01' }), { 'x-emulator-drift': 'mcp-structured-result' })
  t.match(forced.headers['x-emulator-drift'], /^learned \/result\/content\/0\/json\/metadata\/name, learned header\/deprecation, mcp-structured-result/)
})

t.test('MCP operations the endpoint does not have fail start-up', async (t) => {
  const cases: Array<[string, string]> = [
    ['POST /api/v1/mcp tools/call get_sceen', 'names POST /api/v1/mcp tools/call get_sceen, which this emulator does not have (its operations are named as GET /api/v1/scenes/{sceneId})'],
    ['POST /api/v1/mcp initialize', 'names POST /api/v1/mcp initialize, which this emulator does not have (its operations are named as GET /api/v1/scenes/{sceneId})']
  ]
  for (const [operation, line] of cases) {
    const file = profile(`${operation.replace(/\W+/g, '-')}.json`, [{ operation, changes: [] }])
    const app = await build(t, { driftProfile: file })
    await t.rejects(ready(app), new ConfigError(`Invalid configuration: EMULATOR_DRIFT_PROFILE (--drift-profile) ${file} ${line}`))
  }
  const docsOnly = profile('docs-only.json', [{ operation: 'POST /api/v1/mcp tools/call create_diagram', changes: [] }])
  await t.rejects(ready(await build(t, { driftProfile: docsOnly, mcpToolset: 'docs' })), /create_diagram, which this emulator does not have/, 'a tool of another toolset')
  const misplaced = profile('misplaced.json', [{ operation: 'POST /api/v1/mcp tools/list', changes: [{ change: 'field-removed', path: '/tools' }] }])
  await t.rejects(ready(await build(t, { driftProfile: misplaced })), /tools\/list: field-removed at \/tools: the answers of this emulator have no such field/)
})
