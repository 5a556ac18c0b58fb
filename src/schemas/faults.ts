// Control-API schemas of fault injection (/_emulator/faults).
// Not part of the public API: these routes carry no tags, so they stay out of the OpenAPI document.
import { Type, type Static } from 'typebox'
import { NullableSchema as Nullable } from './common.js'

/** 500/502/503: the service's JSON envelope; html: a 503 with an HTML page; drop: the socket is destroyed;
 *  slow: the real body trickled out; latency: a delay only. */
export const FAULT_KINDS = [500, 502, 503, 'html', 'drop', 'slow', 'latency'] as const
export type FaultKind = typeof FAULT_KINDS[number]
export const FAULT_PHASES = ['before', 'after'] as const
export type FaultPhase = typeof FAULT_PHASES[number]

const Delay = Type.Integer({ minimum: 0, maximum: 600_000 })

export const FaultRuleBodySchema = Type.Object({
  method: Type.Optional(Type.String({ minLength: 1, description: 'HTTP method, or * (the default) for any' })),
  path: Type.String({ minLength: 1, description: 'Route pattern without /api/v1: /scenes/{sceneId}, /scenes/*, /collections/**' }),
  fault: Type.Enum(FAULT_KINDS),
  probability: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Chance of firing on a matching request; default 1' })),
  count: Type.Optional(Type.Integer({ minimum: 1, description: 'Firings before the rule goes quiet; unlimited when absent' })),
  phase: Type.Optional(Type.Enum(FAULT_PHASES)),
  delayMs: Type.Optional(Delay)
}, { additionalProperties: false })

/** PUT replaces every setting: a field left out goes back to its start-up value (EMULATOR_* / config). */
export const PutFaultsBodySchema = Type.Object({
  seed: Type.Optional(Type.Integer()),
  latencyMs: Type.Optional(Delay),
  latencyJitterMs: Type.Optional(Delay),
  faultRate: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  faultStatus: Type.Optional(Type.Enum([500, 502, 503])),
  rules: Type.Optional(Type.Array(FaultRuleBodySchema, { maxItems: 100 }))
}, { additionalProperties: false })
export type PutFaultsBody = Static<typeof PutFaultsBodySchema>

export const FaultRuleViewSchema = Type.Object({
  index: Type.Integer(),
  method: Type.String(),
  path: Type.String(),
  fault: Type.Enum(FAULT_KINDS),
  probability: Type.Number(),
  phase: Type.Enum(FAULT_PHASES),
  delayMs: Nullable(Type.Integer()),
  remaining: Nullable(Type.Integer()),
  fired: Type.Integer()
}, { additionalProperties: false })

export const FaultSettingsSchema = Type.Object({
  seed: Type.Integer(),
  latencyMs: Type.Integer(),
  latencyJitterMs: Type.Integer(),
  faultRate: Type.Number(),
  faultStatus: Type.Enum([500, 502, 503]),
  rules: Type.Array(FaultRuleViewSchema)
}, { additionalProperties: false })
export type FaultSettings = Static<typeof FaultSettingsSchema>
