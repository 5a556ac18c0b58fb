// GET/PUT /_emulator/compat: the compatibility switches at run time. PUT replaces (switches left out go back to their
// start-up values) and answers the full settings; `?workspaceId=` on GET shows what one workspace runs under.
import type { RouteFile } from '../../lib/route-file.js'
import { Type } from 'typebox'
import { adminResponses } from '../../schemas/admin.js'
import { CompatSchema, PartialCompatSchema } from '../../config/compat-schema.js'

const CompatQuerySchema = Type.Object({
  workspaceId: Type.Optional(Type.String({ minLength: 1, description: 'answer the switches in force in this workspace (its own values over the global ones)' }))
}, { additionalProperties: false })

const compatRoutes: RouteFile = async (app) => {
  const compat = () => app.control.compat

  app.get('/compat', {
    schema: {
      summary: 'The compatibility switches in force (globally, or in one workspace)', querystring: CompatQuerySchema,
      response: adminResponses(CompatSchema, 400)
    }
  }, async (request) => {
    const { workspaceId } = request.query
    return workspaceId === undefined ? compat().settings() : { ...compat().effective(workspaceId) }
  })

  app.put('/compat', {
    schema: {
      summary: 'Replace the global compatibility switches (switches left out go back to their start-up values); answers all of them',
      body: PartialCompatSchema,
      response: adminResponses(CompatSchema, 400)
    }
  }, async (request) => compat().set(request.body))
}

export default compatRoutes
