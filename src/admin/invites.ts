// POST /_emulator/invites/{inviteId}/accept and /reject: the admin API plays the invited person, so a
// test can drive an invite from pending to redeemed or rejected and watch the public API follow.
import type { RouteFile } from '../lib/route-file.js'
import { OPTIONAL_BODY } from '../schemas/common.js'
import {
  AcceptInviteBodySchema, AcceptedInviteSchema, InviteIdParamsSchema, RejectedInviteSchema, adminResponses
} from '../schemas/admin.js'
import { acceptInvite, rejectInvite } from '../harness/invites.js'

const invites: RouteFile = async (app) => {
  const deps = { stores: app.stores, clock: app.clock, ids: app.ids }

  app.post('/invites/:inviteId/accept', {
    schema: {
      summary: 'Accept an invite as the invited person: a new user with the invite\'s role; email invites become redeemed, link invites count a use ' +
        '(redeemed at maxUses); restricted domains apply',
      [OPTIONAL_BODY]: true,
      params: InviteIdParamsSchema,
      body: AcceptInviteBodySchema,
      response: adminResponses(AcceptedInviteSchema, 400, 404, 409)
    }
  }, async (request) => acceptInvite(deps, request.params.inviteId, request.body ?? {}))

  app.post('/invites/:inviteId/reject', {
    schema: {
      summary: 'Reject an email invite as the invited person: it becomes rejected and leaves the public list',
      params: InviteIdParamsSchema,
      response: adminResponses(RejectedInviteSchema, 400, 404)
    }
  }, async (request) => rejectInvite(deps, request.params.inviteId))
}

export default invites
