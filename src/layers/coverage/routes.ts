// GET /_emulator/coverage (per operation, the outcomes its answers had), DELETE (forget them), and
// POST /_emulator/coverage/check (every listed or called operation that never received a required outcome).
import type { RouteFile, RouteScope } from '../../lib/route-file.js'
import { fail } from '../../errors.js'
import { adminResponses } from '../../schemas/admin.js'
import {
  ClearedCoverageSchema, CoverageCheckBodySchema, CoverageCheckSchema, CoverageQuerySchema, CoverageSchema, type CoverageCheckBody
} from '../../schemas/coverage.js'

/** The known operation a mistyped one most likely meant: `:sceneId` for `{sceneId}`, another case, a trailing slash. */
function nearestOperation (operation: string, known: ReadonlySet<string>): string | undefined {
  const normal = (name: string): string => name.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/+$/, '').toLowerCase()
  const wanted = normal(operation)
  return [...known].find((name) => normal(name) === wanted)
}

/** A listed operation the emulator cannot answer would be a gap forever: a 400 naming it rather than a sure failure. */
function checkOperations (body: CoverageCheckBody, known: ReadonlySet<string>): CoverageCheckBody {
  if (body.operations === 'called') return body
  if (body.operations.length === 0) fail('EMU_BAD_REQUEST', "body/operations is an empty list: list at least one operation, or send 'called'")
  const bad = body.operations.findIndex((operation) => !known.has(operation))
  if (bad < 0) return body
  const nearest = nearestOperation(body.operations[bad], known)
  const hint = nearest === undefined ? 'GET /_emulator/coverage names operations as a check lists them' : `did you mean ${JSON.stringify(nearest)}?`
  return fail('EMU_BAD_REQUEST', `body/operations/${bad} is not an operation of this emulator: ${JSON.stringify(body.operations[bad])} (${hint})`)
}

/** A workspace the emulator does not have is a 404, as other admin routes answer it: a typo must not pass a gate. */
function checkWorkspace (app: RouteScope, workspaceId: string | undefined): void {
  if (workspaceId !== undefined && !app.stores.workspaces.getDoc(workspaceId)) fail('EMU_NOT_FOUND', 'Workspace', workspaceId)
}

const coverage: RouteFile = async (app) => {
  const part = () => app.control.coverage

  app.get('/coverage', {
    schema: {
      summary: 'Per /api/v1 operation (and MCP tool), how many answers and of which outcome: status, drop, slow, drift:<kind>, learned',
      querystring: CoverageQuerySchema,
      response: adminResponses(CoverageSchema, 400, 404)
    }
  }, async (request) => {
    checkWorkspace(app, request.query.workspaceId)
    return part().view(request.query.workspaceId)
  })

  app.delete('/coverage', {
    schema: { summary: 'Forget every count (a reset does too)', response: adminResponses(ClearedCoverageSchema) }
  }, async () => ({ cleared: part().clear() }))

  app.post('/coverage/check', {
    schema: {
      summary: 'The gaps: each listed (or called) operation and required outcome it never received; ok when there are none',
      body: CoverageCheckBodySchema,
      response: adminResponses(CoverageCheckSchema, 400, 404)
    }
  }, async (request) => {
    checkWorkspace(app, request.body.workspaceId)
    return part().check(checkOperations(request.body, part().known))
  })
}

export default coverage
