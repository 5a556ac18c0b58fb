// MCP servers are shared by callers who see the same tools (api/v1/mcp/pool.ts): over HTTP, calls from keys of
// different permissions and workspaces, in flight together, are each answered as their own key would be alone;
// and the real tools answer on the direct path what the SDK's transport answers.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, build } from '../helper.js'
import { rpc } from './endpoint-helper.js'

const CALLERS = [KEYS.full, KEYS.read, KEYS.admin, KEYS.member, KEYS.scenes, KEYS.other]

/** The requests each key sends: reads, one allowed or not depending on the key, and one write a read key may not see. */
const REQUESTS: Array<Record<string, unknown>> = [
  { method: 'tools/list' },
  { method: 'tools/call', params: { name: 'get_workspace', arguments: {} } },
  { method: 'tools/call', params: { name: 'list_scenes', arguments: { limit: 3 } } },
  { method: 'tools/call', params: { name: 'list_workspace_users', arguments: {} } },
  { method: 'tools/call', params: { name: 'get_scene', arguments: { sceneId: 'scnShapes01' } } },
  { method: 'tools/call', params: { name: 'create_collection', arguments: { name: '' } } },
  { method: 'tools/call', params: { name: 'read_diagram_format', arguments: {} } }
]

/** Rate limit off: its remaining-count header differs from one request to the next. */
const CONFIG = { rateLimit: 0 }

/** What a client reads of an answer: status, headers but the date, body. */
const observed = (answer: Awaited<ReturnType<typeof rpc>>) => {
  const { date: _date, ...headers } = answer.raw.headers
  return { status: answer.status, headers, body: answer.raw.body }
}

async function alone (app: FastifyInstance): Promise<Map<string, unknown>> {
  const expected = new Map<string, unknown>()
  for (const key of CALLERS) {
    for (const [i, request] of REQUESTS.entries()) expected.set(`${key} ${i}`, observed(await rpc(app, key, { jsonrpc: '2.0', id: i, ...request })))
  }
  return expected
}

t.test('calls from different keys in flight together: each answered as that key alone', async (t) => {
  const app = await build(t, CONFIG)
  const expected = await alone(app)
  const workspaces = new Set([...expected.entries()].filter(([id]) => id.endsWith(' 1')).map(([, answer]) => (answer as { body: string }).body))
  t.equal(workspaces.size, 3, 'the keys see different workspaces, or get_workspace refused (the route-restricted key)')
  for (let round = 0; round < 4; round++) {
    // Every key's every request at once, in an order that differs per round.
    const jobs = CALLERS.flatMap((key) => REQUESTS.map((request, i) => ({ key, request, i })))
    const shuffled = jobs.map((job, n) => ({ job, order: (n * 7919 + round * 104729) % jobs.length })).sort((a, b) => a.order - b.order).map(({ job }) => job)
    const answers = await Promise.all(shuffled.map(async ({ key, request, i }) => ({ id: `${key} ${i}`, answer: observed(await rpc(app, key, { jsonrpc: '2.0', id: i, ...request })) })))
    for (const { id, answer } of answers) if (JSON.stringify(answer) !== JSON.stringify(expected.get(id))) t.fail(`round ${round}, ${id}: ${answer.body.slice(0, 200)}`)
    t.pass(`round ${round}: ${answers.length} answers, each its own key's`)
  }
})

for (const mcpResponse of ['sse', 'json'] as const) {
  t.test(`real tools: the direct path answers what the transport answers (${mcpResponse})`, async (t) => {
    const app = await build(t, { ...CONFIG, mcpResponse })
    for (const key of CALLERS) {
      for (const [i, request] of REQUESTS.entries()) {
        const message = { jsonrpc: '2.0', id: i, ...request }
        // A batch of one goes through the SDK's transport, which answers it as the single request.
        t.same(observed(await rpc(app, key, message)), observed(await rpc(app, key, [message])), `${key} ${String(request.method)} ${i}`)
      }
    }
  })
}
