// What a tool takes from its backing route (api/v1/operations.ts records each route's schemas): a twin's result
// schema and caching, and the start-up check that a tool's input covers what the route validates, since a tool
// calls the route's service without the route's validation in front of it.
import type { TObject, TSchema } from 'typebox'
import type { RouteOperation } from '../../operations.js'
import type { ToolDeclaration, ToolEntry } from './unit.js'

/** Keywords that only describe a value; every other keyword of a route's parameter is a rule the tool must keep. */
const ANNOTATIONS = new Set(['description', 'default', 'title', 'examples', '$id'])

/** The entry with a twin's `result` and `keptAnswer` taken from its route; any other entry as it is. */
function withRoute (entry: ToolEntry, operations: ReadonlyMap<string, RouteOperation>): ToolEntry {
  const { declaration } = entry
  const route = declaration.twin === true && declaration.backing !== null ? operations.get(declaration.backing) : undefined
  if (route === undefined) return entry
  const kept = route.keptRead && route.method === 'GET' ? { keptAnswer: true as const } : {}
  return { ...entry, declaration: { ...declaration, result: route.schemas.result, ...kept } }
}

/** The tools as the endpoint holds them: each twin with its route's result schema and caching. */
export function fromRoutes (entries: readonly ToolEntry[], operations: ReadonlyMap<string, RouteOperation>): ToolEntry[] {
  return entries.map((entry) => withRoute(entry, operations))
}

/** What the tool's argument lacks of the route's rules for one parameter, or undefined when it keeps them all. */
function ruleMissing (name: string, rule: TSchema, argument: TSchema | undefined): string | undefined {
  if (argument === undefined) return `no argument ${name}`
  for (const [keyword, value] of Object.entries(rule)) {
    if (ANNOTATIONS.has(keyword)) continue
    const own = (argument as Record<string, unknown>)[keyword]
    if (JSON.stringify(own) !== JSON.stringify(value)) return `${name}.${keyword} is ${JSON.stringify(own)}, the route's ${JSON.stringify(value)}`
  }
  return undefined
}

/** How a tool's input falls short of its route: every path parameter, required; for a twin, every query parameter. */
function shortfalls ({ inputSchema, backing, twin }: ToolDeclaration, route: RouteOperation): string[] {
  const required = new Set(inputSchema.required ?? [])
  const problems: string[] = []
  const check = (parameters: TObject | undefined, mustRequire: boolean): void => {
    for (const [name, rule] of Object.entries(parameters?.properties ?? {})) {
      const missing = ruleMissing(name, rule, inputSchema.properties[name])
      if (missing !== undefined) problems.push(missing)
      else if (mustRequire && !required.has(name)) problems.push(`${name} is optional, a path parameter of ${String(backing)}`)
    }
  }
  check(route.schemas.params, true)
  if (twin === true) check(route.schemas.querystring, false)
  return problems
}

/** The names of the tools whose backing route does not exist, in their order. */
export function unbackedTools (entries: readonly ToolEntry[], operations: ReadonlyMap<string, RouteOperation>): string[] {
  return entries.filter(({ declaration: { backing } }) => backing !== null && !operations.has(backing)).map(({ declaration }) => declaration.name)
}

/**
 * Why the tools cannot be served on the routes backing them, one line per tool (none: they can): an input that does
 * not keep the route's parameter rules, a twin whose route answers no 200 schema. A tool with no route is not
 * checked here: unbackedTools names it.
 */
export function routeProblems (entries: readonly ToolEntry[], operations: ReadonlyMap<string, RouteOperation>): string[] {
  return entries.flatMap(({ declaration }) => {
    const route = declaration.backing === null ? undefined : operations.get(declaration.backing)
    if (route === undefined) return []
    const problems = shortfalls(declaration, route)
    if (declaration.twin === true && route.schemas.result === undefined) problems.push(`${declaration.backing} declares no 200 answer`)
    return problems.length === 0 ? [] : [`${declaration.name}: ${problems.join('; ')}`]
  })
}
