// What a tool takes from its backing route (api/v1/mcp/tools/routes.ts, over the route table api/v1/operations.ts
// records): a twin's result schema and caching, the start-up check that every tool's input keeps its route's
// path and query rules, and list_collection_scenes kept as its REST twin is, never across a write.
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import t from 'tap'
import { Type } from 'typebox'
import operations, { type RouteOperation } from '../../src/api/v1/operations.js'
import collections from '../../src/api/v1/collections.js'
import scenes from '../../src/api/v1/scenes.js'
import sceneContent from '../../src/api/v1/scene-content.js'
import workspaces from '../../src/api/v1/workspaces.js'
import users from '../../src/api/v1/users.js'
import invites from '../../src/api/v1/invites.js'
import logs from '../../src/api/v1/logs.js'
import mcp from '../../src/api/v1/mcp/index.js'
import { TOOL_ENTRIES, toolEntries } from '../../src/api/v1/mcp/tools/index.js'
import { routeProblems } from '../../src/api/v1/mcp/tools/routes.js'
import { defineTool, type RouteSignature } from '../../src/api/v1/mcp/tools/unit.js'
import { fromReadCache } from '../../src/api/v1/cached.js'
import { paginated } from '../../src/schemas/common.js'
import { SceneRecordSchema } from '../../src/schemas/scenes.js'
import { build, call, KEYS } from '../helper.js'
import { rpc, textJson } from './endpoint-helper.js'

/** The public routes as the app registers them, recorded by the operations plugin. */
async function routeTable (): Promise<ReadonlyMap<string, RouteOperation>> {
  const app = Fastify()
  let table: ReadonlyMap<string, RouteOperation> = new Map()
  await app.register(async (scope) => {
    await scope.register(operations)
    for (const routes of [collections, scenes, sceneContent, workspaces, users, invites, logs]) await scope.register(routes)
    table = scope.operations
  })
  await app.close()
  return table
}

const route = (signature: string, schemas: RouteOperation['schemas'], keptRead = false): [string, RouteOperation] =>
  [signature, { method: signature.split(' ')[0], signature, adminOnly: false, schemas, keptRead }]

const tool = (name: string, backing: RouteSignature, inputSchema = Type.Object({}), twin = false) =>
  defineTool({ name, description: name, inputSchema, backing, surfaces: ['docs', 'agents'], ...(twin ? { twin: true as const } : {}), run: () => ({ text: '' }) })

t.test('every tool keeps its route\'s rules; each twin answers its route\'s 200 schema, kept when the route is', async (t) => {
  const table = await routeTable()
  t.same(routeProblems(TOOL_ENTRIES, table), [])
  const entries = toolEntries('all', table)
  const twins = entries.filter(({ declaration }) => declaration.twin === true)
  t.equal(twins.length, 26)
  for (const { declaration } of twins) t.equal(declaration.result, table.get(declaration.backing ?? '')?.schemas.result, `${declaration.name}: its route's result`)
  t.same(entries.filter(({ declaration }) => declaration.result !== undefined).length, 26, 'only twins have one')
  t.same(entries.filter(({ declaration }) => declaration.keptAnswer === true).map(({ declaration }) => declaration.name),
    ['list_scenes', 'get_scene_content', 'list_collections', 'list_collection_scenes'], 'the twins of the kept GETs')
  const listed = entries.find(({ declaration }) => declaration.name === 'list_collection_scenes')?.declaration.result
  t.same(JSON.parse(JSON.stringify(listed)), JSON.parse(JSON.stringify(paginated(SceneRecordSchema))))
})

t.test('a tool that does not keep its route\'s rules is named with what it lacks', async (t) => {
  const table = new Map([
    route('GET /things', { querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Page.' })) }), result: Type.Object({}) }),
    route('GET /things/{thingId}', { params: Type.Object({ thingId: Type.String() }), querystring: Type.Object({ full: Type.Optional(Type.Boolean()) }) }),
    route('DELETE /things/{thingId}', { params: Type.Object({ thingId: Type.String() }) })
  ])
  const page = (maximum: number) => Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum, description: 'Other words.' })) })
  t.same(routeProblems([
    tool('list_things', 'GET /things', page(100), true),
    tool('list_more_things', 'GET /things', page(200), true),
    tool('list_all_things', 'GET /things', Type.Object({}), true),
    tool('get_thing', 'GET /things/{thingId}', Type.Object({ thingId: Type.String({ minLength: 1 }) })),
    tool('get_thing_twin', 'GET /things/{thingId}', Type.Object({ thingId: Type.String({ minLength: 1 }) }), true),
    tool('find_thing', 'GET /things/{thingId}', Type.Object({ thingId: Type.Optional(Type.String()) })),
    tool('drop_thing', 'DELETE /things/{thingId}', Type.Object({ id: Type.String() })),
    tool('paint_thing', 'PATCH /things/{thingId}' as RouteSignature)
  ], table), [
    'list_more_things: limit.maximum is 200, the route\'s 100',
    'list_all_things: no argument limit',
    'get_thing_twin: no argument full; GET /things/{thingId} declares no 200 answer',
    'find_thing: thingId is optional, a path parameter of GET /things/{thingId}',
    'drop_thing: no argument thingId'
  ], 'a stricter argument passes; only a twin must take the query; annotations may differ; a tool with no route is not one of these')
})

/** An MCP endpoint over one route, GET /things/{thingId}, serving `tools`. */
async function endpointOver (tools: ReturnType<typeof tool>[]) {
  const app = Fastify()
  app.decorate('emulatorVersion', '0.0.0')
  app.decorate('config', { mcpPageSize: 0 } as never)
  app.decorate('operations', new Map([route('GET /things/{thingId}', { params: Type.Object({ thingId: Type.String() }) })]))
  await app.register(mcp, { tools, instructions: '', renderer: undefined as never })
  return app
}

t.test('the endpoint does not start with a tool backed by no route: the names in the line it always said, before any misfit', async (t) => {
  const unbacked = await endpointOver([
    tool('paint_thing', 'PATCH /things/{thingId}' as RouteSignature),
    tool('get_thing', 'GET /things/{thingId}'),
    tool('drop_thing', 'DELETE /things/{thingId}' as RouteSignature)
  ])
  await t.rejects(async () => await unbacked.ready(), { message: 'MCP tools backed by no route: paint_thing, drop_thing' })
})

t.test('the endpoint does not start with a tool that does not fit its route', async (t) => {
  const app = await endpointOver([tool('get_thing', 'GET /things/{thingId}')])
  await t.rejects(async () => await app.ready(), { message: 'MCP tools that do not fit their routes: get_thing: no argument thingId' })
})

t.test('a route answering from the read cache must say so, as its twin\'s caching follows the flag: the start fails naming it', async (t) => {
  const app = Fastify()
  t.teardown(() => app.close())
  await app.register(operations)
  const answer = fromReadCache((kept) => async (request: FastifyRequest, reply: FastifyReply) => kept.page(request, reply, {}, () => ({})))
  app.get('/flagged', { config: { keptRead: true } }, answer)
  app.get('/unflagged', answer)
  app.get('/things/:thingId', { config: { keptRead: false } }, fromReadCache((kept) => async (request, reply) => kept.text(request, reply, {}, () => '{}')))
  app.get('/plain', async () => ({}))
  await t.rejects(async () => await app.ready(), { message: 'GET /unflagged, GET /things/{thingId} answers from the read cache: declare config.keptRead' })
  t.same([...app.operations.values()].filter(({ method }) => method === 'GET').map(({ signature, keptRead }) => [signature, keptRead]),
    [['GET /flagged', true], ['GET /unflagged', false], ['GET /things/{thingId}', false], ['GET /plain', false]])
})

t.test('list_collection_scenes is kept as its REST twin is, and no write is answered with a stale list', async (t) => {
  const app = await build(t)
  const collectionId = (await call(t, app, 'GET', '/api/v1/collections', { key: KEYS.full })).body.data[0].id as string
  const list = async (id: number) => {
    const answer = await rpc(app, KEYS.full, { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_collection_scenes', arguments: { collectionId } } })
    return { body: answer.raw.body, page: textJson(answer.message.result) }
  }
  const rest = async () => (await call(t, app, 'GET', `/api/v1/collections/${collectionId}/scenes`, { key: KEYS.full })).body
  const before = app.stores.readCache.held().entries
  const first = await list(1)
  const held = app.stores.readCache.held().entries
  t.equal(held, before + 1, 'the answer is kept')
  const again = await list(2)
  t.equal(again.body, first.body.replace('"id":1}', '"id":2}'), 'the same answer, its own id')
  t.equal(app.stores.readCache.held().entries, held, 'answered from what was kept: nothing new kept')
  t.same(first.page, await rest(), 'the REST body')

  const made = await call(t, app, 'POST', `/api/v1/collections/${collectionId}/scenes`, { key: KEYS.full, body: { name: 'Made over REST', pinned: false } })
  t.equal(made.status, 200)
  const afterRest = await list(3)
  t.ok(afterRest.page.data.some((scene: { metadata: { id: string } }) => scene.metadata.id === made.body.metadata.id), 'a REST write: the new scene is listed')
  t.same(afterRest.page, await rest())

  const renamed = await rpc(app, KEYS.full, { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'update_scene', arguments: { sceneId: made.body.metadata.id, name: 'Renamed over MCP' } } })
  t.notOk(renamed.message.result.isError)
  const afterMcp = await list(5)
  t.ok(afterMcp.page.data.some((scene: { metadata: { name: string } }) => scene.metadata.name === 'Renamed over MCP'), 'an MCP write: the new name is listed')
  t.same(afterMcp.page, await rest())
})
