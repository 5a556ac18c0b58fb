// Process entry: loadConfig(process.env) → listen; prints the URL and demo keys; closes gracefully on
// SIGTERM/SIGINT (in-flight requests finish, the database closes). The only file that calls process.exit().
import closeWithGrace from 'close-with-grace'
import type { FastifyInstance } from 'fastify'
import { ConfigError, loadConfig, unknownVariableWarnings, type Config } from './config/index.js'
import { startupErrorLine } from './lib/startup-errors.js'
import { stopWhenOrphaned } from './lib/parent-watch.js'
import { listenEmulator } from './emulator.js'
import { FixtureError } from './harness/fixtures.js'

/** How long in-flight requests get to finish after a signal before the process exits anyway. */
const CLOSE_GRACE_MS = 10_000

/** Lines printed at start-up: where the emulator listens and which keys the loaded fixtures hold. */
export function startupBanner (app: FastifyInstance, url: string): string {
  const lines = [`drawing-api-emulator ${app.emulatorVersion} listening at ${url}`,
    `  Demo:     ${url}/_emulator/ui   (the workspaces as drawings, the live request journal, drift and faults)`,
    `  API:      ${url}/api/v1   (OpenAPI at ${url}/docs; MCP at ${url}/api/v1/mcp)`,
    `  Admin:    ${url}/_emulator   (health at ${url}/_emulator/health, OpenAPI at ${url}/_emulator/docs/json)`,
    `  Fixtures: ${app.fixtures.dir}`,
    `  Database: ${app.config.dbPath}`]
  const profile = app.control.drift.profile
  if (profile !== undefined) lines.push(`  Drift profile: ${app.config.driftProfile ?? ''} (${profile.operations.length} operations answer in the shape it learned)`)
  for (const ws of app.fixtures.workspaces) {
    lines.push(`  Workspace "${ws.workspace.name}" (${ws.workspace.id}) keys:`)
    for (const key of ws.keys) lines.push(`    ${key.secret.padEnd(20)} ${key.label ?? `${key.kind} ${key.permission}`}`)
  }
  return lines.join('\n')
}

/** An error's name and message, on one line. */
function oneLine (error: unknown): string {
  const text = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error)
  return text.replace(/\s*\n\s*/g, ' ')
}

let config: Config | undefined
try {
  config = loadConfig(process.env)
  for (const warning of unknownVariableWarnings(process.env)) console.warn(`drawing-api-emulator: ${warning}`)
  const emulator = await listenEmulator(config)
  closeWithGrace({ delay: CLOSE_GRACE_MS }, async ({ signal, err }) => {
    if (err) emulator.app.log.error({ err }, 'closing after an error')
    else if (signal) emulator.app.log.info(`received ${signal}, closing`)
    // A keep-alive connection whose request was in flight stays open once answered (Node closes idle ones only when
    // the close starts) and held the close for the whole grace, then exit 1: close each as soon as it is idle.
    const idle = setInterval(() => emulator.app.server.closeIdleConnections(), 100)
    try {
      await emulator.close()
    } finally {
      clearInterval(idle)
    }
  })
  stopWhenOrphaned(process.env, (signal) => process.kill(process.pid, signal))
  console.log(startupBanner(emulator.app, emulator.url))
} catch (error) {
  const line = config === undefined ? null : startupErrorLine(error, config)
  if (error instanceof ConfigError || error instanceof FixtureError) {
    console.error(`drawing-api-emulator: ${error.message}`)
  } else if (line !== null) {
    console.error(`drawing-api-emulator: ${line}`)
  } else {
    // One line whatever failed; the stack only when asked for (LOG_LEVEL=debug or trace).
    console.error(`drawing-api-emulator: failed to start: ${oneLine(error)}`)
    if (config?.logLevel === 'debug' || config?.logLevel === 'trace') console.error(error)
  }
  process.exit(1)
}
