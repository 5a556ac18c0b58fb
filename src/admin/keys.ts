// /_emulator/keys: mint keys for any workspace (the secret is returned once), list them, revoke them.
import type { RouteFile } from '../lib/route-file.js'
import {
  AdminKeySchema, CreateKeyBodySchema, CreatedKeySchema, KeyListSchema, KeyParamsSchema, ListKeysQuerySchema,
  adminResponses, momentToMs
} from '../schemas/admin.js'
import { listKeys, mintKey, revokeKey } from '../harness/keys.js'

const keys: RouteFile = async (app) => {
  const deps = { stores: app.stores, clock: app.clock, ids: app.ids }

  app.post('/keys', {
    schema: {
      summary: 'Create an API key; the secret (`key`) is in this answer only',
      body: CreateKeyBodySchema,
      response: adminResponses(CreatedKeySchema, 400, 404)
    }
  }, async (request) => {
    const { expiresAt, ...spec } = request.body
    return mintKey(deps, { ...spec, expiresAt: expiresAt === undefined || expiresAt === null ? null : momentToMs(expiresAt) })
  })

  app.get('/keys', {
    schema: {
      summary: 'List the keys of a workspace, revoked ones included, without secrets',
      querystring: ListKeysQuerySchema,
      response: adminResponses(KeyListSchema, 400, 404)
    }
  }, async (request) => ({ data: listKeys(deps, request.query.workspaceId) }))

  app.delete('/keys/:id', {
    schema: {
      summary: 'Revoke a key: the next request with it answers 401',
      params: KeyParamsSchema,
      response: adminResponses(AdminKeySchema, 404)
    }
  }, async (request) => revokeKey(deps, request.params.id))
}

export default keys
