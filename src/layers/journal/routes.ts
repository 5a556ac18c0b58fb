// GET /_emulator/requests (the journal of /api/v1 requests, newest first, filtered) and DELETE (empties it).
import type { RouteFile } from '../../lib/route-file.js'
import { adminResponses } from '../../schemas/admin.js'
import { ClearedJournalSchema, JournalPageSchema, JournalQuerySchema } from '../../schemas/journal.js'

const requests: RouteFile = async (app) => {
  const journal = () => app.control.journal

  app.get('/requests', {
    schema: {
      summary: 'The journal of /api/v1 requests, newest first; filters combine with AND',
      querystring: JournalQuerySchema,
      response: adminResponses(JournalPageSchema, 400)
    }
  }, async (request) => ({ capacity: journal().capacity, ...journal().list(request.query) }))

  app.delete('/requests', {
    schema: { summary: 'Empty the journal (ids keep counting)', response: adminResponses(ClearedJournalSchema) }
  }, async () => ({ cleared: journal().clear() }))
}

export default requests
