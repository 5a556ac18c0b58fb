// Types of the drift core: what a kind sees (one outgoing response) and what it returns (layers/drift/README.md).
import type { Rng } from '../../lib/rng.js'

/** One outgoing /api/v1 response, after Fastify's serializer, as plain JSON. Never mutated by drift. */
export interface DriftContext {
  method: string
  /** Fastify route pattern, e.g. '/api/v1/scenes/:sceneId'. */
  route: string
  statusCode: number
  /** Parsed JSON; undefined when there is no body. */
  body: unknown
  /** JSON Schema of this route's response for this status, when known (optional vs required fields, enums). */
  schema?: unknown
  rng: Rng
}

export interface DriftResult {
  statusCode: number
  /** undefined = send no body (only the 204 case). */
  body: unknown
  /** Headers to add to the response (besides X-Emulator-Drift, which the caller builds from `changes`). */
  headers: Record<string, string>
  /** Headers to remove from the response (lower-case names): a drift profile learned the target does not send them. */
  removedHeaders?: string[]
  /** One '<kind> <JSON pointer>' per change; a change of the whole response is just '<kind>'. */
  changes: string[]
}

export interface DriftKind {
  readonly name: string
  /** One line, for the admin API and the docs. */
  readonly description: string
  /** True when a strict client validating against the published contract would break on it. */
  readonly breaking: boolean
  /** Cheap and side-effect free: never draws from ctx.rng. */
  appliesTo(ctx: DriftContext): boolean
  /** Pure: works on a clone of ctx.body. Returns null when there is nothing to change. */
  apply(ctx: DriftContext): DriftResult | null
}
