import { buildApp } from '../src/app.js'
import { sceneDocument } from './bench/scene.js'
const gc = (globalThis as any).gc as () => void
const app = await buildApp({ config: { logLevel: 'silent', rateLimit: 0, auditLogMax: Number(process.env.MAXLOG ?? 2000) } })
const auth = { authorization: 'Bearer sk-demo-full' }
const cols = JSON.parse((await app.inject({ method: 'GET', url: '/api/v1/collections', headers: auth })).body)
const scene = JSON.parse((await app.inject({ method: 'POST', url: '/api/v1/scenes', headers: auth, payload: { name: 's', pinned: false, collectionId: cols.data[0].id } })).body)
const element = JSON.parse(sceneDocument(1)).elements
const patch = JSON.stringify({ elements: element })
const mcp = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_scenes', arguments: { limit: 10 } } })
const kind = process.argv[2]
const n = Number(process.argv[3] ?? 20000)
const report = (label: string) => {
  gc(); gc()
  const m = process.memoryUsage()
  const pages = app.db.pragma('page_count', { simple: true }) as number
  const free = app.db.pragma('freelist_count', { simple: true }) as number
  console.log(`${label.padEnd(12)} rss ${(m.rss / 1e6).toFixed(0)} heapUsed ${(m.heapUsed / 1e6).toFixed(1)} heapTotal ${(m.heapTotal / 1e6).toFixed(0)} ext ${(m.external / 1e6).toFixed(1)} ab ${(m.arrayBuffers/1e6).toFixed(1)} db ${(pages * 4096 / 1e6).toFixed(1)}MB free ${free}`)
}
report('start')
for (let round = 1; round <= 6; round++) {
  for (let i = 0; i < n; i++) {
    if (kind === 'patch') await app.inject({ method: 'PATCH', url: `/api/v1/scenes/${scene.metadata.id}/content`, headers: { ...auth, 'content-type': 'application/json' }, payload: patch })
    else if (kind === 'mcp') await app.inject({ method: 'POST', url: '/api/v1/mcp', headers: { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, payload: mcp })
    else await app.inject({ method: 'GET', url: '/api/v1/collections', headers: auth })
  }
  report(`${kind} ${round * n}`)
}
await app.close()
