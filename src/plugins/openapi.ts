// The emulator's own OpenAPI document, generated from the route schemas, at /docs/json with a UI at /docs.
// Public routes carry tags; admin routes carry none and hideUntagged keeps them out (DESIGN §2).
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'

import { OPTIONAL_BODY } from '../schemas/common.js'

type OpenApiDocument = { paths?: Record<string, Record<string, Record<string, unknown> & { requestBody?: { required?: boolean } }>> }

/** @fastify/swagger marks every body required; the reference does not for PATCH bodies (catalogue §1.3). */
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

export default fp(async (app) => {
  // A route whose schema says OPTIONAL_BODY treats an absent body as `{}` before validation.
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema as Record<string, unknown> | undefined
    if (request.body === undefined && schema?.[OPTIONAL_BODY] === true) request.body = {}
  })
  await app.register(swagger, {
    hideUntagged: true,
    transformObject: (documentObject) =>
      markOptionalBodies((documentObject as unknown as { openapiObject: OpenApiDocument }).openapiObject) as never,
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
  await app.register(swaggerUi, { routePrefix: '/docs' })
}, { name: 'openapi' })
