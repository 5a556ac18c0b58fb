// /workspaces/invites and /workspaces/invites/{inviteId}: writes for admins; reads for
// admins too unless the memberReads switch is `allow`. POST takes one of two closed shapes, checked here for a message that names the problem.
import type { RouteFile } from '../../lib/route-file.js'
import type { FastifyRequest } from 'fastify'
import type { ErrorObject } from 'ajv'
import { fail } from '../../errors.js'
import { EmptyObjectSchema, PaginationQuerySchema, paginated, OPTIONAL_BODY, responses } from '../../schemas/common.js'
import {
  CreateEmailInviteBodySchema, CreateInviteBodySchema, CreateLinkInviteBodySchema, InviteParamsSchema, InviteSchema,
  UpdateInviteBodySchema
} from '../../schemas/invites.js'
import * as invites from '../../services/invites.js'
import { formatSchemaErrors } from '../../lib/schema-errors.js'
import { ctxOf } from './auth.js'

const tags = ['workspace', 'invites']
type Check = ((body: unknown) => boolean) & { errors?: ErrorObject[] | null }

// ajv's own words for these are its first anyOf half (maxUses) or the whole regular expression (email).
const FIELD_MESSAGES: Record<string, string> = {
  '/maxUses': 'body/maxUses must be a positive integer or "unlimited"',
  '/email': 'body/email must be an email address'
}

/**
 * ajv reports an anyOf failure branch by branch, and its first error is usually about the wrong branch.
 * So the branch is chosen from the body (an `email` key means an email invite) and only that one is checked;
 * the route keeps the union schema, which OpenAPI shows and which then always passes.
 */
function inviteBodyChecker () {
  // The app's own strict body validator (no coercion, no stripping), compiled once and cached by Fastify.
  const check = (request: FastifyRequest, schema: object) => request.compileValidationSchema(schema, 'body') as Check
  return (request: FastifyRequest): void => {
    const body = request.body
    if (typeof body !== 'object' || body === null || Array.isArray(body)) fail('EMU_INVALID_INVITE_BODY', 'body must be object')
    const isEmail = 'email' in body
    if (isEmail && ('maxUses' in body || 'restrictedDomains' in body)) {
      fail('EMU_INVALID_INVITE_BODY', 'body has both email and link invite fields')
    }
    const branch = check(request, isEmail ? CreateEmailInviteBodySchema : CreateLinkInviteBodySchema)
    if (branch(body)) return
    const path = branch.errors?.[0]?.instancePath ?? ''
    fail('EMU_INVALID_INVITE_BODY', FIELD_MESSAGES[path] ?? formatSchemaErrors(branch.errors ?? [], 'body').message)
  }
}

const inviteRoutes: RouteFile = async (app) => {
  const checkInviteBody = inviteBodyChecker()

  // Admin reads by default, as for users (see api/v1/users.ts).
  app.get('/workspaces/invites', {
    config: { adminRead: true },
    schema: { tags, summary: 'Get workspace invites', querystring: PaginationQuerySchema, response: responses(paginated(InviteSchema), 400, 401, 403) }
  }, async (request) => invites.list(ctxOf(request), request.query))

  // The reference does not flag this body required (OPTIONAL_BODY), but neither shape accepts `{}`.
  app.post('/workspaces/invites', {
    config: { adminOnly: true },
    preValidation: async (request) => checkInviteBody(request),
    schema: { tags, summary: 'Create invite', [OPTIONAL_BODY]: true, body: CreateInviteBodySchema, response: responses(InviteSchema, 400, 401, 403) }
  }, async (request) => invites.create(ctxOf(request), { body: request.body }))

  app.get('/workspaces/invites/:inviteId', {
    config: { adminRead: true },
    schema: { tags, summary: 'Get workspace invite', params: InviteParamsSchema, response: responses(InviteSchema, 401, 403, 404) }
  }, async (request) => invites.get(ctxOf(request), request.params))

  app.patch('/workspaces/invites/:inviteId', {
    config: { adminOnly: true },
    schema: {
      tags, summary: 'Update workspace invite', [OPTIONAL_BODY]: true, params: InviteParamsSchema, body: UpdateInviteBodySchema,
      response: responses(InviteSchema, 400, 401, 403, 404)
    }
  }, async (request) => invites.update(ctxOf(request), { ...request.params, patch: request.body ?? {} }))

  // Revoking an invite that is not pending answers an undeclared 400 in the envelope.
  app.delete('/workspaces/invites/:inviteId', {
    config: { adminOnly: true },
    schema: { tags, summary: 'Delete workspace invite', params: InviteParamsSchema, response: responses(EmptyObjectSchema, 401, 403, 404) }
  }, async (request) => invites.revoke(ctxOf(request), request.params))
}

export default inviteRoutes
