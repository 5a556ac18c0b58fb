// A real MCP client over a real socket: the SDK's Client and StreamableHTTPClientTransport with a Bearer header,
// as agents and desktop bridges connect.
import t from 'tap'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { KEYS, build, call } from '../helper.js'

async function connect (url: string, key: string): Promise<Client> {
  const client = new Client({ name: 'tap-sdk-client', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${key}` } } })
  await client.connect(transport)
  return client
}

t.test('the SDK client initializes, lists and calls tools; a read key sees fewer; a bad key fails with 401', async (t) => {
  const app = await build(t)
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const url = `${base}/api/v1/mcp`

  const client = await connect(url, KEYS.full)
  t.teardown(async () => { await client.close() })
  t.same(client.getServerVersion(), { name: 'drawing-api-emulator', version: app.emulatorVersion })
  t.match(client.getInstructions(), /format/i)
  const { tools } = await client.listTools()
  t.equal(tools.length, 38)
  const made = await client.callTool({ name: 'create_collection', arguments: { name: 'Via SDK' } })
  const collection = JSON.parse((made.content as Array<{ text: string }>)[0].text)
  t.equal((await call(t, app, 'GET', `/api/v1/collections/${collection.id}`)).body.name, 'Via SDK')

  const reader = await connect(url, KEYS.read)
  t.teardown(async () => { await reader.close() })
  const readTools = (await reader.listTools()).tools.map((tool) => tool.name)
  t.ok(readTools.length < tools.length && !readTools.includes('create_collection'))
  const shot = await reader.callTool({ name: 'take_screenshot', arguments: { sceneId: 'scnShapes01' } })
  t.equal((shot.content as Array<{ type: string }>)[0].type, 'image')

  const stranger = new Client({ name: 'stranger', version: '1' })
  const denied = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: 'Bearer sk-wrong' } } })
  await t.rejects(stranger.connect(denied), /401/)
})
