// The public operations an app serves, from its route table: the one source tests take the operation count from.
// test/contract/openapi.test.ts checks it against the reference once; test/docs-operation-count.test.ts checks the
// counts the docs state; the other tests use it instead of a literal, so a new operation changes one place.
import type { FastifyInstance } from 'fastify'

/**
 * `GET /api/v1/scenes/{sceneId}`…, sorted: each /api/v1 route as the coverage layer named it when the route was added
 * (the onRoute pass that also fills api/v1/operations.ts, whose `app.operations` lives in the /api/v1 scope only, so a
 * test cannot reach it), without Fastify's HEAD twins of the GETs and the MCP endpoint, which the reference does not
 * count as operations.
 */
export function publicOperations (app: FastifyInstance): string[] {
  return [...app.control.coverage.known]
    .filter((name) => !name.startsWith('mcp ') && !name.startsWith('HEAD ') && !name.endsWith(' /api/v1/mcp'))
    .sort()
}
