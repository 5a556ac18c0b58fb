// Process entry: loadConfig(process.env) → buildApp → listen; prints the URL and demo keys; closes gracefully.
// The only file that calls listen() or process.exit() (DESIGN §2).
import closeWithGrace from 'close-with-grace'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.js'
import { ConfigError, loadConfig, type Config } from './config.js'
import { FixtureError } from './services/fixtures.js'

/** Lines printed at start-up: where the emulator listens and which keys the loaded fixtures hold. */
export function startupBanner (app: FastifyInstance, url: string): string {
  const lines = [`drawing-api-emulator ${app.emulatorVersion} listening at ${url}`,
    `  API:     ${url}/api/v1   (OpenAPI at ${url}/docs)`,
    `  Health:  ${url}/_emulator/health`,
    `  Fixtures: ${app.fixtures.dir}`,
    `  Database: ${app.config.dbPath}`]
  for (const ws of app.fixtures.workspaces) {
    lines.push(`  Workspace "${ws.workspace.name}" (${ws.workspace.id}) keys:`)
    for (const key of ws.keys) lines.push(`    ${key.secret.padEnd(20)} ${key.label ?? `${key.kind} ${key.permission}`}`)
  }
  return lines.join('\n')
}

async function main (config: Config): Promise<void> {
  const app = await buildApp({ config })
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error')
    else if (signal) app.log.info(`received ${signal}, closing`)
    await app.close()
  })
  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  console.log(startupBanner(app, `http://${host}:${port}`))
}

try {
  await main(loadConfig(process.env))
} catch (error) {
  if (error instanceof ConfigError || error instanceof FixtureError) {
    console.error(`drawing-api-emulator: ${error.message}`)
  } else {
    console.error('drawing-api-emulator: failed to start:', error)
  }
  process.exit(1)
}
