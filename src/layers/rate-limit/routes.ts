// GET/PUT /_emulator/rate-limit: run-time control of the rate limit of /api/v1 (per IP or per key: the rateLimitBy switch).
// PUT replaces (fields left out go back to their start-up values); reset restores start-up.
import type { RouteFile } from '../../lib/route-file.js'
import { adminResponses } from '../../schemas/admin.js'
import { PutRateLimitBodySchema, RateLimitSettingsSchema } from '../../schemas/rate-limit.js'

const rateLimitRoutes: RouteFile = async (app) => {
  const rateLimitPart = () => app.control.rateLimit

  app.get('/rate-limit', {
    schema: { summary: 'Rate limit of /api/v1 (per IP or per key: the rateLimitBy switch)', response: adminResponses(RateLimitSettingsSchema) }
  }, async () => rateLimitPart().settings())

  app.put('/rate-limit', {
    schema: {
      summary: 'Replace the rate-limit settings (fields left out go back to their start-up values); every key starts a new window',
      body: PutRateLimitBodySchema,
      response: adminResponses(RateLimitSettingsSchema, 400)
    }
  }, async (request) => rateLimitPart().set(request.body))
}

export default rateLimitRoutes
