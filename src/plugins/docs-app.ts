// The docs of the public API, built on first use (nothing of this is loaded at start): a Fastify
// instance of its own in which @fastify/swagger sees every route the emulator declared, in the same order, and
// @fastify/swagger-ui serves /docs, /docs/json, /docs/yaml and the page's files. plugins/openapi.ts forwards to it.
// @fastify/swagger-ui is an optional peer dependency (README, Install): without it the documents are served all the
// same, and the pages (/docs, and /_emulator/docs through the page script's address) say what to install.
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type RouteOptions } from 'fastify'
import { OPTIONAL_BODY } from '../schemas/common.js'

export interface DocsSource {
  /** Every route of the emulator as onRoute saw it, HEAD twins included. */
  routes: readonly RouteOptions[]
  fixtures: { workspaces: Array<{ workspace: { name: string }, keys: Array<{ secret: string, label?: string | null, kind: string, permission: string }> }> }
}

type OpenApiDocument = { paths?: Record<string, Record<string, Record<string, unknown> & { requestBody?: { required?: boolean } }>> }

/** @fastify/swagger marks every body required; the reference does not for PATCH bodies. */
function markOptionalBodies (document: OpenApiDocument): OpenApiDocument {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      if (operation[OPTIONAL_BODY] !== true) continue
      delete operation[OPTIONAL_BODY]
      if (operation.requestBody) delete operation.requestBody.required
    }
  }
  return document
}

/**
 * @fastify/swagger spells a `{type: 'null'}` branch of a wider union (a log entry's `details`) as
 * `{type: 'object', nullable: true, enum: [null]}`; the reference writes `{type: 'null'}`, so that spelling is
 * put back. (Two-branch unions `[X, null]` stay `X` with `nullable: true`, which means the same in OpenAPI 3.0.)
 */
function nullTypeAsReference (node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullTypeAsReference)
  if (typeof node !== 'object' || node === null) return node
  const entries = Object.entries(node)
  const spelled = node as Record<string, unknown>
  if (entries.length === 3 && spelled.type === 'object' && spelled.nullable === true &&
    Array.isArray(spelled.enum) && spelled.enum.length === 1 && spelled.enum[0] === null) return { type: 'null' }
  return Object.fromEntries(entries.map(([key, value]) => [key, nullTypeAsReference(value)]))
}

/** The keys of the loaded fixtures, for the docs page's description: a person trying the API needs one. */
function demoKeysMarkdown (
  workspaces: Array<{ workspace: { name: string }, keys: Array<{ secret: string, label?: string | null, kind: string, permission: string }> }>
): string {
  const rows = workspaces.flatMap(({ workspace, keys }) =>
    keys.map((key) => `| \`${key.secret}\` | ${workspace.name} | ${key.label ?? `${key.kind} key, ${key.permission}`} |`))
  return ['', '', 'See the workspaces drawn as pictures, and every request live, on the [demo page](/_emulator/ui).',
    '', '**Keys of the loaded fixtures** (press *Authorize* and paste one):', '', '| key | workspace | what it is |', '|---|---|---|', ...rows].join('\n')
}

/** Swagger UI fetches the document from a page under /docs; other readers get the document unchanged. */
function isSwaggerUiFetch (referer: string | undefined): boolean {
  if (referer === undefined) return false
  try { return new URL(referer).pathname.startsWith('/docs') } catch { return false }
}

/** What forTheDocsPage reads and changes of the OpenAPI document. */
interface DocsDocument {
  paths?: Record<string, Record<string, { tags?: string[] }>>
  info?: { description?: string }
}

/**
 * FIDELITY: for the docs page only, each operation keeps its most specific tag (the reference gives 15 of them two,
 * so the page listed 41 blocks for 27 operations) and the description lists the demo keys. /docs/json fetched by
 * anything else is the document as the reference publishes it.
 */
function forTheDocsPage (document: DocsDocument, keysMarkdown: string): DocsDocument {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      if (Array.isArray(operation.tags) && operation.tags.length > 1) operation.tags = [operation.tags[operation.tags.length - 1]]
    }
  }
  document.info = { ...document.info, description: `${document.info?.description ?? ''}${keysMarkdown}` }
  return document
}

const noValidation = () => () => true

/** The same routes, answering nothing: they exist so @fastify/swagger documents them, never to be called. */
function declareRoutes (docs: FastifyInstance, routes: readonly RouteOptions[]): void {
  for (const route of routes) {
    docs.route({
      method: route.method,
      url: route.url,
      schema: route.schema,
      config: route.config,
      constraints: route.constraints,
      // HEAD twins were recorded as the emulator made them; none are made again here.
      exposeHeadRoute: false,
      handler: async () => null
    })
  }
}

export async function buildDocsApp ({ routes, fixtures }: DocsSource): Promise<FastifyInstance> {
  const [{ default: swagger }, swaggerUi] = await Promise.all([import('@fastify/swagger'), importSwaggerUi()])
  const app = Fastify({ logger: false })
  // Nothing is validated or serialised here: compiling the schemas would only cost time.
  app.setValidatorCompiler(noValidation)
  app.setSerializerCompiler(() => (data) => JSON.stringify(data))
  await app.register(swagger, {
    hideUntagged: true,
    transformObject: (documentObject) =>
      nullTypeAsReference(markOptionalBodies((documentObject as unknown as { openapiObject: OpenApiDocument }).openapiObject)) as never,
    openapi: {
      openapi: '3.0.0',
      info: {
        title: 'Excalidraw API (drawing-api-emulator)',
        version: '1.0.0',
        description: 'Local emulator of the public API v1 (beta). Generated from the emulator\'s route schemas.'
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'Bearer',
            description: 'The API will use the `Authorization: Bearer <your-key>` header for requests.'
          }
        }
      },
      security: [{ apiKey: [] }]
    }
  })
  await app.register(async (scope) => { declareRoutes(scope, routes) })
  const keysMarkdown = demoKeysMarkdown(fixtures.workspaces)
  if (swaggerUi === undefined) {
    await app.register(documentsWithoutUi, { prefix: '/docs' })
  } else {
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      transformSpecificationClone: true,
      transformSpecification: (document, request) =>
        isSwaggerUiFetch(request.headers.referer) ? forTheDocsPage(document as DocsDocument, keysMarkdown) : document
    })
  }
  await app.ready()
  return app
}

/** The install line for the interactive pages; the range package.json's peerDependencies gives. */
export const SWAGGER_UI_INSTALL = 'npm install @fastify/swagger-ui@^5.2.0'

/** @fastify/swagger-ui, or undefined when it is not installed. */
async function importSwaggerUi (): Promise<typeof import('@fastify/swagger-ui').default | undefined> {
  try {
    return (await import('@fastify/swagger-ui')).default
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') return undefined
    throw error
  }
}

const NOTICE = `The interactive page needs the optional package @fastify/swagger-ui: ${SWAGGER_UI_INSTALL}`

/**
 * The documents as @fastify/swagger-ui would serve them, and in place of its pages a notice: /docs itself, and its
 * page script (which /_emulator/docs loads) writing the notice where the page would be, with the document's address.
 */
const documentsWithoutUi: FastifyPluginAsync = async (docs) => {
  docs.get('/json', async () => docs.swagger())
  docs.get('/yaml', async (_request, reply) => reply.type('application/x-yaml').send(docs.swagger({ yaml: true })))
  docs.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>drawing-api-emulator API docs</title></head>\n<body><p>${NOTICE}.</p>` +
    '<p>The OpenAPI document: <a href="/docs/json">/docs/json</a> (<a href="/docs/yaml">YAML</a>).</p></body></html>\n'))
  docs.get('/static/swagger-ui-bundle.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(
    'window.SwaggerUIBundle = function (options) {\n' +
    '  var place = document.querySelector(options.dom_id) || document.body, p = document.createElement("p"), a = document.createElement("a")\n' +
    `  p.textContent = ${JSON.stringify(`${NOTICE}. The OpenAPI document: `)}; a.href = a.textContent = options.url; p.appendChild(a); place.appendChild(p)\n` +
    '}\n'))
}
