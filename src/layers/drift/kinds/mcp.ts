// MCP drift: the tool interface changing the way a beta changes it under an agent (tools renamed or gone from
// tools/list, arguments renamed or newly required, result fields renamed, JSON moved to structuredContent, errors
// switching between JSON-RPC errors and isError results). The body is one JSON-RPC response of POST /api/v1/mcp;
// a result kind's pointer continues into the JSON text of content[0] as if it were parsed.
import { escapeToken, isObject, type JsonObject } from '../json-pointer.js'
import { walkWithSchema } from '../schema-walk.js'
import type { DriftContext, DriftKind } from '../types.js'
import { toCamelCase, toSnakeCase } from './fields.js'
import { change, defineKey, isField, parentIn, renameKey, result } from './util.js'

/** A site of one change, named by the pointer X-Emulator-Drift reports (and a pasted header aims at). */
interface Site { pointer: string }

const isMcp = (ctx: DriftContext): boolean => ctx.route.endsWith('/mcp') && isObject(ctx.body) && ctx.body.jsonrpc === '2.0'

/** The tools of a tools/list answer. */
function listedTools (ctx: DriftContext): JsonObject[] {
  if (!isMcp(ctx)) return []
  const tools = (ctx.body as { result?: { tools?: unknown } }).result?.tools
  return Array.isArray(tools) ? tools.filter(isObject) : []
}

/** A kind that changes one site, chosen with ctx.rng among `sites` (in answer order), on a clone of the body. */
function siteKind<S extends Site> (spec: {
  name: string
  description: string
  sites: (ctx: DriftContext) => S[]
  mutate: (root: JsonObject, site: S) => void
}): DriftKind {
  return {
    name: spec.name,
    description: spec.description,
    breaking: true,
    appliesTo: (ctx) => spec.sites(ctx).length > 0,
    apply (ctx) {
      const sites = spec.sites(ctx)
      if (sites.length === 0) return null
      const site = ctx.rng.pick(sites)
      const root = structuredClone(ctx.body) as JsonObject
      spec.mutate(root, site)
      return result(ctx, root, [change(spec.name, site.pointer)])
    }
  }
}

/** `list_scenes` → `listScenes`, `listScenes` → `list_scenes`: the naming slip of a beta, both ways. */
const renamed = (name: string): string | undefined => toCamelCase(name) ?? toSnakeCase(name)

interface ToolSite extends Site { index: number, to?: string }

export const mcpRenameTool = siteKind<ToolSite>({
  name: 'mcp-rename-tool',
  description: 'Lists one tool under another name in tools/list (list_scenes as listScenes); calls still take the old name',
  sites: (ctx) => listedTools(ctx).flatMap((tool, index) => {
    const to = typeof tool.name === 'string' ? renamed(tool.name) : undefined
    return to === undefined ? [] : [{ pointer: `/result/tools/${index}/name`, index, to }]
  }),
  mutate: (root, site) => { (parentIn(root, site.pointer) as JsonObject).name = site.to }
})

export const mcpDropTool = siteKind<ToolSite>({
  name: 'mcp-drop-tool',
  description: 'Leaves one tool out of tools/list; calling it still works',
  sites: (ctx) => listedTools(ctx).map((_tool, index) => ({ pointer: `/result/tools/${index}`, index })),
  mutate: (root, site) => { (parentIn(root, site.pointer) as unknown[]).splice(site.index, 1) }
})

interface ArgumentSite extends Site { key: string, to?: string }

/** The top-level arguments of every listed tool, as sites. */
function argumentSites (ctx: DriftContext, pick: (key: string, required: boolean) => ArgumentSite | undefined): ArgumentSite[] {
  return listedTools(ctx).flatMap((tool, index) => {
    const schema = isObject(tool.inputSchema) ? tool.inputSchema : {}
    const required = Array.isArray(schema.required) ? schema.required : []
    return Object.keys(isObject(schema.properties) ? schema.properties : {}).flatMap((key) => {
      const site = pick(key, required.includes(key))
      return site === undefined ? [] : [{ ...site, pointer: `/result/tools/${index}/inputSchema/properties/${escapeToken(key)}` }]
    })
  })
}

export const mcpRenameArgument = siteKind<ArgumentSite>({
  name: 'mcp-rename-argument',
  description: 'Renames one argument of a tool in tools/list (sceneId as scene_id), in required too; calls take the old name',
  sites: (ctx) => argumentSites(ctx, (key) => {
    const to = renamed(key)
    return to === undefined ? undefined : { pointer: '', key, to }
  }),
  mutate (root, site) {
    const properties = parentIn(root, site.pointer) as JsonObject
    renameKey(properties, site.key, site.to as string)
    const schema = parentIn(root, site.pointer.slice(0, site.pointer.lastIndexOf('/'))) as JsonObject
    if (Array.isArray(schema.required)) schema.required = schema.required.map((key) => key === site.key ? site.to : key)
  }
})

export const mcpRequireArgument = siteKind<ArgumentSite>({
  name: 'mcp-require-argument',
  description: 'Marks one optional argument of a tool as required in tools/list; calls without it still work',
  sites: (ctx) => argumentSites(ctx, (key, required) => required ? undefined : { pointer: '', key }),
  mutate (root, site) {
    const schema = parentIn(root, site.pointer.slice(0, site.pointer.lastIndexOf('/'))) as JsonObject
    schema.required = [...(Array.isArray(schema.required) ? schema.required : []), site.key]
  }
})

const TEXT_POINTER = '/result/content/0/text'

/** The JSON object a successful tools/call answered as text, or undefined for images, plain text and tool errors. */
function resultJson (ctx: DriftContext): JsonObject | undefined {
  if (!isMcp(ctx) || ctx.statusCode !== 200) return undefined
  const callResult = (ctx.body as { result?: unknown }).result
  if (!isObject(callResult) || callResult.isError === true || !Array.isArray(callResult.content) || callResult.content.length !== 1) return undefined
  const [item] = callResult.content
  if (!isObject(item) || item.type !== 'text' || typeof item.text !== 'string' || !item.text.startsWith('{')) return undefined
  try {
    const parsed: unknown = JSON.parse(item.text)
    return isObject(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

/** Writes `json` back as the text of the answer's only content item. */
function setResultJson (root: JsonObject, json: JsonObject): void {
  ((root.result as JsonObject).content as JsonObject[])[0].text = JSON.stringify(json)
}

interface FieldSite extends Site { inner: string, key: string, to: string }

/**
 * Fields of the answer's JSON that rename-field would rename, walked with the tool's REST schema: only tools whose
 * answer is a REST body have one, and positions the schema leaves open (scene elements) are not entered.
 */
function fieldSites (ctx: DriftContext): FieldSite[] {
  const json = ctx.schema === undefined ? undefined : resultJson(ctx)
  if (json === undefined) return []
  return [...walkWithSchema(json, ctx.schema)].flatMap((entry) => {
    if (!isField(entry)) return []
    const to = toSnakeCase(entry.key) ?? toCamelCase(entry.key)
    return to === undefined || Object.hasOwn(entry.parent, to) ? [] : [{ pointer: TEXT_POINTER + entry.pointer, inner: entry.pointer, key: entry.key, to }]
  })
}

export const mcpRenameResultField = siteKind<FieldSite>({
  name: 'mcp-rename-result-field',
  description: 'Renames one field of a tool\'s JSON answer (camelCase to snake_case or back), for tools that answer a REST body',
  sites: fieldSites,
  mutate (root, site) {
    const json = JSON.parse(((root.result as JsonObject).content as JsonObject[])[0].text as string) as JsonObject
    renameKey(parentIn(json, site.inner) as JsonObject, site.key, site.to)
    setResultJson(root, json)
  }
})

/** INFER: what a server that moved to structured output says in its text item. */
export const STRUCTURED_TEXT = 'The result is in structuredContent.'

export const mcpStructuredResult: DriftKind = {
  name: 'mcp-structured-result',
  description: 'Moves a tool\'s JSON answer from content[0].text to structuredContent; the text becomes a one-line note',
  breaking: true,
  appliesTo: (ctx) => resultJson(ctx) !== undefined,
  apply (ctx) {
    const json = resultJson(ctx)
    if (json === undefined) return null
    const body = structuredClone(ctx.body) as JsonObject
    const callResult = body.result as JsonObject
    callResult.content = [{ type: 'text', text: STRUCTURED_TEXT }]
    defineKey(callResult, 'structuredContent', json)
    return result(ctx, body, [change('mcp-structured-result', TEXT_POINTER)])
  }
}

/** The message of an isError result: its `{"error": …}` text, or the text itself. */
function toolErrorMessage (callResult: JsonObject): string | undefined {
  const [item] = Array.isArray(callResult.content) ? callResult.content : []
  if (!isObject(item) || typeof item.text !== 'string') return undefined
  try {
    const parsed: unknown = JSON.parse(item.text)
    return isObject(parsed) && typeof parsed.error === 'string' ? parsed.error : item.text
  } catch {
    return item.text
  }
}

/** The answer with its error on the other channel, keys in the order the SDK writes them; undefined when none. */
function switchedError (ctx: DriftContext): JsonObject | undefined {
  if (!isMcp(ctx) || ctx.statusCode !== 200) return undefined
  const { id, error, result: callResult } = ctx.body as JsonObject
  if (typeof id !== 'string' && typeof id !== 'number') return undefined
  if (isObject(error) && typeof error.message === 'string') {
    return { result: { content: [{ type: 'text', text: JSON.stringify({ error: error.message }) }], isError: true }, jsonrpc: '2.0', id }
  }
  const message = isObject(callResult) && callResult.isError === true ? toolErrorMessage(callResult) : undefined
  return message === undefined ? undefined : { jsonrpc: '2.0', id, error: { code: -32603, message } }
}

export const mcpSwitchErrorChannel: DriftKind = {
  name: 'mcp-switch-error-channel',
  description: 'Answers a JSON-RPC error as an isError tool result, or an isError result as a JSON-RPC -32603 error',
  breaking: true,
  appliesTo: (ctx) => switchedError(ctx) !== undefined,
  apply (ctx) {
    const body = switchedError(ctx)
    return body === undefined ? null : result(ctx, body, [change('mcp-switch-error-channel', '')])
  }
}

/** Every MCP kind, in the order random mode draws over them (after the REST kinds, which never apply to MCP). */
export const MCP_DRIFT_KINDS: readonly DriftKind[] = [
  mcpRenameTool,
  mcpDropTool,
  mcpRenameArgument,
  mcpRequireArgument,
  mcpRenameResultField,
  mcpStructuredResult,
  mcpSwitchErrorChannel
]
