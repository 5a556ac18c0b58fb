// The REST-backed scene and collection tools (version A of the tool surface, docs/mcp.md): each is its route's twin,
// calling the service the route calls and answering its 200 body (result schema and caching taken from the route).
import { Type } from 'typebox'
import * as collections from '../../../../services/collections.js'
import * as scenes from '../../../../services/scenes.js'
import { BOTH } from '../../../../mcp/toolsets.js'
import { args, collectionId, limit, offset, sceneId } from './arguments.js'
import { defineTool, json, type ToolEntry } from './unit.js'

const name = (what: string) => Type.String({ minLength: 1, description: `Name of the ${what}.` })
const pinned = () => Type.Boolean({ description: 'Whether the scene is pinned at the top of its collection.' })

export const SCENE_TOOLS: readonly ToolEntry[] = [
  defineTool({
    name: 'list_scenes',
    description: 'Lists the scenes the key can see, one page at a time. Pass collectionId to list one collection only. ' +
      'Each item carries the scene metadata (id at metadata.id) and its share links.',
    inputSchema: args({ collectionId: Type.Optional(collectionId()), limit: limit(), offset: offset() }),
    backing: 'GET /scenes',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, page) => json(scenes.list(op, page))
  }),
  defineTool({
    name: 'create_scene',
    description: 'Creates an empty scene in a collection. A personal key may pass "private" as collectionId for its private collection; ' +
      'a workspace key has no private collection. The new id is at metadata.id.',
    inputSchema: args({ collectionId: collectionId(), name: name('scene'), pinned: pinned() }),
    backing: 'POST /scenes',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, draft) => json(scenes.create(op, draft))
  }),
  defineTool({
    name: 'get_scene',
    description: 'Returns one scene record: metadata (name, collection, counters, sceneVersion) and share links, without the drawing itself.',
    inputSchema: args({ sceneId: sceneId() }),
    backing: 'GET /scenes/{sceneId}',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, ref) => json(scenes.get(op, ref))
  }),
  defineTool({
    name: 'update_scene',
    description: 'Renames a scene, pins or unpins it, or moves it to another collection. Only the fields given change.',
    inputSchema: args({
      sceneId: sceneId(),
      name: Type.Optional(name('scene')),
      pinned: Type.Optional(pinned()),
      collectionId: Type.Optional(collectionId())
    }),
    backing: 'PATCH /scenes/{sceneId}',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, { sceneId, ...patch }) => json(scenes.update(op, { sceneId, patch }))
  }),
  defineTool({
    name: 'delete_scene',
    description: 'Moves a scene to the trash. Only do this when the user explicitly asked for this scene to be deleted.',
    // INFER: only the docs page names this tool; its parameters are not published.
    inputSchema: args({ sceneId: sceneId() }),
    backing: 'DELETE /scenes/{sceneId}',
    // Version B keeps it: 30 - read_excalidraw_format + 8 = 37 only adds up with delete_scene listed.
    surfaces: BOTH,
    twin: true,
    run: ({ op }, ref) => json(scenes.remove(op, ref))
  })
]

export const COLLECTION_TOOLS: readonly ToolEntry[] = [
  defineTool({
    name: 'list_collections',
    description: 'Lists the collections of the workspace, one page at a time; isDefault marks the default one.',
    inputSchema: args({ limit: limit(), offset: offset() }),
    backing: 'GET /collections',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, page) => json(collections.list(op, page))
  }),
  defineTool({
    name: 'get_collection',
    description: 'Returns one collection record: name, default flag and timestamps.',
    inputSchema: args({ collectionId: collectionId() }),
    backing: 'GET /collections/{collectionId}',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, ref) => json(collections.get(op, ref))
  }),
  defineTool({
    name: 'create_collection',
    description: 'Creates a collection in the workspace.',
    inputSchema: args({ name: name('collection') }),
    backing: 'POST /collections',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, body) => json(collections.create(op, body))
  }),
  defineTool({
    name: 'update_collection',
    description: 'Renames a collection.',
    inputSchema: args({ collectionId: collectionId(), name: name('collection') }),
    backing: 'PATCH /collections/{collectionId}',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, rename) => json(collections.rename(op, rename))
  }),
  defineTool({
    name: 'delete_collection',
    description: 'Moves a collection to the trash. Its scenes are not deleted with it. Only on an explicit request from the user.',
    inputSchema: args({ collectionId: collectionId() }),
    backing: 'DELETE /collections/{collectionId}',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, ref) => json(collections.remove(op, ref))
  }),
  defineTool({
    name: 'list_collection_scenes',
    description: 'Lists the scenes of one collection, one page at a time.',
    inputSchema: args({ collectionId: collectionId(), limit: limit(), offset: offset() }),
    backing: 'GET /collections/{collectionId}/scenes',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, page) => json(scenes.list(op, page))
  }),
  defineTool({
    name: 'create_collection_scene',
    description: 'Creates an empty scene inside the given collection. The new id is at metadata.id, not at the top level.',
    inputSchema: args({ collectionId: collectionId(), name: name('scene'), pinned: pinned() }),
    backing: 'POST /collections/{collectionId}/scenes',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, draft) => json(scenes.create(op, draft))
  })
]
