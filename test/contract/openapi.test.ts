// Conformance with the real service's OpenAPI document: the emulator's generated document (GET /docs/json)
// must offer each implemented operation with the reference's parameters, required body fields and statuses.
// Response bodies are checked against the reference in every test through test/helper.ts `call()`.
import t from 'tap'
import { type TestLike, call, sharedApp } from '../helper.js'
import { publicOperations } from '../operations.js'
import { REFERENCE_PATH, loadReference, missingReference, type Operation } from '../reference.js'

const fresh = sharedApp(t)

type Doc = { paths: Record<string, Record<string, Operation>> }
const METHODS = ['get', 'post', 'put', 'patch', 'delete']

const paramsOf = (op: Operation) => (op.parameters ?? [])
  .map((p) => `${p.in}:${p.name}:${p.required === true}`).sort()
const requiredBodyFields = (op: Operation): string[] => {
  const schema = op.requestBody?.content['application/json'].schema as { required?: string[], anyOf?: Array<{ required?: string[] }> } | undefined
  if (!schema) return []
  if (schema.anyOf) return schema.anyOf.map((s) => (s.required ?? []).slice().sort().join('+')).sort()
  return (schema.required ?? []).slice().sort()
}
const statusesOf = (op: Operation) => Object.keys(op.responses).sort()

t.test('the reference document is where the tests look for it', async (t) => {
  if (loadReference() === null) missingReference(t, `reference OpenAPI not found at ${REFERENCE_PATH}: put ../shared beside the repo, or set REFERENCE_OPENAPI`)
  else t.pass(`reference OpenAPI read from ${REFERENCE_PATH}`)
})

t.test('every implemented operation matches the reference', { skip: loadReference() === null }, async (t) => {
  const reference = loadReference()!
  const app = await fresh()
  const ours = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as Doc
  const implemented = Object.entries(ours.paths).flatMap(([path, ops]) =>
    METHODS.filter((m) => m in ops).map((m) => [path, m] as const))
  const referenceOperations = Object.entries(reference.paths).flatMap(([path, ops]) =>
    METHODS.filter((m) => m in ops).map((m) => `${m.toUpperCase()} ${path}`))
  // The one place the operation count is pinned: the route table against the reference (the docs and the other
  // tests take the count from publicOperations).
  t.same(publicOperations(app), referenceOperations.slice().sort(),
    `the route table holds the reference's ${referenceOperations.length} operations, no more, no fewer`)
  t.same(implemented.map(([path, m]) => `${m.toUpperCase()} ${path}`).sort(), referenceOperations.sort(),
    'the emulator serves exactly the reference operations, no more, no fewer')
  for (const [path, method] of implemented) {
    const theirs = reference.paths[path]?.[method]
    if (!t.ok(theirs, `${method.toUpperCase()} ${path} exists in the reference`)) continue
    const mine = ours.paths[path][method]
    t.same(paramsOf(mine), paramsOf(theirs), `${method.toUpperCase()} ${path}: parameters`)
    t.same(requiredBodyFields(mine), requiredBodyFields(theirs), `${method.toUpperCase()} ${path}: required body fields`)
    t.same(statusesOf(mine), statusesOf(theirs), `${method.toUpperCase()} ${path}: declared statuses`)
    t.same(mine.requestBody?.required === true, theirs.requestBody?.required === true, `${method.toUpperCase()} ${path}: body required flag`)
  }
})

t.test('admin routes stay out of the public document', async (t) => {
  const app = await fresh()
  const ours = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as Doc
  t.same(Object.keys(ours.paths).filter((p) => !p.startsWith('/api/v1/')), [])
  const page = await app.inject({ method: 'GET', url: '/docs' })
  t.ok([200, 302].includes(page.statusCode), 'the interactive page is served')
})

t.test('the helper catches a response that does not conform', { skip: loadReference() === null }, async (t) => {
  const app = await fresh()
  app.db.prepare("UPDATE collections SET doc = json_set(doc, '$.created', 'last tuesday') WHERE id = 'colDefault1'").run()
  const failures: string[] = []
  const probe = { teardown: () => {}, fail: (message: string) => { failures.push(message); return false } } as unknown as TestLike
  await call(probe, app, 'GET', '/api/v1/collections/colDefault1')
  t.same(failures, ['response does not conform to the reference: GET /api/v1/collections/{collectionId} 200'])
})
