// GET/POST/DELETE /_emulator/stubs and DELETE /_emulator/stubs/{id}: stub rules of /api/v1.
import type { RouteFile } from '../../lib/route-file.js'
import { fail } from '../../errors.js'
import { adminResponses } from '../../schemas/admin.js'
import { ClearedStubsSchema, StubListSchema, StubParamsSchema, StubRuleBodySchema, StubViewSchema } from '../../schemas/stubs.js'
import { EmptyObjectSchema } from '../../schemas/common.js'

const stubs: RouteFile = async (app) => {
  const part = () => app.control.stubs

  app.get('/stubs', {
    schema: { summary: 'Stub rules, in the order they are tried, with their firings', response: adminResponses(StubListSchema) }
  }, async () => ({ data: part().list() }))

  app.post('/stubs', {
    schema: {
      summary: 'Add a stub rule: matching /api/v1 requests get this status, headers and body', body: StubRuleBodySchema,
      response: adminResponses(StubViewSchema, 400)
    }
  }, async (request) => {
    try {
      return part().add(request.body)
    } catch (error) {
      if (error instanceof RangeError) fail('EMU_BAD_REQUEST', `body/${error.message}`)
      throw error
    }
  })

  app.delete('/stubs', {
    schema: { summary: 'Remove every stub rule', response: adminResponses(ClearedStubsSchema) }
  }, async () => ({ cleared: part().clear() }))

  app.delete('/stubs/:id', {
    schema: { summary: 'Remove one stub rule', params: StubParamsSchema, response: adminResponses(EmptyObjectSchema, 404) }
  }, async (request) => {
    if (!part().remove(request.params.id)) fail('EMU_NOT_FOUND', 'Stub', String(request.params.id))
    return {}
  })
}

export default stubs
