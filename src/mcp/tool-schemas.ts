// Every MCP tool the emulator declares, on both surfaces, and the toolset picker.
import { AUTHORING_TOOLS } from './declarations/authoring-tools.js'
import type { Surface, ToolDeclaration } from './declarations/common.js'
import { CONTENT_TOOLS } from './declarations/content-tools.js'
import { COLLECTION_TOOLS, SCENE_TOOLS } from './declarations/scene-tools.js'
import { WORKSPACE_TOOLS } from './declarations/workspace-tools.js'

export type { Surface, ToolDeclaration }

/** `docs` = version A (30 tools), `agents` = version B (37), `all` = their union (38). */
export type Toolset = Surface | 'all'
export const TOOLSETS: readonly Toolset[] = ['docs', 'agents', 'all']

/** All 38 declarations, in the docs page's order (scenes and content first), agents-only tools last. */
export const TOOLS: readonly ToolDeclaration[] = Object.freeze([
  ...SCENE_TOOLS,
  ...CONTENT_TOOLS,
  ...COLLECTION_TOOLS,
  ...WORKSPACE_TOOLS,
  ...AUTHORING_TOOLS
])

const BY_NAME = new Map(TOOLS.map((tool) => [tool.name, tool]))

/** The declarations of one toolset, in TOOLS order. */
export function pickToolset (toolset: Toolset): ToolDeclaration[] {
  return TOOLS.filter((tool) => toolset === 'all' || tool.surfaces.includes(toolset))
}

/** The declaration named `name` if the toolset holds it. */
export function findTool (name: string, toolset: Toolset = 'all'): ToolDeclaration | undefined {
  const tool = BY_NAME.get(name)
  return tool !== undefined && (toolset === 'all' || tool.surfaces.includes(toolset)) ? tool : undefined
}

export function isToolset (value: unknown): value is Toolset {
  return typeof value === 'string' && (TOOLSETS as readonly string[]).includes(value)
}
