// Every REST-backed MCP tool against its REST twin: two emulators with the same seed and clock, reset before each
// twin, one asked through REST, one through the tool; the answers, and what each then reads back, must be the same.
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, call, sharedApp } from '../helper.js'
import { TOOLS } from '../../src/api/v1/mcp/tools/index.js'
import { callTool, textJson } from './endpoint-helper.js'

interface Twin {
  tool: string
  args: Record<string, unknown>
  rest: [method: string, url: string, body?: unknown]
  /** REST reads that show the write landed the same way in both emulators. */
  readBack?: string | string[]
  key?: string
  /** A REST write made in both emulators first, so the tool reads what REST wrote. */
  setup?: [method: string, url: string, body: unknown]
}

const restSide = sharedApp(t)
const mcpSide = sharedApp(t)

const TWINS: Twin[] = [
  { tool: 'list_scenes', args: { limit: 2, offset: 1 }, rest: ['GET', '/api/v1/scenes?limit=2&offset=1'] },
  { tool: 'create_scene', args: { collectionId: 'colSecond01', name: 'Twin', pinned: true }, rest: ['POST', '/api/v1/scenes', { collectionId: 'colSecond01', name: 'Twin', pinned: true }], readBack: '/api/v1/scenes?limit=100' },
  { tool: 'get_scene', args: { sceneId: 'scnShapes01' }, rest: ['GET', '/api/v1/scenes/scnShapes01'] },
  { tool: 'update_scene', args: { sceneId: 'scnShapes01', name: 'Renamed', collectionId: 'colSecond01', pinned: false }, rest: ['PATCH', '/api/v1/scenes/scnShapes01', { name: 'Renamed', collectionId: 'colSecond01', pinned: false }], readBack: '/api/v1/logs' },
  { tool: 'delete_scene', args: { sceneId: 'scnShapes01' }, rest: ['DELETE', '/api/v1/scenes/scnShapes01'], readBack: ['/api/v1/scenes?limit=100', '/api/v1/scenes/scnShapes01'] },
  { tool: 'get_scene_content', args: { sceneId: 'scnImage001' }, rest: ['GET', '/api/v1/scenes/scnImage001/content'] },
  { tool: 'list_collections', args: { limit: 1 }, rest: ['GET', '/api/v1/collections?limit=1'], key: KEYS.admin },
  { tool: 'get_collection', args: { collectionId: 'private' }, rest: ['GET', '/api/v1/collections/private'], key: KEYS.admin },
  { tool: 'create_collection', args: { name: 'Twins' }, rest: ['POST', '/api/v1/collections', { name: 'Twins' }], readBack: '/api/v1/logs', key: KEYS.admin },
  { tool: 'update_collection', args: { collectionId: 'colSecond01', name: 'Two' }, rest: ['PATCH', '/api/v1/collections/colSecond01', { name: 'Two' }], readBack: '/api/v1/collections' },
  { tool: 'delete_collection', args: { collectionId: 'colSecond01' }, rest: ['DELETE', '/api/v1/collections/colSecond01'], readBack: '/api/v1/scenes?limit=100' },
  { tool: 'list_collection_scenes', args: { collectionId: 'colSecond01' }, rest: ['GET', '/api/v1/collections/colSecond01/scenes'], setup: ['POST', '/api/v1/scenes', { name: 'From REST', collectionId: 'colSecond01', pinned: false }] },
  { tool: 'create_collection_scene', args: { collectionId: 'colSecond01', name: 'In two', pinned: false }, rest: ['POST', '/api/v1/collections/colSecond01/scenes', { name: 'In two', pinned: false }], readBack: '/api/v1/collections/colSecond01/scenes' },
  { tool: 'get_workspace', args: {}, rest: ['GET', '/api/v1/workspaces'] },
  { tool: 'update_workspace', args: { name: 'Renamed workspace' }, rest: ['PATCH', '/api/v1/workspaces', { name: 'Renamed workspace' }], readBack: '/api/v1/logs' },
  { tool: 'list_workspace_users', args: { limit: 5 }, rest: ['GET', '/api/v1/workspaces/users?limit=5'] },
  { tool: 'get_workspace_user', args: { userId: 'usrMember01' }, rest: ['GET', '/api/v1/workspaces/users/usrMember01'] },
  { tool: 'update_workspace_user', args: { userId: 'usrMember01', role: 'admin' }, rest: ['PATCH', '/api/v1/workspaces/users/usrMember01', { role: 'admin' }], readBack: '/api/v1/logs' },
  { tool: 'remove_workspace_user', args: { userId: 'usrMember01' }, rest: ['DELETE', '/api/v1/workspaces/users/usrMember01'], readBack: '/api/v1/workspaces/users' },
  { tool: 'list_invites', args: {}, rest: ['GET', '/api/v1/workspaces/invites'] },
  { tool: 'create_email_invite', args: { email: 'new@test.example', role: 'member' }, rest: ['POST', '/api/v1/workspaces/invites', { email: 'new@test.example', role: 'member' }], readBack: '/api/v1/workspaces/invites' },
  { tool: 'create_invite_link', args: { role: 'member', maxUses: 'unlimited', restrictedDomains: ['test.example'] }, rest: ['POST', '/api/v1/workspaces/invites', { role: 'member', maxUses: 'unlimited', restrictedDomains: ['test.example'] }], readBack: '/api/v1/logs' },
  { tool: 'list_logs', args: { limit: 3, operation: 'update' }, rest: ['GET', '/api/v1/logs?limit=3&operation=update'] }
]

async function viaRest (t: Test, app: FastifyInstance, twin: Twin) {
  const [method, url, body] = twin.rest
  const res = await call(t, app, method, url, { key: twin.key ?? KEYS.full, ...(body === undefined ? {} : { body }) })
  t.equal(res.status, 200, `${twin.tool}: REST ${method} ${url}`)
  return res.body
}

t.test('each REST-backed tool answers what its REST twin answers, and leaves the same state', async (t) => {
  const restBacked = TOOLS.filter((tool) => tool.backing !== null && !/content$/.test(tool.backing) && tool.name !== 'get_invite' && tool.name !== 'update_invite' && tool.name !== 'delete_invite')
  t.same(restBacked.map((tool) => tool.name).sort(), TWINS.map((twin) => twin.tool).filter((name) => name !== 'get_scene_content').sort(), 'every REST-backed tool has a twin here')
  for (const twin of TWINS) {
    const [rest, mcp] = [await restSide(), await mcpSide()]
    if (twin.setup !== undefined) {
      const [method, url, body] = twin.setup
      for (const app of [rest, mcp]) t.equal((await call(t, app, method, url, { body })).status, 200, `${twin.tool}: set up by REST`)
    }
    const expected = await viaRest(t, rest, twin)
    const result = await callTool(mcp, twin.key ?? KEYS.full, twin.tool, twin.args)
    t.notOk(result.isError, `${twin.tool}: no tool error`)
    t.same(textJson(result), expected, `${twin.tool}: the REST body`)
    for (const url of [twin.readBack ?? []].flat()) {
      const [a, b] = [await call(t, rest, 'GET', url), await call(t, mcp, 'GET', url)]
      t.same([b.status, b.body], [a.status, a.body], `${twin.tool}: ${url} reads the same afterwards`)
    }
  }
})

t.test('the invite tools on an invite that exists', async (t) => {
  const [rest, mcp] = [await restSide(), await mcpSide()]
  const made = (await call(t, rest, 'POST', '/api/v1/workspaces/invites', { body: { role: 'member', maxUses: 2 } })).body
  t.same(textJson(await callTool(mcp, KEYS.full, 'create_invite_link', { role: 'member', maxUses: '2' })), made)
  const id = made.id as string
  t.same(textJson(await callTool(mcp, KEYS.full, 'get_invite', { inviteId: id })), (await call(t, rest, 'GET', `/api/v1/workspaces/invites/${id}`)).body)
  t.same(textJson(await callTool(mcp, KEYS.full, 'update_invite', { inviteId: id, maxUses: 9 })),
    (await call(t, rest, 'PATCH', `/api/v1/workspaces/invites/${id}`, { body: { maxUses: 9 } })).body)
  t.same(textJson(await callTool(mcp, KEYS.full, 'delete_invite', { inviteId: id })), (await call(t, rest, 'DELETE', `/api/v1/workspaces/invites/${id}`)).body)
  t.same((await call(t, mcp, 'GET', '/api/v1/logs')).body, (await call(t, rest, 'GET', '/api/v1/logs')).body, 'the same audit trail')
})
