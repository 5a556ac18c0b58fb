// The one error registry: every error the emulator answers with, by code, with its status and message text.
// plugins/error-handler.ts is the only writer of error bodies; everything else throws these.
import { API_PREFIX, guessRoute } from './lib/routes.js'

/** HTTP reason phrases used in the `error` field of the service's envelope. */
export const REASON: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable'
}

type Template = (...args: never[]) => string

function entry<T extends Template> (statusCode: number, message: T): { statusCode: number, message: T } {
  return { statusCode, message }
}

// INFER: the real texts are unknown beyond a few observed fragments; these say
// what went wrong and how to fix it, in the same envelope. Observed texts are kept verbatim where known.
export const ERRORS = {
  EMU_BAD_REQUEST: entry(400, (detail: string) => detail),
  // Workspace, users, invites and logs (rules from the official CLI's README).
  EMU_LAST_ADMIN: entry(400, (verb: 'removed' | 'demoted') =>
    `The last admin of the workspace cannot be ${verb}: make another user admin first`),
  EMU_INVITE_NOT_PENDING: entry(400, (id: string, status: string, verb: 'revoked' | 'updated' | 'accepted' | 'rejected') =>
    `Invite ${id} is ${status}: only pending invites can be ${verb}`),
  EMU_INVITE_FIELD: entry(400, (type: 'email' | 'link', field: string) => type === 'email'
    ? `An email invite cannot change ${field}: maxUses and restrictedDomains apply to link invites only`
    : `A link invite cannot change ${field}: email applies to email invites only`),
  EMU_INVITE_EMAIL_REQUIRED: entry(400, () => 'An email invite needs an email: body/email cannot be null'),
  EMU_INVALID_INVITE_BODY: entry(400, (detail: string) =>
    `${detail} (expected an email invite {role, email} or a link invite {role, maxUses?, restrictedDomains?})`),
  EMU_INVALID_LOG_CURSOR: entry(400, (cursor: string) =>
    `querystring/cursor ${JSON.stringify(cursor)} is not a cursor: pass the nextCursor of a previous page`),
  EMU_INVALID_LOG_PAGE: entry(400, (page: string) => `querystring/page ${JSON.stringify(page)} must be a positive integer`),
  EMU_INVALID_LOG_DATE: entry(400, (name: string, value: string) =>
    `querystring/${name} ${JSON.stringify(value)} must be an ISO 8601 date (2024-01-31) or date-time (2024-01-31T12:00:00Z)`),
  // FIDELITY: the live service answers 500 to cursor + page; a 400 would be the sane answer.
  EMU_LOGS_CURSOR_AND_PAGE: entry(500, () =>
    'cursor and page cannot be used together: follow nextCursor (cursor mode) or ask for page numbers (page mode), not both'),
  EMU_MISSING_AUTH: entry(401, () => 'Missing Authorization header: send "Authorization: Bearer <api key>"'),
  EMU_MALFORMED_AUTH: entry(401, () => 'Malformed Authorization header: expected "Bearer <api key>"'),
  EMU_UNKNOWN_KEY: entry(401, () => 'Invalid API key'),
  EMU_REVOKED_KEY: entry(401, () => 'API key has been revoked'),
  EMU_EXPIRED_KEY: entry(401, (expiredAt: string) => `API key expired at ${expiredAt}`),
  EMU_FORBIDDEN_READ_KEY: entry(403, (method: string) => `Missing permission: this API key is read-only and cannot ${method}`),
  EMU_FORBIDDEN_ROUTE: entry(403, (route: string) => `Missing permission: this API key may not call ${route}`),
  EMU_FORBIDDEN_PRIVATE: entry(403, () => 'Workspace API keys cannot access private collections; use a personal API key'),
  EMU_FORBIDDEN_NOT_ADMIN: entry(403, () => 'Missing permission: this action needs a workspace admin'),
  // FIDELITY: the service sits behind its own domain; these guard a local process from web pages.
  EMU_FOREIGN_HOST: entry(403, (host: string) =>
    `Host "${host}" is not served: only loopback names, IP addresses and the bound host are, add it to EMULATOR_ALLOWED_HOSTS to serve it`),
  EMU_CROSS_SITE_ADMIN: entry(403, (method: string, path: string) =>
    `Cross-site request refused: ${method} ${path} changes emulator state and is only accepted from the emulator's own origin or from non-browser clients`),
  // Admin API only: /_emulator/shadow exists while `drawing-api-emulator shadow` runs this emulator as its shadow side.
  EMU_NOT_A_SHADOW: entry(404, () => 'This emulator is not a shadow: the report exists while `drawing-api-emulator shadow --target <url>` runs ' +
    '(see docs/parity.md, "Shadow your tests against the live service")'),
  EMU_NOT_FOUND: entry(404, (resource: string, id: string) => `${resource} ${id} not found`),
  EMU_ROUTE_NOT_FOUND: entry(404, (method: string, url: string) => `Route ${method}:${url} not found`),
  EMU_ROUTE_OUTSIDE_PREFIX: entry(404, (method: string, url: string, inside: string) =>
    `Route ${method}:${url} not found: the API is served under ${API_PREFIX}, try ${method} ${inside}`),
  EMU_ROUTE_NEAREST: entry(404, (method: string, url: string, nearest: string) =>
    `Route ${method}:${url} not found: the nearest route is ${method} ${nearest}`),
  // Bodies the service would not parse (INFER: it runs on the same kind of stack, so the same 415).
  EMU_UNSUPPORTED_MEDIA_TYPE: entry(415, (contentType: string | undefined) => contentType === undefined
    ? 'Missing Content-Type: send the body as JSON with "Content-Type: application/json"'
    : `Unsupported Media Type: ${contentType}: send the body as JSON with "Content-Type: application/json"`),
  // A body Fastify's text parser took (text/plain) fails the schema as a string; the schema's message is kept.
  EMU_BODY_AS_TEXT: entry(400, (schemaMessage: string, contentType: string) =>
    `${schemaMessage}: the body came as ${contentType}; send the body as JSON with "Content-Type: application/json"`),
  // Requests Node's HTTP parser refuses before any route runs; the connection is closed after the answer.
  EMU_CLIENT_BAD_REQUEST: entry(400, () => 'Bad Request: the request is not valid HTTP/1.1'),
  EMU_CLIENT_TIMEOUT: entry(408, (ms: number) => `Request Timeout: the request did not arrive in full within ${ms} ms (EMULATOR_REQUEST_TIMEOUT_MS)`),
  EMU_HEADERS_TOO_LARGE: entry(431, () => 'Request Header Fields Too Large: the request line and headers exceed 16 KiB'),
  // Admin API only, with EMULATOR_ADMIN_TOKEN set: the token, not an API key, opens it.
  EMU_ADMIN_TOKEN_MISSING: entry(401, () =>
    'This admin route needs the admin token: send "Authorization: Bearer <token>" with the EMULATOR_ADMIN_TOKEN value (API keys do not open the admin API)'),
  EMU_ADMIN_TOKEN_MALFORMED: entry(401, () => 'Malformed Authorization header: expected "Bearer <token>" with the EMULATOR_ADMIN_TOKEN value'),
  EMU_ADMIN_TOKEN_WRONG: entry(401, () => 'Wrong admin token: send the EMULATOR_ADMIN_TOKEN value (API keys do not open the admin API)'),
  // Admin API only: playing the invited person (POST /_emulator/invites/{inviteId}/accept|reject).
  EMU_INVITE_EMAIL_MISMATCH: entry(400, (id: string, email: string) => `Invite ${id} is for ${email}: accept it with that email, or leave email out`),
  EMU_INVITE_EMAIL_NEEDED: entry(400, (id: string) => `Invite ${id} is a link invite: body/email names the person who accepts it`),
  EMU_INVITE_DOMAIN: entry(400, (id: string, domains: string) => `Invite ${id} only admits emails of ${domains}`),
  EMU_INVITE_NOT_EMAIL: entry(400, (id: string) => `Invite ${id} is a link invite: only email invites can be rejected (a link is simply not used)`),
  EMU_ALREADY_MEMBER: entry(409, (email: string) => `${email} is already a member of this workspace`),
  // Admin API only: a workspace made by another process (a reused EMULATOR_DB file) has no creation state here.
  EMU_NO_BASELINE: entry(409, (workspaceId: string) => `Workspace ${workspaceId} was not created by this emulator process, so there is no creation state to reset it to; reset the whole emulator or restore a snapshot`),
  EMU_RATE_LIMITED: entry(429, (retryAfterSeconds: number) => `Rate limit exceeded, retry in ${retryAfterSeconds} seconds`),
  EMU_INTERNAL: entry(500, () => 'Internal Server Error'),
  EMU_BAD_GATEWAY: entry(502, () => 'Bad Gateway'),
  EMU_SERVICE_UNAVAILABLE: entry(503, () => 'Service Unavailable')
} as const

export type ErrorCode = keyof typeof ERRORS

export class EmulatorError extends Error {
  readonly statusCode: number
  readonly error: string
  readonly code: ErrorCode
  constructor (code: ErrorCode, statusCode: number, message: string) {
    super(message)
    this.code = code
    this.name = 'EmulatorError'
    this.statusCode = statusCode
    this.error = REASON[statusCode] ?? 'Error'
  }
}

/** Builds the registry error `code` with its message arguments. */
export function emulatorError<C extends ErrorCode> (
  code: C,
  ...args: Parameters<(typeof ERRORS)[C]['message']>
): EmulatorError {
  const { statusCode, message } = ERRORS[code]
  return new EmulatorError(code, statusCode, (message as (...a: unknown[]) => string)(...args))
}

/** Throws the registry error `code`; typed `never` so handlers read as guards. */
export function fail<C extends ErrorCode> (code: C, ...args: Parameters<(typeof ERRORS)[C]['message']>): never {
  throw emulatorError(code, ...args)
}

/** The 404 of a URL no route answers, naming the route the client most likely meant when one answers (guessRoute). */
export function routeNotFound (method: string, url: string, answers: (method: string, url: string) => boolean): EmulatorError {
  const guess = guessRoute(method, url, answers)
  if (guess === undefined) return emulatorError('EMU_ROUTE_NOT_FOUND', method, url)
  return guess.prefixWrong
    ? emulatorError('EMU_ROUTE_OUTSIDE_PREFIX', method, url, guess.inside)
    : emulatorError('EMU_ROUTE_NEAREST', method, url, guess.inside)
}
