// How the MCP-only tools read and write a scene: they read it as a client would GET it, plan on it with the pure
// logic in src/mcp/, and store the plan's PATCH body through the same service as REST PATCH, in one go, so
// sceneVersion, counters and the audit log move as they would for a client's PATCH.
import type { Element } from '../../../../schemas/elements.js'
import type { SceneContent } from '../../../../schemas/scene-content.js'
import type { OpContext } from '../../../../services/context.js'
import * as sceneContent from '../../../../services/scene-content.js'
import type { NowSource, SceneSnapshot, ToolPlan } from '../../../../mcp/core/draft.js'
import { json, type ToolOutput } from './unit.js'

/** What the plans read of a GET body. */
export function snapshotOf ({ elements, files }: SceneContent): SceneSnapshot {
  // The response schema leaves elements open; each one passed the content engine's checks when it was stored.
  return { elements: elements as Element[], files }
}

/** The scene as a client would GET it (a 404 becomes a tool error when the caller cannot see it). */
export function snapshot (op: OpContext, sceneId: string): SceneSnapshot {
  return snapshotOf(sceneContent.get(op, { sceneId }))
}

/** Plans against the stored scene (the plan may take its time: layouts), then stores the plan's PATCH body. */
export async function write<A> (op: OpContext, sceneId: string, plan: (current: SceneSnapshot) => ToolPlan<A> | Promise<ToolPlan<A>>): Promise<ToolOutput> {
  const { patch, answer } = await plan(snapshot(op, sceneId))
  // An edit that changes nothing stores nothing, as an empty client PATCH would be refused.
  if (patch.elements.length > 0 || Object.keys(patch.files ?? {}).length > 0) sceneContent.patch(op, { sceneId, body: patch })
  return json(answer)
}

/** The operation's clock, as the plans read the time. */
export const clockOf = (op: OpContext): NowSource => ({ now: () => op.clock.now() })
