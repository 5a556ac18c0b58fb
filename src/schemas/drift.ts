// Schemas of the drift control routes under /_emulator/drift (settings, kinds, ledger); admin API only.
import { Type, type Static } from 'typebox'

const KindName = Type.String({ minLength: 1, description: 'A drift kind (GET /_emulator/drift/kinds)' })
const Rate = Type.Number({ minimum: 0, maximum: 1, description: 'Share of eligible responses perturbed, 0..1' })

export const DriftSettingsSchema = Type.Object({
  enabled: Type.Boolean({ description: 'Random drift on every eligible /api/v1 response (forcing works either way)' }),
  seed: Type.Integer({ description: 'Seed of the global stream' }),
  rate: Rate,
  kinds: Type.Array(KindName, { description: 'Kinds random drift draws from, in catalogue order' })
}, { additionalProperties: false })
export type DriftSettingsBody = Static<typeof DriftSettingsSchema>

export const PutDriftBodySchema = Type.Object({
  enabled: Type.Optional(Type.Boolean()),
  seed: Type.Optional(Type.Integer()),
  rate: Type.Optional(Rate),
  kinds: Type.Optional(Type.Union([Type.Array(KindName, { minItems: 1 }), Type.Null()], { description: 'null: every kind' }))
}, { additionalProperties: false })
export type PutDriftBody = Static<typeof PutDriftBodySchema>

export const DriftKindInfoSchema = Type.Object({
  name: KindName,
  breaking: Type.Boolean({ description: 'Whether a client validating against the published contract breaks on it' }),
  description: Type.String()
}, { additionalProperties: false })

export const DriftKindListSchema = Type.Object({ kinds: Type.Array(DriftKindInfoSchema) }, { additionalProperties: false })

const countProperties = {
  eligible: Type.Integer({ minimum: 0, description: 'Responses drift considered' }),
  perturbed: Type.Integer({ minimum: 0, description: 'Responses drift changed' }),
  byKind: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: 'Perturbed responses by kind' })
}

export const DriftCountsSchema = Type.Object(countProperties, { additionalProperties: false })

export const DriftLedgerSchema = Type.Object({
  ...countProperties,
  byRoute: Type.Record(Type.String(), DriftCountsSchema, { description: "Keyed 'GET /api/v1/scenes/{sceneId}'" })
}, { additionalProperties: false })
