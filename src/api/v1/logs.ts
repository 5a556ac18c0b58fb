// /logs: the workspace's audit log, in cursor mode or page mode; for admins unless the
// memberReads switch is `allow`.
import type { RouteFile } from '../../lib/route-file.js'
import { responses } from '../../schemas/common.js'
import { LogPageSchema, LogsQuerySchema } from '../../schemas/logs.js'
import * as logs from '../../services/logs.js'
import { ctxOf } from './auth.js'

const logRoutes: RouteFile = async (app) => {
  app.get('/logs', {
    config: { adminRead: true },
    schema: { tags: ['logs'], summary: 'Get workspace logs', querystring: LogsQuerySchema, response: responses(LogPageSchema, 400, 401, 403) }
  }, async (request) => logs.list(ctxOf(request), request.query))
}

export default logRoutes
