// Control-API schemas of the rate limit (/_emulator/rate-limit).
// Not part of the public API: these routes carry no tags, so they stay out of the OpenAPI document.
import { Type, type Static } from 'typebox'

/** How X-RateLimit-Reset is written: seconds until the window resets, or the Unix time (seconds) it resets at. */
export const RESET_HEADER_MODES = ['seconds', 'epoch'] as const
export type ResetHeaderMode = typeof RESET_HEADER_MODES[number]

export const RateLimitSettingsSchema = Type.Object({
  limit: Type.Integer({ minimum: 0, description: 'Requests per key per window; 0 = off' }),
  windowMs: Type.Integer(),
  resetHeader: Type.Enum(RESET_HEADER_MODES)
}, { additionalProperties: false })
export type RateLimitSettings = Static<typeof RateLimitSettingsSchema>

export const PutRateLimitBodySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 0 })),
  resetHeader: Type.Optional(Type.Enum(RESET_HEADER_MODES))
}, { additionalProperties: false })
export type PutRateLimitBody = Static<typeof PutRateLimitBodySchema>
