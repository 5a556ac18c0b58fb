// Does a drift profile fit this emulator? Every operation it names must be a route of /api/v1, every body path a
// place the route's declared answers have (a new field's parent, or the field itself), every status one it declares.
import { changeSite, type DriftProfile, type LearnedChange } from '../../formats/drift-profile.js'
import { isObject, parsePointer } from './json-pointer.js'
import { mcpOperation } from '../../formats/mcp-view.js'

/** What an MCP operation declares: a JSON-RPC message (`/result/…`) in a 200 answer, whatever the tool. */
export const MCP_ANSWERS: RouteAnswers = { 200: { type: 'object', properties: { jsonrpc: {}, id: {}, result: {} } } }

/** The MCP operations a profile may name: tools/list and each tool's tools/call. */
export function mcpOperations (route: string, tools: readonly string[]): string[] {
  return [mcpOperation(route, 'tools/list', null), ...tools.map((tool) => mcpOperation(route, 'tools/call', tool))]
}

/** A route's declared answers by status (`200`, `2xx`, `default`), as its schema's `response` map holds them. */
export type RouteAnswers = Record<string, unknown>

type Schema = Record<string, unknown>

/** `{}` (and TypeBox's Unknown/Any, whose marker is not enumerable): any JSON at all. */
const isOpen = (schema: Schema): boolean =>
  !['properties', 'items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties', 'patternProperties', 'type', 'const', 'enum'].some((key) => key in schema)

const isNever = (schema: unknown): boolean => schema === false || (isObject(schema) && isObject(schema.not) && Object.keys(schema.not).length === 0)

/** Whether the schema has a place at `tokens` (`*` or a number is an array's item). */
export function schemaHas (schema: unknown, tokens: readonly string[]): boolean {
  if (!isObject(schema)) return false
  if (tokens.length === 0 || isOpen(schema)) return true
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[key]
    if (Array.isArray(branches) && branches.some((branch) => schemaHas(branch, tokens))) return true
  }
  const [token, ...rest] = tokens
  if (token === '*' || /^\d+$/.test(token)) {
    if (isObject(schema.items) && schemaHas(schema.items, rest)) return true
  }
  const properties = schema.properties
  if (isObject(properties) && Object.hasOwn(properties, token)) return schemaHas(properties[token], rest)
  if (isObject(schema.patternProperties)) {
    for (const [pattern, inner] of Object.entries(schema.patternProperties)) {
      if (safeTest(pattern, token) && schemaHas(inner, rest)) return true
    }
  }
  const additional = schema.additionalProperties
  return additional !== undefined && additional !== false && !isNever(additional) && schemaHas(additional === true ? {} : additional, rest)
}

function safeTest (pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text)
  } catch {
    return false
  }
}

const declared = (answers: RouteAnswers): Schema[] => Object.values(answers).filter(isObject) as Schema[]

/** Why the change does not fit the route's answers, or undefined when it does. */
function changeProblem (change: LearnedChange, answers: RouteAnswers): string | undefined {
  if (change.change === 'status-changed') {
    const known = [String(change.from), `${String(change.from)[0]}xx`, 'default'].some((key) => Object.hasOwn(answers, key))
    return known ? undefined : `this emulator never answers it with ${change.from}`
  }
  // A missing route answers before the route runs; a header goes on any answer.
  if (change.change === 'header-added' || change.change === 'header-removed' || change.change === 'route-missing') return undefined
  const tokens = parsePointer(change.path)
  // A new field needs its parent; every other change needs the field itself.
  const needed = change.change === 'field-added' ? tokens.slice(0, -1) : tokens
  if (declared(answers).some((schema) => schemaHas(schema, needed))) return undefined
  return change.change === 'field-added' ? 'the answers of this emulator have no such parent' : 'the answers of this emulator have no such field'
}

/**
 * The one line a profile that does not fit fails start-up with, or undefined. `routes` maps every operation
 * (`GET /api/v1/scenes/{sceneId}`) to its declared answers.
 */
export function profileMisfit (profile: DriftProfile, routes: ReadonlyMap<string, RouteAnswers>, source: string): string | undefined {
  for (const { operation, changes } of profile.operations) {
    const answers = routes.get(operation)
    if (answers === undefined) return `${source} names ${operation}, which this emulator does not have (its operations are named as GET /api/v1/scenes/{sceneId})`
    for (const change of changes) {
      const problem = changeProblem(change, answers)
      if (problem !== undefined) return `${source}: ${operation}: ${change.change} at ${changeSite(change)}: ${problem}`
    }
  }
  return undefined
}
