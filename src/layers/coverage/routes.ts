// GET /_emulator/coverage (per operation, the outcomes its answers had), DELETE (forget them), and
// POST /_emulator/coverage/check (every listed or called operation that never received a required outcome).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { fail } from '../../errors.js'
import { adminResponses } from '../../schemas/admin.js'
import {
  ClearedCoverageSchema, CoverageCheckBodySchema, CoverageCheckSchema, CoverageQuerySchema, CoverageSchema, OPERATION_PATTERN, type CoverageCheckBody
} from '../../schemas/coverage.js'

/** A listed operation is named as the coverage names them, or it could never match: a 400 rather than a sure gap. */
function checkOperations (body: CoverageCheckBody): CoverageCheckBody {
  if (body.operations === 'called') return body
  const bad = body.operations.findIndex((operation) => !OPERATION_PATTERN.test(operation))
  if (bad >= 0) fail('EMU_BAD_REQUEST', `body/operations/${bad} must name an operation as the coverage does ('GET /api/v1/scenes/{sceneId}', 'mcp list_scenes')`)
  return body
}

const coverage: FastifyPluginAsyncTypebox = async (app) => {
  const part = () => app.control.coverage

  app.get('/coverage', {
    schema: {
      summary: 'Per /api/v1 operation (and MCP tool), how many answers and of which outcome: status, drop, slow, drift:<kind>, learned',
      querystring: CoverageQuerySchema,
      response: adminResponses(CoverageSchema, 400)
    }
  }, async (request) => part().view(request.query.workspaceId))

  app.delete('/coverage', {
    schema: { summary: 'Forget every count (a reset does too)', response: adminResponses(ClearedCoverageSchema) }
  }, async () => ({ cleared: part().clear() }))

  app.post('/coverage/check', {
    schema: {
      summary: 'The gaps: each listed (or called) operation and required outcome it never received; ok when there are none',
      body: CoverageCheckBodySchema,
      response: adminResponses(CoverageCheckSchema, 400)
    }
  }, async (request) => part().check(checkOperations(request.body)))
}

export default coverage
