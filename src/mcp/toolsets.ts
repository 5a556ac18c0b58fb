// The service's two MCP tool surfaces and the toolsets the emulator serves from them (docs/mcp.md, "Use it from an MCP
// client"): the docs page and connector catalogue (30 tools) and what agents saw later (37 tools).

/** Version A ("docs": docs page + connector catalogue) and version B ("agents"). */
export type Surface = 'docs' | 'agents'

/** `docs` = version A (30 tools), `agents` = version B (37), `all` = their union (38). */
export type Toolset = Surface | 'all'
export const TOOLSETS: readonly Toolset[] = ['docs', 'agents', 'all']

export const BOTH: readonly Surface[] = ['docs', 'agents']
export const DOCS_ONLY: readonly Surface[] = ['docs']
export const AGENTS_ONLY: readonly Surface[] = ['agents']

export function isToolset (value: unknown): value is Toolset {
  return typeof value === 'string' && (TOOLSETS as readonly string[]).includes(value)
}

/** Whether a tool listed on `surfaces` belongs to `toolset`. */
export function inToolset (surfaces: readonly Surface[], toolset: Toolset): boolean {
  return toolset === 'all' || surfaces.includes(toolset)
}
