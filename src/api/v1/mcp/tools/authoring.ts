// The agents-surface authoring tools: create_diagram, the slide tools and add_image (version B of the tool surface).
// Their schemas are not public: these are the emulator's; their pure logic is in src/mcp/.
import { Type } from 'typebox'
import { withMessages } from '../../../../lib/schema-errors.js'
import { planDiagram } from '../../../../mcp/diagram.js'
import { DIAGRAM_ARGUMENTS } from '../../../../mcp/core/diagram-input.js'
import { DIAGRAM_MAX_EDGES, DIAGRAM_MAX_NODES } from '../../../../mcp/core/limits.js'
import { IMAGE_ARGUMENTS, planAddImage } from '../../../../mcp/image.js'
import { listSlides, planCreateSlide, planUpdateSlide } from '../../../../mcp/slides.js'
import { AGENTS_ONLY } from '../../../../mcp/toolsets.js'
import { args, sceneId } from './arguments.js'
import { clockOf, snapshot, write } from './scene-io.js'
import { defineTool, json, type ToolEntry } from './unit.js'

const WHOLE_INDEX = 'must be a whole number from 0 (the first slide) to the number of slides'
const frameId = () => Type.String({ minLength: 1, description: 'Id of the slide\'s frame.' })
// The deck's size bounds an index from above (the planner says so); the schema states the rest.
const slideIndex = (description: string) =>
  Type.Optional(withMessages(Type.Integer({ minimum: 0, description }), { type: WHOLE_INDEX, minimum: WHOLE_INDEX }))

export const AUTHORING_TOOLS: readonly ToolEntry[] = [
  defineTool({
    name: 'create_diagram',
    description: `Draws a laid-out diagram from nodes and edges (up to ${DIAGRAM_MAX_NODES} nodes and ${DIAGRAM_MAX_EDGES} edges): boxes sized to their labels and placed in ranks along the direction by a layered layout, elbow arrows bound to the shapes with an end point each, edge labels on their arrows, an optional title and dashed boundaries around groups. The diagram starts at its own origin, to the right of existing content, unless clearExisting deletes everything first. Read the diagram guide before the first diagram write.`,
    // Every rule but sceneId is stated once, beside the planner (mcp/core/diagram-input.ts).
    inputSchema: args({ sceneId: sceneId(), ...DIAGRAM_ARGUMENTS }),
    backing: 'PATCH /scenes/{sceneId}/content',
    surfaces: AGENTS_ONLY,
    // The plan may be asynchronous (a layout engine): write() awaits it either way.
    run: ({ op }, { sceneId, ...diagram }) => write(op, sceneId, (current) => planDiagram(current, diagram, op.ids, clockOf(op)))
  }),
  defineTool({
    name: 'create_slide',
    description: 'Adds a slide: an 854x480 frame in the left-to-right row of slides. ' +
      'Returns its frameId and the safe area to fill with edit_scene_content (give every element frameId; coordinates are absolute).',
    inputSchema: args({
      sceneId: sceneId(),
      name: Type.Optional(Type.String({ description: 'Slide title shown on the frame.' })),
      index: slideIndex('Position among the slides, 0-based (default: last). Later slides move right.')
    }),
    backing: 'PATCH /scenes/{sceneId}/content',
    surfaces: AGENTS_ONLY,
    run: ({ op }, { sceneId, ...slide }) => write(op, sceneId, (current) => planCreateSlide(current, slide, op.ids, clockOf(op)))
  }),
  defineTool({
    name: 'update_slide',
    description: 'Renames a slide or moves it to another position; its content moves with it and the other slides shift.',
    inputSchema: args({
      sceneId: sceneId(),
      frameId: frameId(),
      name: Type.Optional(Type.String({ description: 'New slide name.' })),
      index: slideIndex('New position among the slides, 0-based.')
    }),
    backing: 'PATCH /scenes/{sceneId}/content',
    surfaces: AGENTS_ONLY,
    run: ({ op }, { sceneId, ...slide }) => write(op, sceneId, (current) => planUpdateSlide(current, slide, op.ids, clockOf(op)))
  }),
  defineTool({
    name: 'list_slides',
    description: 'Lists the slides (frames) of a scene in presentation order, left to right, with names, geometry and how many elements each holds.',
    inputSchema: args({ sceneId: sceneId() }),
    backing: 'GET /scenes/{sceneId}/content',
    surfaces: AGENTS_ONLY,
    run: ({ op }, { sceneId }) => json(listSlides(snapshot(op, sceneId)))
  }),
  defineTool({
    name: 'add_image',
    description: 'Places an image on a scene from a base64 data URL (PNG, JPEG, GIF, WebP or SVG). ' +
      'Without width and height the image keeps its own size; with one of them it keeps its aspect ratio. The emulator cannot fetch remote URLs.',
    inputSchema: args({ sceneId: sceneId(), ...IMAGE_ARGUMENTS }),
    backing: 'PATCH /scenes/{sceneId}/content',
    surfaces: AGENTS_ONLY,
    run: ({ op }, { sceneId, ...image }) => write(op, sceneId, (current) => planAddImage(current, image, op.ids, clockOf(op)))
  })
]
