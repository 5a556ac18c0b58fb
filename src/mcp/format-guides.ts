// The emulator's own format guides (read_*_format) and server instructions. TypeScript constants because tsc
// does not copy .md files; the vendor's texts are not public and are not copied.
import { EDIT_RULES, ELEMENT_FORMAT, PALETTE } from './guides/sections.js'
import type { Toolset } from './toolsets.js'

const EXAMPLE = `## Example

Two labelled boxes joined by a labelled arrow, in one call:

add = "[{\\"type\\":\\"rectangle\\",\\"tempId\\":\\"api\\",\\"x\\":0,\\"y\\":0,\\"width\\":200,\\"height\\":80,\\"label\\":{\\"text\\":\\"API\\"}},{\\"type\\":\\"rectangle\\",\\"tempId\\":\\"db\\",\\"x\\":400,\\"y\\":0,\\"width\\":200,\\"height\\":80,\\"label\\":{\\"text\\":\\"Database\\"}},{\\"type\\":\\"arrow\\",\\"x\\":200,\\"y\\":40,\\"points\\":[[0,0],[200,0]],\\"startBinding\\":{\\"elementId\\":\\"api\\",\\"fixedPoint\\":[1,0.5],\\"mode\\":\\"inside\\"},\\"endBinding\\":{\\"elementId\\":\\"db\\",\\"fixedPoint\\":[0,0.5],\\"mode\\":\\"inside\\"},\\"label\\":{\\"text\\":\\"SQL\\"}}]"

The answer maps "api" and "db" to their new ids in tempIdMap.`

const EXCALIDRAW_GUIDE = `# Scene format guide

Read this once before your first write to a scene's content in a session. It explains the element format the scenes are stored in and how edit_scene_content changes them.

${ELEMENT_FORMAT}

${EDIT_RULES}

${EXAMPLE}

${PALETTE}

## Checklist before writing
- add and update are JSON strings, delete is an array.
- New elements have a tempId, never an id; references inside the call use tempIds.
- Shape captions are labels, not loose text on top.
- Arrows carry explicit bindings with fixedPoint, and their points start and end on those anchors.
- Every element on a slide or in a frame has that frameId and lies inside the frame.`

const DIAGRAM_GUIDE = `# Diagram guide

Read this once before your first diagram write in a session. Diagrams are boxes joined by arrows: flowcharts, architecture overviews, state machines, dependency graphs.

## create_diagram: the fast path

Give nodes and edges, the server lays them out:
- nodes: [{"id": "auth", "label": "Check token", "kind": "decision"}]. Ids may use letters, digits, _ . : and - only; labels hold at most 300 characters. Any bad id or label rejects the whole call, as does an edge to an unknown node. kind picks the shape: "decision" is a diamond, "start"/"end"/"terminal" an ellipse, anything else a rectangle ("data" gets a violet fill).
- edges: [{"from": "auth", "to": "home", "label": "valid", "kind": "success"}]. kind colours the arrow by outcome: "success" green, "failure"/"error" red, "warning" orange, "async" dashed. startArrowhead: "arrow" makes a two-way edge.
- direction: "RIGHT" (default), "DOWN", "LEFT" or "UP", in any case.
- title: a heading above the diagram. groups: [{"label": "Backend", "nodes": ["auth", "db"]}] draws a dashed boundary around those nodes. Groups may nest (every node of the inner group is in the outer one); two groups that share only some nodes reject the call.
- nodeSpacing (gap between nodes of a rank, default 50) and rankSpacing (gap between ranks, default 60; an edge label gets room of its own on top).
- clearExisting: true deletes every element of the scene first. Only use it when the user asked to replace the drawing. Otherwise the new diagram starts 200 px to the right of the existing content.
- Up to 100 nodes, 200 edges and 20 groups in one call.

What the layout looks like (a layered graph layout, the kind flowchart tools use):
- Nodes sit in ranks along the direction: every edge points along the flow where it can, and the order of the nodes across each rank is chosen for as few crossings as possible (not your order). When edges form a cycle, the edge that closes it (walking from the nodes nothing points at, in the order you listed them) runs back against the flow.
- Each box is sized to its label: the label wraps between words at about 16 characters a line and the box grows to fit; a single longer word widens the box and is never broken. Decisions are diamonds and start/end nodes ellipses, large enough for their label inside the shape.
- A group's boundary holds exactly its nodes, with its title in the top-left corner; the rest of the diagram is laid out around it.
- Arrows are elbow arrows (horizontal and vertical segments only), bound to both shapes: each arrow starts and ends on the outline of its shapes at a point of its own, so no two arrowheads meet. Edge labels sit on their arrow in a space kept free of nodes.
- The same call gives the same drawing.

The answer maps your node ids to element ids (nodeIds), lists the arrows in edge order (edgeIds), the boundaries (groupIds), the title (titleId) and the bounds of everything drawn. Use those ids with edit_scene_content to restyle or annotate afterwards.

## Good diagrams
- One dominant direction: left to right for processes and pipelines, top to bottom for hierarchies.
- Keep labels to a few words: longer ones wrap and make their boxes taller; move detail to a note.
- Colour edges by outcome (success, failure) rather than decoratively; keep node fills calm.
- Up to about 20 nodes per diagram; split larger systems into several diagrams placed side by side.
- Check the result with take_screenshot and fix overlaps with edit_scene_content.

## Drawing by hand
For layouts create_diagram cannot express (timelines, swimlanes, exact positions), write elements yourself:

${EDIT_RULES}

${ELEMENT_FORMAT}`

const PRESENTATION_GUIDE = `# Presentation guide

Read this once before your first slide write in a session. A deck is a row of frames: one frame is one slide, and the order of the slides is their left-to-right order.

## Building a deck
1. create_slide {sceneId, name?, index?} adds an 854x480 frame. Slides sit 350 px apart, left to right (x = 0, 1204, 2408, ...). index inserts the slide at that position and moves later slides, with their content, to the right. The answer gives frameId and safeArea: the box 56 px inside the sides and top and 48 px above the bottom (742x376 on a standard slide).
2. Fill the slide with edit_scene_content. Every element of the slide needs "frameId": the slide's frameId. Coordinates stay absolute: place elements inside the safe area, so that x >= safeArea.x, x + width <= safeArea.x + safeArea.width, and the same for y.
3. list_slides returns the slides in order with their names, boxes and how many elements each holds. update_slide {frameId, name?, index?} renames a slide or moves it to another position; its content moves with it.
4. Check a slide with take_screenshot {frameId}.

## Slide layout
- Title: a standalone text at the top of the safe area, fontSize 36 to 44, fontFamily 2 or 5.
- Body: texts of fontSize 20 to 28; use "\\n" for line breaks and give the text box generous width. Three to five short points per slide.
- Shapes and small diagrams: labelled rectangles and ellipses with bound arrows, all carrying the slide's frameId.
- Images: add_image with the slide's frameId.
- Presenter notes: put them in the frame's customData, for example update [{"id": frameId, "customData": {"presenterNotes": "..."}}].
- Unless the user asks otherwise, aim for 3 to 6 slides: a title slide, the content, a summary.

Deleting a slide's frame deletes everything on it; only do that when the user asked for it.

${EDIT_RULES}

${ELEMENT_FORMAT}`

const FREEFORM_GUIDE = `# Free-form drawing guide

Read this once before your first free-form write in a session: sketches, illustrations, annotations, mood boards, anything that is not a box-and-arrow diagram or a slide deck.

## Techniques
- Strokes: a "freedraw" element is a pen stroke: points relative to x, y (first [0, 0]); pressures may be [] with "simulatePressure": true. Many short strokes read better than one long one.
- Lines: a "line" with several points draws polylines; "polygon": true with the last point equal to the first closes a shape that can be filled with backgroundColor. roundness {"type": 2} curves it.
- Shapes: rectangles, ellipses and diamonds with backgroundColor and fillStyle "hachure" or "cross-hatch" give the hand-drawn look; roughness 2 makes it sketchier, 0 cleaner.
- Annotations: a text next to the subject plus an arrow bound to it; dashed strokeStyle for hints.
- Images: add_image places a picture from a base64 data URL (png, jpeg, gif, webp, svg). Without width and height it keeps its own size; give one of them to scale it with its aspect ratio. The emulator cannot fetch remote URLs.
- Grouping: give related elements the same groupIds entry so they move together. Later elements are drawn on top of earlier ones.
- Work in passes: block the main masses first, then add detail, then labels; look at the result with take_screenshot.

${PALETTE}

${EDIT_RULES}

${ELEMENT_FORMAT}`

export type GuideTool = 'read_excalidraw_format' | 'read_diagram_format' | 'read_presentation_format' | 'read_freeform_format'

export const FORMAT_GUIDES: Readonly<Record<GuideTool, string>> = Object.freeze({
  read_excalidraw_format: EXCALIDRAW_GUIDE,
  read_diagram_format: DIAGRAM_GUIDE,
  read_presentation_format: PRESENTATION_GUIDE,
  read_freeform_format: FREEFORM_GUIDE
})

export function isGuideTool (name: string): name is GuideTool {
  return Object.hasOwn(FORMAT_GUIDES, name)
}

/**
 * The `instructions` of initialize, in the emulator's words: which guide to read before writing, and no
 * destructive action without an explicit request. INFER: with a stateless server this is advice, not enforced.
 */
export function instructionsFor (toolset: Toolset): string {
  const guides = toolset === 'docs'
    ? 'call read_excalidraw_format'
    : toolset === 'agents'
      ? 'call the guide for what you are about to draw (read_diagram_format, read_presentation_format or read_freeform_format)'
      : 'call read_excalidraw_format, or the guide for what you are about to draw (read_diagram_format, read_presentation_format or read_freeform_format)'
  return `This is a local emulator of a drawing workspace API. Before writing scene content for the first time in a session, ${guides} and follow it. ` +
    'Make destructive changes (deleting scenes, collections, elements, members or invites, or replacing a drawing) only when the user has explicitly ' +
    'asked for that specific change.'
}
