// One MCP tool as one typed unit: what tools/list publishes of it (name, description, input schema), the REST
// operation whose permission it needs, the toolsets that hold it and its run function, whose arguments are typed
// from the input schema; and what a tool runs with and answers. A unit without `run`, or a `run` reading an argument
// the schema does not declare, fails tsc.
import type { Static, TObject, TSchema } from 'typebox'
import type { ValidateFunction } from 'ajv'
import { compileStrict } from '../../../../lib/ajv.js'
import { formatSchemaErrors } from '../../../../lib/schema-errors.js'
import { stripUnknown } from '../../../../lib/strip-unknown.js'
import type { SceneRenderer } from '../../../../render/contract.js'
import type { OpContext } from '../../../../services/context.js'
import type { Surface } from '../../../../mcp/toolsets.js'

/** A tool answers JSON (sent as text: the REST body for REST-backed tools), plain text (the guides) or a PNG. */
export type ToolOutput = { json: unknown } | { text: string } | { image: Buffer }

/** What take_screenshot draws with: the demo page's renderer (src/render/), keyed by the same scene identity. */
export type ScreenshotRenderer = Pick<SceneRenderer, 'renderPng'>

export interface ToolContext {
  op: OpContext
  renderer: ScreenshotRenderer
  /** Logs an unexpected failure before it becomes a JSON-RPC internal error. */
  log (error: unknown): void
}

export const json = (value: unknown): ToolOutput => ({ json: value })

/** `METHOD /path/{param}`: a REST route's signature, as key route restrictions name it (lib/routes.ts). */
export type RouteSignature = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`

export interface ToolDeclaration<S extends TObject = TObject> {
  readonly name: string
  /** Emulator-authored; the vendor's texts are not copied. */
  readonly description: string
  /** JSON Schema of `arguments`, as tools/list publishes it and as calls are validated. */
  readonly inputSchema: S
  /** The REST route whose permission the tool needs, or null for tools every key may list (the format guides). */
  readonly backing: RouteSignature | null
  readonly surfaces: readonly Surface[]
  /**
   * The tool is its backing route's MCP twin: it calls the route's service and answers the route's 200 body, so it
   * takes `result` and `keptAnswer` from the route (routes.ts), and its input must cover the route's query.
   */
  readonly twin?: true
  /** A twin's: its route's 200 schema (api/v1/operations.ts); drift reads it. Never written in a unit. */
  readonly result?: TSchema
  /**
   * A twin's whose route answers from the read cache (`keptRead`): its whole answer depends only on the database,
   * the caller's view, the compat switches and its arguments, so a repeated call is answered with the kept answer,
   * its JSON-RPC id written in (kept-answers.ts). Never written in a unit.
   */
  readonly keptAnswer?: true
}

export interface ToolUnit<S extends TObject> extends Omit<ToolDeclaration<S>, 'result' | 'keptAnswer'> {
  /** Runs the tool on arguments that passed the input schema; a plan may take its time (layouts, renders). */
  readonly run: (context: ToolContext, args: Static<S>) => ToolOutput | Promise<ToolOutput>
}

/** Arguments the input schema refused: the message says what to change. */
export interface ArgumentsRefused { refused: string }

/** A unit as the endpoint holds it: its declaration, and a call that checks the arguments before running it. */
export interface ToolEntry {
  readonly declaration: ToolDeclaration
  call (context: ToolContext, args: Record<string, unknown>): Promise<ToolOutput | ArgumentsRefused>
}

/** `sceneId (required), query, limit`: what a tool takes, for messages that say how to fix a call. */
export function argumentList ({ inputSchema }: ToolDeclaration): string {
  const required = new Set(inputSchema.required ?? [])
  const names = Object.keys(inputSchema.properties).map((name) => required.has(name) ? `${name} (required)` : name)
  return names.length === 0 ? 'no arguments' : names.join(', ')
}

/**
 * The entry of one unit. Arguments follow the caller's `unknownFields` switch as REST bodies do: `reject` refuses
 * an argument the schema does not declare, `strip` drops it first. The validator is compiled on the first call.
 */
export function defineTool<S extends TObject> (unit: ToolUnit<S>): ToolEntry {
  let validate: ValidateFunction<Static<S>> | undefined
  return {
    declaration: unit,
    async call (context, args) {
      if (context.op.compat.unknownFields === 'strip') stripUnknown(unit.inputSchema, args)
      validate ??= compileStrict<Static<S>>(unit.inputSchema)
      if (!validate(args)) {
        const problem = formatSchemaErrors(validate.errors ?? [], 'arguments', unit.inputSchema).message
        return { refused: `${problem}. ${unit.name} takes ${argumentList(unit)}` }
      }
      return await unit.run(context, args)
    }
  }
}
