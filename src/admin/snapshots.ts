// /_emulator/snapshots: save the database (whole, or one workspace) in memory and bring it back exactly.
import { OPTIONAL_BODY } from '../schemas/common.js'
import type { RouteFile } from '../lib/route-file.js'
import { EmptyObjectSchema } from '../schemas/common.js'
import {
  CreateSnapshotBodySchema, SnapshotListSchema, SnapshotParamsSchema, SnapshotSchema, adminResponses
} from '../schemas/admin.js'

const snapshots: RouteFile = async (app) => {
  const service = app.harness.snapshots

  app.post('/snapshots', {
    schema: {
      summary: 'Snapshot the whole database, or one workspace with `workspaceId` (held in memory)',
      [OPTIONAL_BODY]: true,
      body: CreateSnapshotBodySchema,
      response: adminResponses(SnapshotSchema, 400, 404)
    }
  }, async (request) => service.take(request.body.workspaceId ?? null))

  app.get('/snapshots', {
    schema: { summary: 'List the snapshots held, oldest first', response: adminResponses(SnapshotListSchema) }
  }, async () => ({ data: service.list() }))

  app.post('/snapshots/:id/restore', {
    schema: {
      summary: 'Bring the snapshot\'s rows back exactly; the snapshot stays and can be restored again',
      params: SnapshotParamsSchema,
      response: adminResponses(SnapshotSchema, 404)
    }
  }, async (request) => service.restore(request.params.id))

  app.delete('/snapshots/:id', {
    schema: { summary: 'Forget a snapshot', params: SnapshotParamsSchema, response: adminResponses(EmptyObjectSchema, 404) }
  }, async (request) => {
    service.remove(request.params.id)
    return {}
  })
}

export default snapshots
