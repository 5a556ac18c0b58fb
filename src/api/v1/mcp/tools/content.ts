// The scene-content tools and the format guides (docs/mcp.md): get_scene_content is the REST
// GET body; search, edit and screenshot are the service's MCP-only tools, their pure logic in src/mcp/.
import { Type } from 'typebox'
import type { SceneContent } from '../../../../schemas/scene-content.js'
import * as sceneContent from '../../../../services/scene-content.js'
import { EDIT_ARGUMENTS, planEdit } from '../../../../mcp/edit.js'
import { FORMAT_GUIDES, type GuideTool } from '../../../../mcp/format-guides.js'
import { searchSceneContent } from '../../../../mcp/search.js'
import { toolError } from '../../../../mcp/tool-errors.js'
import { AGENTS_ONLY, BOTH, DOCS_ONLY } from '../../../../mcp/toolsets.js'
import { args, limit, sceneId, stringEnum } from './arguments.js'
import { clockOf, snapshot, snapshotOf, write } from './scene-io.js'
import { defineTool, json, type ToolContext, type ToolEntry, type ToolOutput } from './unit.js'

const FRAME_TYPES = new Set(['frame', 'magicframe'])
/**
 * take_screenshot's padding when the agent gives none. The build draws the bundled scenes' screenshots at this
 * padding (scripts/prerender-pictures.mjs imports it), so they are served without a renderer.
 */
export const SCREENSHOT_DEFAULT_PADDING = 20

interface ScreenshotArgs { sceneId: string, frameId?: string, maxWidth?: number, padding?: number }

/**
 * A PNG of the scene, or of one of its frames, keyed by the drawing's identity as the demo page's pictures are (one
 * render for both); a frame the scene does not hold is the agent's to fix, not a picture.
 */
async function screenshot ({ op, renderer }: ToolContext, { sceneId, frameId, maxWidth, padding }: ScreenshotArgs): Promise<ToolOutput> {
  const scene = sceneContent.identity(op, { sceneId })
  // Read only for a frame to check or a picture to draw, in this synchronous run (render/contract.ts SceneSource).
  let read: SceneContent | undefined
  const content = (): SceneContent => (read ??= sceneContent.get(op, { sceneId }))
  if (frameId !== undefined && !snapshotOf(content()).elements.some((e) => e.id === frameId && FRAME_TYPES.has(e.type) && e.isDeleted !== true)) {
    toolError(`frame ${frameId} is not in scene ${sceneId}: search_scene_content with types ["frame"] lists its frames; leave frameId out to render the whole scene`)
  }
  const image = await renderer.renderPng(content, { scene, frameId, padding: padding ?? SCREENSHOT_DEFAULT_PADDING, maxWidth })
  return { image }
}

const guide = (name: GuideTool, description: string, docs: boolean): ToolEntry => defineTool({
  name,
  description,
  inputSchema: args({}),
  backing: null,
  surfaces: docs ? DOCS_ONLY : AGENTS_ONLY,
  run: () => ({ text: FORMAT_GUIDES[name] })
})

export const CONTENT_TOOLS: readonly ToolEntry[] = [
  defineTool({
    name: 'get_scene_content',
    description: 'Returns the whole drawing of a scene: every element (deleted ones included, isDeleted: true), appState, files and sceneVersion. ' +
      'Large scenes give large answers; prefer search_scene_content to find specific elements.',
    inputSchema: args({ sceneId: sceneId() }),
    backing: 'GET /scenes/{sceneId}/content',
    surfaces: BOTH,
    twin: true,
    run: ({ op }, ref) => json(sceneContent.get(op, ref))
  }),
  defineTool({
    name: 'search_scene_content',
    description: 'Finds elements of a scene by their visible text and returns the full matching elements with a count. ' +
      'Searches standalone texts, shape and arrow labels (the shape or arrow is returned, its label in labelText) and frame names. ' +
      'matchMode "contains" (default) ignores case, spaces and the characters - _ . , : ; / \\ so "auth-flow" finds "Auth Flow"; ' +
      '"glob" matches the whole text with * and ?. Without a query every element passing the filters is returned.',
    inputSchema: args({
      sceneId: sceneId(),
      query: Type.Optional(Type.String({ description: 'Text to look for.' })),
      matchMode: Type.Optional(stringEnum(['contains', 'glob'], { default: 'contains', description: '"contains" (default) or "glob".' })),
      types: Type.Optional(Type.Array(Type.String(), { description: 'Only these element types, such as ["rectangle", "text"].' })),
      frameId: Type.Optional(Type.String({ description: 'Only elements inside this frame.' })),
      includeDeleted: Type.Optional(Type.Boolean({ default: false, description: 'Also search deleted elements (default false).' })),
      limit: limit(100, 25)
    }),
    backing: 'GET /scenes/{sceneId}/content',
    surfaces: BOTH,
    run: ({ op }, { sceneId, ...options }) => json(searchSceneContent(snapshot(op, sceneId).elements, options))
  }),
  defineTool({
    name: 'edit_scene_content',
    description: 'Changes the drawing of a scene in one step: first delete, then update, then add. ' +
      'add is a JSON string of an array of element skeletons without "id"; give a "tempId" to refer to a new element from frameId, containerId ' +
      'or startBinding/endBinding.elementId in the same call. ' +
      'update is a JSON string of an array of patches, each with the "id" of an existing element; ' +
      'the answer counts only the elements a patch changed and lists in notApplied what could not be applied. ' +
      'delete is an array of element ids; deleting a frame deletes its children. ' +
      'label: {text} on a rectangle, diamond, ellipse or arrow adds a centred bound text. ' +
      'Colours are "#" hex values or "transparent". Read the format guide before the first write.',
    // The argument types are stated once, beside the planner (mcp/edit.ts).
    inputSchema: args({ sceneId: sceneId(), ...EDIT_ARGUMENTS }),
    backing: 'PATCH /scenes/{sceneId}/content',
    surfaces: BOTH,
    run: ({ op }, { sceneId, ...edit }) => write(op, sceneId, (current) => planEdit(current, edit, op.ids, clockOf(op)))
  }),
  defineTool({
    name: 'take_screenshot',
    description: 'Renders a scene, or one frame of it, as a PNG image no larger than 1920x1080. Render frame by frame to see detail in big scenes.',
    inputSchema: args({
      sceneId: sceneId(),
      frameId: Type.Optional(Type.String({ description: 'Render only this frame.' })),
      maxWidth: Type.Optional(Type.Integer({ minimum: 1, description: 'Maximum image width in pixels (never above 1920).' })),
      padding: Type.Optional(Type.Integer({ minimum: 0, default: SCREENSHOT_DEFAULT_PADDING, description: `Margin around the drawing in pixels (default ${SCREENSHOT_DEFAULT_PADDING}).` }))
    }),
    backing: 'GET /scenes/{sceneId}/content',
    surfaces: BOTH,
    run: screenshot
  }),
  guide('read_excalidraw_format',
    'Returns the guide to the element format and to edit_scene_content. Read it once before the first content write of a session.', true),
  guide('read_diagram_format',
    'Returns the guide to drawing diagrams (flowcharts, architecture, sequences) with create_diagram and edit_scene_content. ' +
    'Read it once before the first diagram write of a session.', false),
  guide('read_presentation_format',
    'Returns the guide to building slide decks from frames with create_slide, update_slide, list_slides and edit_scene_content. ' +
    'Read it once before the first slide write of a session.', false),
  guide('read_freeform_format',
    'Returns the guide to free-form drawing (sketches, annotations, images) with edit_scene_content and add_image. ' +
    'Read it once before the first free-form write of a session.', false)
]
