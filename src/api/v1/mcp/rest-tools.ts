// The REST-backed MCP tools (the documented toolset, `docs`): each calls the service its REST twin calls, so the
// audit log, counters and soft deletes move alike, and answers that route's 200 body.
import type { CreateInviteBody, UpdateInviteBody } from '../../../schemas/invites.js'
import type { LogsQuery } from '../../../schemas/logs.js'
import type { UpdateUserBody } from '../../../schemas/users.js'
import * as collections from '../../../services/collections.js'
import * as invites from '../../../services/invites.js'
import * as logs from '../../../services/logs.js'
import * as sceneContent from '../../../services/scene-content.js'
import * as scenes from '../../../services/scenes.js'
import * as users from '../../../services/users.js'
import * as workspaces from '../../../services/workspaces.js'
import { cachedRead } from '../../../services/cached-read.js'
import type { OpContext } from '../../../services/context.js'
import { json, type ToolOutput, type ToolRun } from './registry.js'

type Args = Record<string, any>

/** `maxUses` is a string on create_invite_link ("unlimited" or a number): the REST body takes either form. */
function linkInviteBody ({ role, maxUses, restrictedDomains }: Args): CreateInviteBody {
  const uses = maxUses === undefined || maxUses === 'unlimited' ? maxUses : Number(maxUses)
  const body: Args = { role }
  if (uses !== undefined) body.maxUses = uses
  if (restrictedDomains !== undefined) body.restrictedDomains = restrictedDomains
  return body as CreateInviteBody
}

/**
 * A list page kept as its REST twin's is (services/cached-read.ts), so a repeated call costs what the repeated GET
 * does. The text is what `json(page)` would send: the tool keeps its own, apart from the route's serialised page.
 */
function cachedPage (op: OpContext, list: string, args: Args, read: () => unknown): ToolOutput {
  return { text: cachedRead(op, `mcp ${list}`, args, () => JSON.stringify(read())) }
}

const without = (args: Args, key: string): Args => Object.fromEntries(Object.entries(args).filter(([name]) => name !== key))

export const REST_TOOL_RUNS: Readonly<Record<string, ToolRun>> = {
  list_scenes: ({ op }, args: Args) => cachedPage(op, 'scenes', args, () => scenes.list(op, args)),
  create_scene: ({ op }, args: Args) => json(scenes.create(op, args as scenes.SceneDraft)),
  get_scene: ({ op }, args: Args) => json(scenes.get(op, { sceneId: args.sceneId })),
  update_scene: ({ op }, args: Args) => json(scenes.update(op, { sceneId: args.sceneId, patch: without(args, 'sceneId') })),
  delete_scene: ({ op }, args: Args) => json(scenes.remove(op, { sceneId: args.sceneId })),
  get_scene_content: ({ op }, args: Args) => json(sceneContent.get(op, { sceneId: args.sceneId })),
  list_collections: ({ op }, args: Args) => cachedPage(op, 'collections', args, () => collections.list(op, args)),
  get_collection: ({ op }, args: Args) => json(collections.get(op, { collectionId: args.collectionId })),
  create_collection: ({ op }, args: Args) => json(collections.create(op, { name: args.name })),
  update_collection: ({ op }, args: Args) => json(collections.rename(op, { collectionId: args.collectionId, name: args.name })),
  delete_collection: ({ op }, args: Args) => json(collections.remove(op, { collectionId: args.collectionId })),
  list_collection_scenes: ({ op }, args: Args) => json(scenes.list(op, args)),
  create_collection_scene: ({ op }, args: Args) => json(scenes.create(op, args as scenes.SceneDraft)),
  get_workspace: ({ op }) => json(workspaces.get(op)),
  update_workspace: ({ op }, args: Args) => json(workspaces.update(op, { patch: args })),
  list_workspace_users: ({ op }, args: Args) => json(users.list(op, args)),
  get_workspace_user: ({ op }, args: Args) => json(users.get(op, { userId: args.userId })),
  update_workspace_user: ({ op }, args: Args) => json(users.update(op, { userId: args.userId, patch: without(args, 'userId') as UpdateUserBody })),
  remove_workspace_user: ({ op }, args: Args) => json(users.remove(op, { userId: args.userId })),
  list_invites: ({ op }, args: Args) => json(invites.list(op, args)),
  get_invite: ({ op }, args: Args) => json(invites.get(op, { inviteId: args.inviteId })),
  create_email_invite: ({ op }, args: Args) => json(invites.create(op, { body: { email: args.email, role: args.role } })),
  create_invite_link: ({ op }, args: Args) => json(invites.create(op, { body: linkInviteBody(args) })),
  update_invite: ({ op }, args: Args) => json(invites.update(op, { inviteId: args.inviteId, patch: without(args, 'inviteId') as UpdateInviteBody })),
  delete_invite: ({ op }, args: Args) => json(invites.revoke(op, { inviteId: args.inviteId })),
  list_logs: ({ op }, args: Args) => json(logs.list(op, args as LogsQuery))
}
