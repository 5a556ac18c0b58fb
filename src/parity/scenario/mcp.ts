// The MCP steps (--include-mcp): tools/list (names and input schemas), then each read-only tool the target lists,
// through the protocol only (JSON-RPC over POST /api/v1/mcp, no session), so nothing here depends on how the
// emulator builds its tools. The JSON a REST-backed tool answers is compared like the REST answer.
import { contentAsJson, mcpOperation, toolsByName } from '../../formats/mcp-view.js'
import { withoutOwnWords, type Mode } from '../compare/rules.js'
import type { Answer } from '../types.js'
import { API_BASE, need, type Learner, type Step, type Vars } from './steps.js'

const MCP_HEADERS = { accept: 'application/json, text/event-stream' }

/** tools/list in the MCP view (tools keyed by name) with the emulator's words out. */
export const toolsView = (message: unknown): unknown => toolsByName(message, withoutOwnWords)

/** A tool's answer in the MCP view; a text that is not JSON (a guide, a plain error) is own words: compared by type. */
export const callView = (message: unknown): unknown => contentAsJson(message, (item) => ({ ...item, text: '<text>' }))

function mcpStep (tool: string | null, method: string, params: (vars: Vars) => unknown, mode: Mode, view: Step['view']): Step {
  return {
    operation: mcpOperation(`${API_BASE}/mcp`, method, tool),
    mode,
    request: (vars) => ({ method: 'POST', path: '/mcp', headers: MCP_HEADERS, body: { jsonrpc: '2.0', id: 1, method, params: params(vars) } }),
    view
  }
}

const learnTools: Learner = Object.assign((answer: Answer, vars: Vars) => {
  const tools = (answer.body as { result?: { tools?: Array<{ name?: unknown }> } } | null)?.result?.tools
  for (const tool of Array.isArray(tools) ? tools : []) if (typeof tool?.name === 'string') vars[`tool:${tool.name}`] = 'listed'
}, { provides: ['tool:*'] })

/** A tools/call step, sent only when the target listed the tool. */
function toolStep (name: string, args: (vars: Vars) => Record<string, unknown>, mode: Mode): Step {
  return mcpStep(name, 'tools/call', (vars) => {
    need(vars, `tool:${name}`)
    return { name, arguments: args(vars) }
  }, mode, callView)
}

const GUIDES = ['read_excalidraw_format', 'read_diagram_format', 'read_presentation_format', 'read_freeform_format']

/** `own`: the run made a scene and a collection (full keys): tools read those, by value; else the first ones, by shape. */
export function mcpSteps (own: boolean): Step[] {
  const scene = own ? 'sceneA' : 'firstScene'
  const collection = own ? 'collection' : 'firstCollection'
  const mode: Mode = own ? 'value' : 'shape'
  const sceneArgs = (v: Vars) => ({ sceneId: need(v, scene) })
  return [
    { ...mcpStep(null, 'tools/list', () => ({}), 'value', toolsView), learn: learnTools },
    toolStep('list_scenes', () => ({ limit: 3 }), 'shape'),
    toolStep('get_scene', sceneArgs, mode),
    toolStep('get_scene_content', sceneArgs, mode),
    toolStep('search_scene_content', (v) => ({ ...sceneArgs(v), query: 'Hello' }), mode),
    toolStep('list_slides', sceneArgs, mode),
    toolStep('list_collections', () => ({}), 'shape'),
    toolStep('get_collection', (v) => ({ collectionId: need(v, collection) }), mode),
    toolStep('list_collection_scenes', (v) => ({ collectionId: need(v, collection) }), mode),
    toolStep('get_workspace', () => ({}), 'shape'),
    toolStep('list_workspace_users', () => ({}), 'shape'),
    toolStep('get_workspace_user', (v) => ({ userId: need(v, 'firstUser') }), 'shape'),
    toolStep('list_invites', () => ({}), 'shape'),
    toolStep('get_invite', (v) => ({ inviteId: need(v, 'firstInvite') }), 'shape'),
    toolStep('list_logs', () => ({ limit: 5 }), 'shape'),
    ...GUIDES.map((name) => toolStep(name, () => ({}), 'value'))
  ]
}
