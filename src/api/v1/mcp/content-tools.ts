// The MCP-only tools: their pure logic is in src/mcp/; here each one reads the scene
// through the content service, and a write goes back through the same service as REST PATCH, in one go, so
// sceneVersion, counters and the audit log move as they would for a client's PATCH.
import * as sceneContent from '../../../services/scene-content.js'
import type { OpContext } from '../../../services/context.js'
import type { Element } from '../../../schemas/elements.js'
import { planEdit } from '../../../mcp/edit.js'
import { planDiagram } from '../../../mcp/diagram.js'
import { searchSceneContent } from '../../../mcp/search.js'
import { listSlides, planCreateSlide, planUpdateSlide } from '../../../mcp/slides.js'
import { planAddImage } from '../../../mcp/image.js'
import { FORMAT_GUIDES } from '../../../mcp/format-guides.js'
import type { ToolPlan } from '../../../mcp/core/draft.js'
import * as scenes from '../../../services/scenes.js'
import { json, type ToolContext, type ToolOutput, type ToolRun } from './registry.js'

type Args = Record<string, any>

/** The scene as a client would GET it (404 as a tool error when the caller cannot see it). */
function snapshot (op: OpContext, sceneId: string) {
  return sceneContent.get(op, { sceneId })
}

/** Plans against the stored scene, then stores the plan's PATCH body through the content service. */
function write<A> (op: OpContext, sceneId: string, plan: (current: ReturnType<typeof snapshot>) => ToolPlan<A>): ToolOutput {
  const { patch, answer } = plan(snapshot(op, sceneId))
  // An edit that changes nothing stores nothing, as an empty client PATCH would be refused.
  if (patch.elements.length > 0 || Object.keys(patch.files ?? {}).length > 0) sceneContent.patch(op, { sceneId, body: patch })
  return json(answer)
}

async function screenshot ({ op, renderer }: ToolContext, args: Args): Promise<ToolOutput> {
  const { metadata } = scenes.get(op, { sceneId: args.sceneId })
  const content = snapshot(op, args.sceneId)
  const image = await renderer.png({
    sceneId: metadata.id,
    sceneVersion: metadata.sceneVersion,
    contentEpoch: metadata.contentEpoch,
    content,
    frameId: args.frameId,
    padding: args.padding ?? 20,
    maxWidth: args.maxWidth
  })
  return { image }
}

const clockOf = (op: OpContext) => ({ now: () => op.clock.now() })

export const CONTENT_TOOL_RUNS: Readonly<Record<string, ToolRun>> = {
  search_scene_content: ({ op }, args: Args) => {
    const { sceneId, ...options } = args
    return json(searchSceneContent(snapshot(op, sceneId).elements as Element[], options))
  },
  edit_scene_content: ({ op }, args: Args) =>
    write(op, args.sceneId, (current) => planEdit(current as never, args, op.ids, clockOf(op))),
  take_screenshot: screenshot,
  create_diagram: ({ op }, args: Args) =>
    write(op, args.sceneId, (current) => planDiagram(current as never, args, op.ids, clockOf(op))),
  create_slide: ({ op }, args: Args) =>
    write(op, args.sceneId, (current) => planCreateSlide(current as never, args, op.ids, clockOf(op))),
  update_slide: ({ op }, args: Args) =>
    write(op, args.sceneId, (current) => planUpdateSlide(current as never, args as never, op.ids, clockOf(op))),
  list_slides: ({ op }, args: Args) => json(listSlides(snapshot(op, args.sceneId) as never)),
  add_image: ({ op }, args: Args) =>
    write(op, args.sceneId, (current) => planAddImage(current as never, args as never, op.ids, clockOf(op))),
  ...Object.fromEntries(Object.entries(FORMAT_GUIDES).map(([name, text]) => [name, () => ({ text })]))
}
