// The admin API's own OpenAPI 3.0 document at GET /_emulator/docs/json, built from the admin routes' schemas.
// @fastify/swagger serves the public document only (hideUntagged), so the admin scope collects its routes itself.
import type { RouteFile } from '../lib/route-file.js'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { REASON } from '../errors.js'
import { adminResponses } from '../schemas/admin.js'
import { OPTIONAL_BODY } from '../schemas/common.js'
import { toOpenApiPath } from '../lib/routes.js'

export interface AdminRoute { method: string, url: string, schema: Record<string, unknown> | undefined }

declare module 'fastify' {
  interface FastifyInstance {
    /** Admin scope only: every admin route seen so far, in registration order (src/admin/openapi.ts). */
    adminRoutes: AdminRoute[]
  }
}

/** Admin routes registered outside the token guard (see admin/index.ts); every other one needs the admin token. */
export const OPEN_ADMIN_ROUTES = new Set(['GET /_emulator/health'])

/**
 * Registered first in the admin scope: its onRoute hook is inherited by every plugin registered after it there
 * (health, the guarded routes, other helpers' journal/fault/drift routes), so none has to opt in.
 */
export const collectAdminRoutes = fp(async (app) => {
  const routes: AdminRoute[] = []
  app.decorate('adminRoutes', routes)
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined
    if (schema?.hide === true) return
    // HEAD twins of GET routes are Fastify's doing (exposeHeadRoutes), not part of the API.
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, schema })
  })
}, { name: 'admin-openapi-collector' })

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** JSON Schema (draft 7, as TypeBox writes it) → the OpenAPI 3.0 schema dialect: const, null unions, records. */
export function toOpenApiSchema (node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOpenApiSchema)
  if (!isObject(node)) return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === OPTIONAL_BODY) continue
    out[key] = key === 'properties' && isObject(value)
      ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, toOpenApiSchema(schema)]))
      : toOpenApiSchema(value)
  }
  if ('const' in out) { out.enum = [out.const]; delete out.const }
  if (Array.isArray(out.enum) && out.type === undefined) {
    // TypeBox writes string enums without a type; 3.0 tools (code generators) expect one.
    const types = new Set(out.enum.map((value) => typeof value))
    if (types.size === 1 && ['string', 'number', 'boolean'].includes([...types][0])) out.type = [...types][0]
  }
  if (isObject(out.patternProperties) && out.additionalProperties === undefined) {
    // OpenAPI 3.0 has no patternProperties; a record of one value schema is an additionalProperties map.
    out.additionalProperties = Object.values(out.patternProperties)[0]
    delete out.patternProperties
  }
  return Array.isArray(out.anyOf) ? withoutNullBranch(out, out.anyOf) : out
}

function withoutNullBranch (out: Json, branches: unknown[]): Json {
  const rest = branches.filter((branch) => !(isObject(branch) && branch.type === 'null'))
  if (rest.length === branches.length) return out
  const { anyOf: _anyOf, ...others } = out
  // 3.0 `nullable` qualifies a `type`, so it goes onto the branch (or each branch) that has one.
  const nullable = rest.map((branch) => ({ ...(branch as Json), nullable: true }))
  return nullable.length === 1 ? { ...others, ...nullable[0] } : { ...others, anyOf: nullable }
}

function parametersOf (schema: Json | undefined): Json[] {
  const list: Json[] = []
  for (const [part, where] of [['params', 'path'], ['querystring', 'query']] as const) {
    const object = schema?.[part]
    if (!isObject(object) || !isObject(object.properties)) continue
    const required = new Set(Array.isArray(object.required) ? object.required : [])
    for (const [name, property] of Object.entries(object.properties)) {
      list.push({ name, in: where, required: where === 'path' || required.has(name), schema: toOpenApiSchema(property) })
    }
  }
  return list
}

function responsesOf (schema: Json | undefined): Json {
  const map = isObject(schema?.response) ? schema.response : { 200: { type: 'object' } }
  return Object.fromEntries(Object.entries(map).map(([status, body]) => [status, {
    description: status === '200' ? 'OK' : REASON[Number(status)] ?? 'Error',
    content: { 'application/json': { schema: toOpenApiSchema(body) } }
  }]))
}

function operationOf (route: AdminRoute): Json {
  const schema = route.schema
  const operation: Json = { responses: responsesOf(schema) }
  if (typeof schema?.summary === 'string') operation.summary = schema.summary
  if (typeof schema?.description === 'string') operation.description = schema.description
  const parameters = parametersOf(schema)
  if (parameters.length > 0) operation.parameters = parameters
  if (isObject(schema?.body)) {
    operation.requestBody = {
      required: schema[OPTIONAL_BODY] !== true,
      content: { 'application/json': { schema: toOpenApiSchema(schema.body) } }
    }
  }
  if (OPEN_ADMIN_ROUTES.has(`${route.method} ${route.url}`)) operation.security = []
  return operation
}

/** A minimal OpenAPI 3.0 document of the given admin routes. */
export function buildAdminDocument (routes: AdminRoute[], version: string): Json {
  const paths: Record<string, Json> = {}
  for (const route of routes) {
    const path = toOpenApiPath(route.url)
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) }
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'drawing-api-emulator admin API',
      version,
      description: 'Test-harness control plane under /_emulator: workspaces, keys, reset, snapshots, clock and more. ' +
        'Not part of the emulated service. When EMULATOR_ADMIN_TOKEN is set, every route but health needs it as a Bearer token.'
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { adminToken: { type: 'http', scheme: 'bearer', description: 'The EMULATOR_ADMIN_TOKEN value' } } },
    security: [{ adminToken: [] }],
    paths
  }
}

/** GET /_emulator/docs/json, inside the guarded scope (the document lists what the token unlocks). */
const adminDocs: RouteFile = async (app) => {
  let cached: Json | undefined
  app.get('/docs/json', {
    schema: {
      summary: 'This document',
      response: adminResponses(Type.Object({ openapi: Type.String() }, { additionalProperties: true }))
    }
  }, async (_request, reply) => {
    // Routes are all known once the app is ready; the first request builds the document for good.
    cached ??= buildAdminDocument(app.adminRoutes, app.emulatorVersion)
    return reply.type('application/json').serializer(JSON.stringify).send(cached)
  })
}

export default adminDocs
