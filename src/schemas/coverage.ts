// Control-API schemas of the failure coverage (/_emulator/coverage): per operation, what its answers were.
import { Type, type Static } from 'typebox'

/** '200', '429', 'drop', 'slow', 'drift:rename-field', 'learned': what a client received, as the coverage names it. */
export const OUTCOME_PATTERN = '^([1-5][0-9][0-9]|drop|slow|learned|drift:[a-z0-9-]+)$'
/** What a check may ask for: an outcome, or `drift` (any drift kind). */
export const REQUIRED_OUTCOME_PATTERN = '^([1-5][0-9][0-9]|drop|slow|learned|drift|drift:[a-z0-9-]+)$'

/** Statuses in number order, then `drop`, `slow`, the drift kinds and `learned`: the order answers, the report and the page list them. */
export function compareOutcomes (a: string, b: string): number {
  const rank = (outcome: string): string => /^\d/.test(outcome) ? `0${outcome}` : outcome === 'drop' ? '1' : outcome === 'slow' ? '2' : outcome === 'learned' ? '4' : `3${outcome}`
  const [x, y] = [rank(a), rank(b)]
  return x < y ? -1 : x > y ? 1 : 0
}

export const OperationCoverageSchema = Type.Object({
  operation: Type.String({ description: "'GET /api/v1/scenes/{sceneId}', or 'mcp <tool>' for an MCP tool call" }),
  calls: Type.Integer({ minimum: 0, description: 'Answers counted (a dropped connection is one; a client that went away first is none)' }),
  outcomes: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), {
    description: "Answers by outcome: the status ('200', '429'), 'drop', 'slow', 'drift:<kind>', 'learned'; one answer may count under several"
  }),
  notApplicable: Type.Optional(Type.Array(Type.String(), {
    description: "The sweep's drifts ('drift', 'drift:<kind>') that changed nothing in a success of this operation: a check does not ask for them. " +
      'Absent when none'
  }))
}, { additionalProperties: false })
export type OperationCoverage = Static<typeof OperationCoverageSchema>

export const CoverageSchema = Type.Object({
  operations: Type.Array(OperationCoverageSchema, { description: 'Sorted by operation' })
}, { additionalProperties: false })
export type Coverage = Static<typeof CoverageSchema>

export const CoverageQuerySchema = Type.Object({
  workspaceId: Type.Optional(Type.String({ minLength: 1, description: 'Only the answers to this workspace\'s keys' }))
}, { additionalProperties: false })
export type CoverageQuery = Static<typeof CoverageQuerySchema>

export const CoverageCheckBodySchema = Type.Object({
  operations: Type.Union([
    Type.Literal('called'),
    // No minItems: routes.ts says an empty list is empty (a union's error would say 'must be string').
    Type.Array(Type.String({ minLength: 1, maxLength: 1000 }), { maxItems: 1000 })
  ], {
    description: "'called': every operation answered at least once to a valid key on a route the emulator has; " +
      'or the operations to check, as GET /_emulator/coverage names them'
  }),
  outcomes: Type.Array(Type.String({ pattern: REQUIRED_OUTCOME_PATTERN }), {
    minItems: 1, maxItems: 100, description: "Outcomes each operation must have received; 'drift' matches any 'drift:<kind>'"
  }),
  workspaceId: Type.Optional(Type.String({ minLength: 1, description: 'Check only the answers to this workspace\'s keys' }))
}, { additionalProperties: false })
export type CoverageCheckBody = Static<typeof CoverageCheckBodySchema>

/** The operation of a `'called'` check's gaps when nothing was called: the gate checked nothing, so it must not pass. */
export const NONE_CALLED = '(none called)'

export const CoverageGapSchema = Type.Object({
  operation: Type.String(),
  outcome: Type.String()
}, { additionalProperties: false })
export type CoverageGap = Static<typeof CoverageGapSchema>

export const CoverageCheckSchema = Type.Object({
  ok: Type.Boolean({ description: 'True when there is no gap' }),
  gaps: Type.Array(CoverageGapSchema, { description: 'Each operation and outcome it never received, in operation order' })
}, { additionalProperties: false })
export type CoverageCheck = Static<typeof CoverageCheckSchema>

export const ClearedCoverageSchema = Type.Object({
  cleared: Type.Integer({ minimum: 0, description: 'Answers that were counted' })
}, { additionalProperties: false })
