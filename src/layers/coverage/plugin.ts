// The coverage layer's hook on /api/v1 (registered right after the journal's arrival, before faults can answer): when
// an answer's response closes, it counts the answer under its operation (each message's, for an MCP batch) and
// outcomes (operation.ts), one Map increment each, whether a route, a fault, a stub, the rate limit or the sweep
// answered it, or the connection was dropped on purpose. With EMULATOR_COVERAGE_REPORT set, it writes the coverage when the server stops (report.ts).
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { recordOf, whenAnswerCloses } from '../request-record.js'
import type { CoverageControl } from './state.js'
import { operationsOf, operationsOfRoute, outcomesOf } from './operation.js'
import { writeCoverageReport } from './report.js'

/** The sweep's hooks, registered at their own place in the order (after drift): api/v1 reaches a layer through plugin.ts. */
export { default as sweep } from './sweep-plugin.js'

function countAnswer (coverage: CoverageControl, request: FastifyRequest, reply: FastifyReply): void {
  const record = recordOf(request)
  const outcomes = outcomesOf(record, reply.raw.headersSent, reply.statusCode)
  if (outcomes === null) return
  // The caller as the record holds it when the answer is done (auth sets it; a fault before auth leaves it null).
  for (const operation of operationsOf(request, record, reply.statusCode)) coverage.count(record.caller?.workspaceId ?? null, operation, outcomes)
}

export default fp(async (app) => {
  const coverage = app.control.coverage
  // The names a check may list: each route of the scope as it is added (the routes come after this plugin).
  app.addHook('onRoute', (route) => {
    for (const operation of operationsOfRoute(route.method, route.url, route.config?.mcpTools)) coverage.known.add(operation)
  })
  // When the response closes (done, or its connection gone, so dropped answers are counted too), after the journal's.
  whenAnswerCloses(app, (request, reply) => {
    // A throw here would escape every error handler and end the process: lose the count, never the emulator.
    try {
      countAnswer(coverage, request, reply)
    } catch (error) {
      request.log.error({ err: error }, 'coverage could not count this answer')
    }
  })
  const file = app.config.coverageReport
  if (file !== undefined) {
    app.addHook('onClose', async () => {
      try {
        writeCoverageReport(file, coverage.view())
      } catch (error) {
        app.log.error({ err: error }, `coverage report could not be written to ${file}`)
      }
    })
  }
}, { name: 'coverage', dependencies: ['control'] })
