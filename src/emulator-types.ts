// The package's public types for the app and a running emulator, written without Fastify's: a consumer type-checks
// them (skipLibCheck false) with nothing but the package and @types/node installed. The app is a Fastify instance;
// index.ts checks that it is assignable to EmulatorApp, so these describe what it really is.
import type { IncomingHttpHeaders, OutgoingHttpHeaders, Server } from 'node:http'
import type { ConfigOptions } from './config/types.js'
import type { HarnessHelpers } from './harness-client-types.js'
import type { Clock } from './lib/clock.js'
import type { IdFactory } from './lib/ids.js'
import type { ShadowSource } from './schemas/shadow-report.js'

export interface BuildOptions {
  /** Settings; anything missing takes its default (see config/settings.ts). */
  config?: ConfigOptions
  /** Clock seam; defaults to real time, or to a fixed clock when config.clockStart is set. */
  clock?: Clock
  /** Id seam; defaults to random ids, or seeded ids when config.seed is set. */
  ids?: IdFactory
  /** Set by `drawing-api-emulator shadow` on its shadow side: the report /_emulator/shadow and the demo page show. */
  shadow?: ShadowSource
}

/** A request sent through the app without a socket (Fastify's inject, light-my-request's options). */
export interface InjectRequest {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'
  /** Path and query, e.g. `/api/v1/collections?limit=5`. */
  url: string
  headers?: IncomingHttpHeaders | OutgoingHttpHeaders
  query?: string | Record<string, string | string[]>
  /** A string or Buffer is sent as it is; an object as JSON (content-type application/json). */
  payload?: string | Buffer | object
  remoteAddress?: string
}

/** The answer to an injected request. */
export interface InjectResponse {
  statusCode: number
  statusMessage: string
  headers: OutgoingHttpHeaders
  /** The body as text (same as `payload`). */
  body: string
  payload: string
  rawPayload: Buffer
  /** The body parsed as JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- light-my-request's own signature: a test reads fields without casting
  json: <T = any>() => T
}

/**
 * The emulator's app: a Fastify instance, described here by what a test suite uses (with fastify installed, cast it
 * to its FastifyInstance for the rest).
 */
export interface EmulatorApp {
  /** Sends a request through the app's routes and hooks without a socket. */
  inject (request: InjectRequest | string): Promise<InjectResponse>
  /** Starts listening (port 0: a free one); resolves with the address, e.g. http://127.0.0.1:53211. */
  listen (options?: { port?: number, host?: string }): Promise<string>
  /** Resolves once every plugin is loaded (inject waits for it itself). */
  ready (): PromiseLike<unknown>
  /** Stops listening and closes the database. */
  close (): PromiseLike<unknown>
  /** The HTTP server (listening after listen()). */
  readonly server: Server
}

/** Settings mirror the environment variables (see docs/configuration.md); in-process defaults: a free port, no logs. */
export type EmulatorOptions = ConfigOptions & Pick<BuildOptions, 'clock' | 'ids' | 'shadow'>

/**
 * Keys of the first fixture workspace (the bundled sets have all three). Reading one the fixtures do not have
 * throws an Error naming it, rather than handing a test `undefined` to send.
 */
export interface DemoKeys {
  /** A full workspace key of the first fixture workspace. */
  readonly full: string
  /** A read-only workspace key. */
  readonly read: string
  /** A personal key of an admin (sees the virtual `private` collection). */
  readonly personal: string
}

export interface RunningEmulator extends HarnessHelpers {
  /** Origin, e.g. http://127.0.0.1:53211 (clients that append /api/v1 themselves want this). */
  url: string
  /** Base of the public API: `${url}/api/v1`. */
  apiUrl: string
  keys: DemoKeys
  workspace: { id: string, name: string }
  app: EmulatorApp
  close (): Promise<void>
}
