// The docs page shows each operation once and names the demo keys; the document served to anything but
// the page stays as the reference publishes it; the roots send a person somewhere useful.
import t from 'tap'
import { sharedApp } from '../helper.js'

const fresh = sharedApp(t)

type Doc = { info: { description: string }, paths: Record<string, Record<string, { tags?: string[] }>> }
const operationsOf = (doc: Doc) => Object.values(doc.paths).flatMap((ops) => Object.values(ops))

t.test('/docs/json for Swagger UI: one tag per operation, the demo keys in the description', async (t) => {
  const app = await fresh()
  const page = (await app.inject({ url: '/docs/json', headers: { referer: 'http://localhost/docs/static/index.html' } })).json() as Doc
  const operations = operationsOf(page)
  t.equal(operations.length, 27)
  t.equal(operations.reduce((blocks, op) => blocks + (op.tags?.length ?? 0), 0), 27, 'the page lists 27 operation blocks')
  t.same(page.paths['/api/v1/scenes/{sceneId}/content'].get.tags, ['scene-content'], 'the most specific tag')
  t.match(page.info.description, /\| `sk-test-full` \| Test Workspace \| workspace key, full \|/)
  t.match(page.info.description, /\| `uk-test-member` \| /)
})

t.test('/docs/json for everything else: the document as published', async (t) => {
  const app = await fresh()
  const doc = (await app.inject({ url: '/docs/json' })).json() as Doc
  t.same(doc.paths['/api/v1/scenes/{sceneId}/content'].get.tags, ['scenes', 'scene-content'])
  t.notMatch(doc.info.description, /sk-test-full/)
})

t.test('GET / and GET /_emulator redirect to the demo page, which links the docs', async (t) => {
  const app = await fresh()
  const root = await app.inject({ url: '/' })
  t.same([root.statusCode, root.headers.location], [302, '/_emulator/ui'])
  const admin = await app.inject({ url: '/_emulator' })
  t.same([admin.statusCode, admin.headers.location], [302, '/_emulator/ui'])
  const page = await app.inject({ url: '/_emulator/docs' })
  t.equal(page.statusCode, 200)
  t.match(page.headers['content-type'], /^text\/html/)
  t.match(page.body, /url: '\/_emulator\/docs\/json'/, 'Swagger UI on the admin document')
  for (const asset of ['/docs/static/swagger-ui.css', '/docs/static/swagger-ui-bundle.js']) {
    t.ok(page.body.includes(asset), asset)
    t.equal((await app.inject({ url: asset })).statusCode, 200, `${asset} is served`)
  }
})
