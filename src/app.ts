// buildApp(config): the composition root, from a finished Config. Never listens and never reads process.env.
// Order: runtime seams → control state → the database (harness/boot.ts: fixtures loaded, seeded or continued) →
// renderer → error handler → request guard and log → JSON bodies → OpenAPI → /api/v1 → /_emulator (registerEverything).
import { readFileSync } from 'node:fs'
import Fastify, { LogController, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Config } from './config/index.js'
import { createClock } from './lib/clock.js'
import { createIdFactory } from './lib/ids.js'
import errorHandler, { clientErrorHandler, frameworkErrors } from './plugins/error-handler.js'
import requestGuard from './plugins/request-guard.js'
import requestLog from './plugins/request-log.js'
import jsonBody from './plugins/json-body.js'
import { createTextLog, type TextLog } from './lib/text-log.js'
import { redactUrl } from './lib/redact.js'
import openapi from './plugins/openapi.js'
import runtime from './plugins/runtime.js'
import control from './layers/control.js'
import stores from './plugins/stores.js'
import renderer from './plugins/renderer.js'
import { createSerializerCompiler, createValidatorCompiler, type SerializerTable, type ValidatorTable } from './plugins/validation.js'
import { formatSchemaErrors } from './lib/schema-errors.js'
import { prepareDatabase } from './harness/boot.js'
import { API_PREFIX } from './lib/routes.js'
import publicApi from './api/v1/index.js'
import admin from './admin/index.js'
import { faviconIco } from './admin/ui/favicon.js'
import { addRouteFiles } from './lib/route-file.js'
import type { BuildOptions } from './emulator-types.js'

export type { BuildOptions }

/** The seams and sources buildApp takes beside the settings. */
/**
 * BuildOptions' seams, and the build's compiled tables (plugins/validation.ts; not in the package's BuildOptions: only
 * tests replace them, with empty ones, to run the sources' own compile).
 */
export type AppSeams = Omit<BuildOptions, 'config'> & { compiledTables?: { validators: ValidatorTable, serializers: SerializerTable } }

const PACKAGE_VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version

async function registerEverything (app: FastifyInstance, config: Config, options: AppSeams, textLog?: TextLog): Promise<void> {
  await app.register(runtime, {
    config,
    clock: options.clock ?? createClock(config.clockStart),
    ids: options.ids ?? createIdFactory(config.seed)
  })
  await app.register(control)
  const { fixtures, db, stores: built, start, image } = prepareDatabase(config, app.ids)
  // Says whether the build's image was opened: scripts/check-package.sh checks an installed package does.
  app.log.debug(`database: ${start}${image === undefined ? '' : image === 'build' ? ' from the build\'s image' : ' from an image kept by this process'}`)
  app.decorate('fixtures', fixtures)
  await app.register(stores, { db, stores: built })
  // A kept read answer may depend on a switch, and a switch change writes no row: it empties the read cache itself.
  app.control.compat.onChange(() => app.stores.readCache.clear())
  await app.register(renderer)
  await app.register(errorHandler)
  await app.register(requestGuard)
  await app.register(requestLog, { textLog })
  // Every scope parses JSON bodies depth-bounded; the admin scope swaps in its lenient variant (admin/harness.ts).
  await app.register(jsonBody)
  await app.register(openapi)
  await app.register(publicApi, { prefix: API_PREFIX })
  await app.register(admin, { prefix: '/_emulator' })
  await addRouteFiles(app, [faviconIco])
}

/** pino at the configured level; in text mode its JSON lines go through lib/text-log.ts. */
function loggerOptions (config: Config, textLog: TextLog | undefined) {
  if (config.logLevel === 'silent') return false
  const base = { level: config.logLevel, serializers: { req: requestLogFields } }
  return textLog === undefined ? base : { ...base, stream: textLog.stream }
}

/** Fastify's default request log fields, with secret query parameters redacted (clients put keys in query strings). */
function requestLogFields (request: FastifyRequest): Record<string, unknown> {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort }
}

/** As long as Node's own 16 KiB header limit lets a request line be: any id that arrives is routed, never 414. */
const MAX_PATH_PARAM_LENGTH = 16 * 1024

/**
 * Node checks request timeouts on an interval (30 s by default) and applies its 60 s headers timeout even when the
 * request timeout is shorter: both follow EMULATOR_REQUEST_TIMEOUT_MS so a short one holds.
 */
function nodeServerTimeouts (requestTimeoutMs: number) {
  if (requestTimeoutMs === 0) return {}
  return {
    connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(requestTimeoutMs / 4))),
    headersTimeout: Math.min(60_000, requestTimeoutMs)
  }
}

/**
 * The emulator's validator and serializer compilers (plugins/validation.ts) as the server's own from the start, as
 * setValidatorCompiler would install them: given none, Fastify would load its default ones (ajv-compiler with ajv's
 * JTD engine, fast-json-stringify-compiler) at every start only to replace them.
 */
function ownCompilers (tables: AppSeams['compiledTables']): NonNullable<FastifyServerOptions['schemaController']> {
  const validator = createValidatorCompiler(tables?.validators)
  const serializer = createSerializerCompiler(tables?.serializers)
  // Fastify types the factories after its default compilers' own signatures; it calls the compilers they return
  // exactly as the ones setValidatorCompiler and setSerializerCompiler take.
  type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>
  return { compilersFactory: { buildValidator: () => validator, buildSerializer: () => serializer } as unknown as Factories }
}

/** The app for a finished Config (loadConfig or resolveConfig made it); the package's buildApp resolves partial ones. */
export async function buildApp (config: Config, options: AppSeams = {}): Promise<FastifyInstance> {
  const textLog = config.logLevel !== 'silent' && config.logFormat === 'text' ? createTextLog() : undefined
  const app = Fastify({
    logger: loggerOptions(config, textLog),
    // plugins/request-log.ts writes one line per completed request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    requestTimeout: config.requestTimeoutMs,
    // Long path ids reach auth (401) and then the lookup (404) instead of the router's 414.
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    http: nodeServerTimeouts(config.requestTimeoutMs),
    schemaErrorFormatter: formatSchemaErrors,
    frameworkErrors,
    clientErrorHandler,
    schemaController: ownCompilers(options.compiledTables)
  }).withTypeProvider<TypeBoxTypeProvider>()
  app.decorate('emulatorVersion', PACKAGE_VERSION)
  app.decorate('shadowSource', options.shadow)

  // The last lines before a stop (the signal's) must reach stdout before close-with-grace's process.exit.
  if (textLog !== undefined) app.addHook('onClose', async () => textLog.flush())
  try {
    await registerEverything(app, config, options, textLog)
  } catch (error) {
    // A plugin that fails at boot (a bad drift kind, say) must not leave the database open in-process.
    await app.close()
    throw error
  }
  return app
}
