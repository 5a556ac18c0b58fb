// GET /_emulator/docs/json: the admin API's own OpenAPI 3.0 document, generated from every admin route's schema.
import Fastify from 'fastify'
import t from 'tap'
import { Type } from 'typebox'
import { type TestLike, build, sharedApp } from '../helper.js'
import adminDocs, { buildAdminDocument, collectAdminRoutes, toOpenApiSchema } from '../../src/admin/openapi.js'
import { UNAUTHORIZED, admin } from './admin-helper.js'

const fresh = sharedApp(t)

type Operation = {
  responses: Record<string, unknown>
  requestBody?: { required: boolean }
  parameters?: Array<{ name: string, in: string, required: boolean }>
  security?: unknown[]
}
type Doc = { openapi: string, paths: Record<string, Record<string, Operation>>, security: unknown[] }

/** This helper's operations and their declared statuses; other helpers' admin routes may sit beside them. */
const OURS: Record<string, string[]> = {
  'post /_emulator/workspaces': ['200', '400', '401'],
  'delete /_emulator/workspaces/{id}': ['200', '401', '404'],
  'post /_emulator/workspaces/{id}/reset': ['200', '401', '404', '409'],
  'post /_emulator/keys': ['200', '400', '401', '404'],
  'get /_emulator/keys': ['200', '400', '401', '404'],
  'delete /_emulator/keys/{id}': ['200', '401', '404'],
  'post /_emulator/reset': ['200', '401'],
  'post /_emulator/snapshots': ['200', '400', '401', '404'],
  'get /_emulator/snapshots': ['200', '401'],
  'post /_emulator/snapshots/{id}/restore': ['200', '401', '404'],
  'delete /_emulator/snapshots/{id}': ['200', '401', '404'],
  'get /_emulator/clock': ['200', '401'],
  'post /_emulator/clock': ['200', '400', '401'],
  'delete /_emulator/clock': ['200', '401'],
  'get /_emulator/docs/json': ['200', '401']
}

const operations = (doc: Doc) => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [`${method} ${path}`, op] as const))

/** Every key of every object in the document, to check the OpenAPI 3.0 dialect. */
function keywords (node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => keywords(item, out))
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      out.add(key)
      if (key === 'type' && value === 'null') out.add('type: null')
      keywords(value, out)
    }
  }
  return out
}

t.test('the document lists every admin route with its statuses', async (t) => {
  const app = await fresh()
  const res = await admin(t, app, 'GET', '/_emulator/docs/json')
  t.equal(res.status, 200)
  const doc = res.body as Doc
  t.equal(doc.openapi, '3.0.3')
  const listed = Object.fromEntries(operations(doc).map(([name, op]) => [name, Object.keys(op.responses).sort()]))
  for (const [name, statuses] of Object.entries(OURS)) t.same(listed[name], statuses, name)
  t.same(listed['get /_emulator/health'], ['200'], 'health is listed')
  for (const [name] of operations(doc)) {
    const [method, path] = name.split(' ')
    t.ok(path.startsWith('/_emulator/') && app.hasRoute({ method: method.toUpperCase() as 'GET', url: path.replace(/\{(\w+)\}/g, ':$1') }), `${name} is a real admin route`)
  }
  const kinds = keywords(doc)
  t.notOk(kinds.has('const') || kinds.has('type: null') || kinds.has('patternProperties') || kinds.has('x-optional-body'),
    'only OpenAPI 3.0 keywords: no const, no null type, no patternProperties, no private keys')
})

t.test('bodies, parameters and security are described', async (t) => {
  const app = await fresh()
  const doc = (await admin(t, app, 'GET', '/_emulator/docs/json')).body as Doc
  t.same(doc.security, [{ adminToken: [] }])
  t.same(doc.paths['/_emulator/health'].get.security, [], 'health needs no token')
  t.same(doc.paths['/_emulator/workspaces'].post.requestBody?.required, false, 'the workspace body is optional')
  t.same(doc.paths['/_emulator/snapshots'].post.requestBody?.required, false, 'the snapshot body is optional')
  t.same(doc.paths['/_emulator/keys'].post.requestBody?.required, true)
  t.same(doc.paths['/_emulator/keys'].get.parameters, [{ name: 'workspaceId', in: 'query', required: true, schema: { type: 'string', minLength: 1 } }])
  t.same(doc.paths['/_emulator/snapshots/{id}/restore'].post.parameters, [{ name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1 } }])
})

t.test('routes registered by any later admin plugin are picked up', async (t) => {
  const app = Fastify()
  t.teardown(() => app.close())
  app.decorate('emulatorVersion', '9.9.9')
  await app.register(async (scope) => {
    await scope.register(collectAdminRoutes)
    await scope.register(async (other) => {
      other.get('/journal/:n', { schema: { params: Type.Object({ n: Type.Integer() }), response: { 200: Type.Object({ n: Type.Integer() }) } } }, async () => ({ n: 1 }))
    })
    await scope.register(adminDocs)
  }, { prefix: '/_emulator' })
  const doc = (await app.inject({ method: 'GET', url: '/_emulator/docs/json' })).json() as Doc
  t.same(doc.paths['/_emulator/journal/{n}'], {
    get: {
      responses: { 200: { description: 'OK', content: { 'application/json': { schema: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } } } },
      parameters: [{ name: 'n', in: 'path', required: true, schema: { type: 'integer' } }]
    }
  })
})

t.test('JSON Schema is rewritten into the OpenAPI 3.0 dialect', async (t) => {
  t.same(toOpenApiSchema(Type.Literal('x')), { type: 'string', enum: ['x'] })
  t.same(toOpenApiSchema(Type.Enum(['a', 'b'])), { enum: ['a', 'b'], type: 'string' }, 'a string enum gets its type')
  t.same(toOpenApiSchema(Type.Union([Type.String(), Type.Null()])), { type: 'string', nullable: true })
  t.same(toOpenApiSchema(Type.Union([Type.String(), Type.Integer(), Type.Null()])),
    { anyOf: [{ type: 'string', nullable: true }, { type: 'integer', nullable: true }] })
  t.same(toOpenApiSchema(Type.Record(Type.String(), Type.Boolean())), { type: 'object', additionalProperties: { type: 'boolean' } })
  t.same(toOpenApiSchema(Type.Object({ const: Type.String() })), { type: 'object', required: ['const'], properties: { const: { type: 'string' } } },
    'a property named like a keyword stays a property')
  t.same(buildAdminDocument([], '1.2.3').paths, {})
})

t.test('the admin token guards the document', async (t) => {
  const app = await build(t, { adminToken: 'docs-token' })
  const denied = await app.inject({ method: 'GET', url: '/_emulator/docs/json' })
  t.same([denied.statusCode, denied.json()], [401, UNAUTHORIZED('This admin route needs the admin token: send "Authorization: Bearer <token>" with the EMULATOR_ADMIN_TOKEN value (API keys do not open the admin API)')])
  const allowed = await app.inject({ method: 'GET', url: '/_emulator/docs/json', headers: { authorization: 'Bearer docs-token' } })
  t.equal(allowed.statusCode, 200)
})

t.test('the admin helper catches an answer its document does not describe', async (t) => {
  const app = await fresh()
  const failures: string[] = []
  const probe = { teardown: () => {}, fail: (message: string) => { failures.push(message); return false } } as unknown as TestLike
  await admin(probe, app, 'GET', '/_emulator/clock')
  t.same(failures, [], 'a documented answer passes')
  app.clock.set(Number.NaN) // toISOString() throws: an undocumented 500
  await admin(probe, app, 'GET', '/_emulator/clock')
  t.same(failures, ['admin document declares no 500 for GET /_emulator/clock'])
})
