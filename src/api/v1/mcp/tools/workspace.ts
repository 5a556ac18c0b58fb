// The REST-backed workspace, member, invite and audit-log tools (version A of the tool surface): each is its route's
// twin, calling the service the route calls and answering its 200 body (result schema taken from the route).
import { Type } from 'typebox'
import { MAX_SAFE_INTEGER } from '../../../../schemas/common.js'
import { EMAIL_PATTERN } from '../../../../schemas/users.js'
import * as invites from '../../../../services/invites.js'
import * as logs from '../../../../services/logs.js'
import * as users from '../../../../services/users.js'
import * as workspaces from '../../../../services/workspaces.js'
import { BOTH } from '../../../../mcp/toolsets.js'
import type { CreateInviteBody } from '../../../../schemas/invites.js'
import { args, id, limit, offset, picture, role, stringEnum } from './arguments.js'
import { defineTool, json, type ToolEntry } from './unit.js'

/** `maxUses` is a string on create_invite_link ("unlimited" or a number): the REST body takes either form. */
function linkInviteBody ({ role, maxUses, restrictedDomains }: { role: 'member' | 'admin', maxUses?: string, restrictedDomains?: string[] }): CreateInviteBody {
  const uses = maxUses === undefined || maxUses === 'unlimited' ? maxUses : Number(maxUses)
  return {
    role,
    ...(uses === undefined ? {} : { maxUses: uses }),
    ...(restrictedDomains === undefined ? {} : { restrictedDomains })
  }
}

const userId = () => id('Id of the workspace user.')
const inviteId = () => id('Id of the invite.')
const email = () => Type.String({ pattern: EMAIL_PATTERN, description: 'E-mail address.' })

const WORKSPACE: readonly ToolEntry[] = [
  defineTool({
    name: 'get_workspace',
    description: 'Returns the workspace the key belongs to: name, picture, members and their roles.',
    inputSchema: args({}),
    backing: 'GET /workspaces',
    surfaces: BOTH,
    twin: true,
    run: ({ op }) => json(workspaces.get(op))
  }),
  defineTool({
    name: 'update_workspace',
    description: 'Renames the workspace or changes its picture (admins only).',
    inputSchema: args({ name: Type.Optional(Type.String({ description: 'New workspace name.' })), picture: Type.Optional(picture()) }),
    backing: 'PATCH /workspaces',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, patch) => json(workspaces.update(op, { patch }))
  })
]

const USERS: readonly ToolEntry[] = [
  defineTool({
    name: 'list_workspace_users',
    description: 'Lists the members of the workspace, one page at a time.',
    inputSchema: args({ limit: limit(), offset: offset() }),
    backing: 'GET /workspaces/users',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, page) => json(users.list(op, page))
  }),
  defineTool({
    name: 'get_workspace_user',
    description: 'Returns one member of the workspace with their role.',
    inputSchema: args({ userId: userId() }),
    backing: 'GET /workspaces/users/{userId}',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, ref) => json(users.get(op, ref))
  }),
  defineTool({
    name: 'update_workspace_user',
    description: 'Changes a member\'s name, picture or role (admins only). The last admin cannot be demoted.',
    inputSchema: args({
      userId: userId(),
      name: Type.Optional(Type.String({ description: 'Display name.' })),
      picture: Type.Optional(picture()),
      role: Type.Optional(role())
    }),
    backing: 'PATCH /workspaces/users/{userId}',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, { userId, ...patch }) => json(users.update(op, { userId, patch }))
  }),
  defineTool({
    name: 'remove_workspace_user',
    description: 'Removes a member from the workspace (admins only). Their own account is not deleted. Only on an explicit request from the user.',
    inputSchema: args({ userId: userId() }),
    backing: 'DELETE /workspaces/users/{userId}',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, ref) => json(users.remove(op, ref))
  })
]

const INVITES: readonly ToolEntry[] = [
  defineTool({
    name: 'list_invites',
    description: 'Lists the workspace invites (e-mail and link invites), one page at a time.',
    inputSchema: args({ limit: limit(), offset: offset() }),
    backing: 'GET /workspaces/invites',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, page) => json(invites.list(op, page))
  }),
  defineTool({
    name: 'get_invite',
    description: 'Returns one invite: its type, role, status and, for links, the uses so far.',
    inputSchema: args({ inviteId: inviteId() }),
    backing: 'GET /workspaces/invites/{inviteId}',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, ref) => json(invites.get(op, ref))
  }),
  defineTool({
    name: 'create_email_invite',
    description: 'Invites one e-mail address to the workspace with a role (admins only).',
    inputSchema: args({ email: email(), role: role() }),
    backing: 'POST /workspaces/invites',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, body) => json(invites.create(op, { body }))
  }),
  defineTool({
    name: 'create_invite_link',
    description: 'Creates a shareable invite link with a role (admins only). maxUses is a string: a number such as "10", or "unlimited". ' +
      'restrictedDomains limits who may join by e-mail domain.',
    inputSchema: args({
      role: role(),
      // The catalogue types this one as a string (and update_invite's as an integer): reproduced on purpose.
      maxUses: Type.Optional(Type.String({ pattern: '^(unlimited|[1-9][0-9]{0,15})$', description: 'A positive number as a string, or "unlimited".' })),
      restrictedDomains: Type.Optional(Type.Array(Type.String(), { description: 'E-mail domains allowed to use the link.' }))
    }),
    backing: 'POST /workspaces/invites',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, link) => json(invites.create(op, { body: linkInviteBody(link) }))
  }),
  defineTool({
    name: 'update_invite',
    description: 'Changes a pending invite (admins only): the e-mail of an e-mail invite, the role, or the maximum uses of a link.',
    inputSchema: args({
      inviteId: inviteId(),
      email: Type.Optional(email()),
      role: Type.Optional(role()),
      maxUses: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SAFE_INTEGER, description: 'Maximum number of uses of a link invite.' }))
    }),
    backing: 'PATCH /workspaces/invites/{inviteId}',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, { inviteId, ...patch }) => json(invites.update(op, { inviteId, patch }))
  }),
  defineTool({
    name: 'delete_invite',
    description: 'Revokes a pending invite (admins only). Only on an explicit request from the user.',
    inputSchema: args({ inviteId: inviteId() }),
    backing: 'DELETE /workspaces/invites/{inviteId}',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, ref) => json(invites.revoke(op, ref))
  })
]

const LOGS: readonly ToolEntry[] = [
  defineTool({
    name: 'list_logs',
    description: 'Reads the workspace audit log (admins only), newest first. ' +
      'Page with cursor (the nextCursor of the previous answer) or with page numbers, not both. Dates are ISO 8601.',
    inputSchema: args({
      action: Type.Optional(Type.String({ description: 'Only entries of this action, such as "scene" or "workspace:invite".' })),
      cursor: Type.Optional(Type.String({ description: 'Sequence number to continue from (nextCursor of the previous page).' })),
      dateFrom: Type.Optional(Type.String({ description: 'Earliest entry date, ISO 8601.' })),
      dateTo: Type.Optional(Type.String({ description: 'Latest entry date, ISO 8601.' })),
      limit: limit(),
      offset: offset(),
      operation: Type.Optional(stringEnum(['create', 'read', 'update', 'delete'], { description: 'create, read, update or delete.' })),
      // A string in the catalogue, as the REST query parameter is.
      page: Type.Optional(Type.String({ description: 'Page number (1-based) for page-numbered reading.' })),
      user: Type.Optional(Type.String({ description: 'Only entries of this user id.' }))
    }),
    backing: 'GET /logs',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, query) => json(logs.list(op, query))
  })
]

export const WORKSPACE_TOOLS: readonly ToolEntry[] = [...WORKSPACE, ...USERS, ...INVITES, ...LOGS]
