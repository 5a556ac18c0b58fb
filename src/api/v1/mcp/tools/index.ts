// Every MCP tool the emulator serves, on both surfaces, in the docs page's order (scenes and content first,
// agents-only tools last), and the picker for the configured toolset.
import { inToolset, isToolset, type Toolset } from '../../../../mcp/toolsets.js'
import type { RouteOperation } from '../../operations.js'
import { AUTHORING_TOOLS } from './authoring.js'
import { CONTENT_TOOLS } from './content.js'
import { fromRoutes } from './routes.js'
import { COLLECTION_TOOLS, SCENE_TOOLS } from './scenes.js'
import type { ToolDeclaration, ToolEntry } from './unit.js'
import { WORKSPACE_TOOLS } from './workspace.js'

export { isToolset, type Toolset }
export type { ToolDeclaration, ToolEntry }

/** All 38 tools. */
export const TOOL_ENTRIES: readonly ToolEntry[] = Object.freeze([
  ...SCENE_TOOLS,
  ...CONTENT_TOOLS,
  ...COLLECTION_TOOLS,
  ...WORKSPACE_TOOLS,
  ...AUTHORING_TOOLS
])

/** What tools/list publishes of every tool, and the permission each needs. */
export const TOOLS: readonly ToolDeclaration[] = Object.freeze(TOOL_ENTRIES.map((entry) => entry.declaration))

/** The tools of one toolset, in TOOLS order, each twin with its route's result schema and caching. */
export function toolEntries (toolset: Toolset, operations: ReadonlyMap<string, RouteOperation>): ToolEntry[] {
  return fromRoutes(TOOL_ENTRIES.filter((entry) => inToolset(entry.declaration.surfaces, toolset)), operations)
}

/** The declarations of one toolset, in TOOLS order. */
export function pickToolset (toolset: Toolset): ToolDeclaration[] {
  return TOOL_ENTRIES.filter((entry) => inToolset(entry.declaration.surfaces, toolset)).map((entry) => entry.declaration)
}

/** The declaration named `name` if the toolset holds it. */
export function findTool (name: string, toolset: Toolset = 'all'): ToolDeclaration | undefined {
  return TOOLS.find((tool) => tool.name === name && inToolset(tool.surfaces, toolset))
}
