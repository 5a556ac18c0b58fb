// Shared schema pieces: the error envelope, paging, timestamps, ids and the empty delete answer.
import { Type, type Static, type TSchema } from 'typebox'

export const MAX_SAFE_INTEGER = 9007199254740991

/**
 * Route-schema key for bodies the reference leaves optional: plugins/openapi.ts treats a missing body as `{}`
 * and publishes the body as not required. Kept here so routes, admin schemas and the plugin share one name.
 */
export const OPTIONAL_BODY = 'x-optional-body'

/**
 * ISO-8601 UTC ending in Z (seconds and fractions optional), with the reference's own pattern, as
 * it publishes it on collection, workspace and user timestamps.
 */
export const UTC_DATE_TIME_PATTERN = '^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29' +
  '|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))' +
  'T(?:(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?(?:Z))$'
export const DateTimeSchema = Type.String({ format: 'date-time', pattern: UTC_DATE_TIME_PATTERN })

export const NullableSchema = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/** The closed three-key envelope of every declared error. */
export const errorEnvelope = (statusCode: 400 | 401 | 403 | 404, error: string) => Type.Object({
  statusCode: Type.Number({ enum: [statusCode] }),
  error: Type.String({ enum: [error] }),
  message: Type.String()
}, { additionalProperties: false })

export const BadRequestSchema = errorEnvelope(400, 'Bad Request')
export const UnauthorizedSchema = errorEnvelope(401, 'Unauthorized')
export const ForbiddenSchema = errorEnvelope(403, 'Forbidden')
export const NotFoundSchema = errorEnvelope(404, 'Not Found')

const ERROR_SCHEMAS = { 400: BadRequestSchema, 401: UnauthorizedSchema, 403: ForbiddenSchema, 404: NotFoundSchema }

/** The response map of a route: its 200 schema plus the error statuses the reference declares for it. */
export function responses<T extends TSchema> (ok: T, ...errors: Array<keyof typeof ERROR_SCHEMAS>) {
  const map: Record<number, TSchema> = { 200: ok }
  for (const status of errors) map[status] = ERROR_SCHEMAS[status]
  return map
}

/** `DELETE` answers 200 with `{}`: an object that admits no property. */
export const EmptyObjectSchema = Type.Object({}, { additionalProperties: false })

export const PaginationQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'The number of items to return per page.' })),
  offset: Type.Optional(Type.Integer({
    minimum: 0, maximum: MAX_SAFE_INTEGER, description: 'The number of items to skip before starting to collect the result set.'
  }))
})
export type PaginationQuery = Static<typeof PaginationQuerySchema>

/** The offset envelope `{limit, offset, hasNextPage, data}`. */
export const paginated = <T extends TSchema>(item: T) => Type.Object({
  limit: Type.Number(),
  offset: Type.Number(),
  hasNextPage: Type.Boolean(),
  data: Type.Array(item)
}, { additionalProperties: false })

export interface Page<T> { limit: number, offset: number, hasNextPage: boolean, data: T[] }
