#!/usr/bin/env node
// `drawing-api-emulator [options]`: turns flags into their environment twins, then runs the server entry.
// `drawing-api-emulator parity|import|learn|shadow …`: the subcommands of src/parity (loaded only when asked for).
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { CliOption } from './config/cli-options.js'
import { enableCompileCache } from './lib/compile-cache.js'
import { stopWhenOrphaned } from './lib/parent-watch.js'
import { growYoungGenerationFast } from './lib/young-generation.js'

const VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version

function parse (argv: string[], cliOptions: readonly CliOption[]) {
  const options = Object.fromEntries(cliOptions.map((o) => [o.flag, { type: o.takesValue ? 'string' : 'boolean' } as const]))
  return parseArgs({ args: argv, options: { ...options, help: { type: 'boolean' }, version: { type: 'boolean' } }, strict: true, allowPositionals: false })
}

async function serve (argv: string[]): Promise<void> {
  // Imported here, after enableCompileCache(): a static import is compiled before this module's first line runs.
  const { CLI_OPTIONS, helpText } = await import('./config/cli-options.js')
  let parsed: ReturnType<typeof parse> | undefined
  try {
    parsed = parse(argv, CLI_OPTIONS)
  } catch (error) {
    console.error(`drawing-api-emulator: ${(error as Error).message}\nSee drawing-api-emulator --help`)
    process.exitCode = 2
    return
  }
  if (parsed.values.help) return console.log(helpText(VERSION))
  if (parsed.values.version) return console.log(VERSION)
  const values = parsed.values as Record<string, string | boolean | undefined>
  for (const option of CLI_OPTIONS) {
    const value = values[option.flag]
    if (value !== undefined) process.env[option.env] = value === true ? 'on' : String(value)
  }
  await import('./server.js')
}

// Before anything sizeable is allocated: the bin lacks npm start's semi-space options (lib/young-generation.ts).
growYoungGenerationFast()
// Before the server or a subcommand is imported: what they load is compiled once, then read from the cache.
enableCompileCache()
const [first, ...rest] = process.argv.slice(2)
if (first === 'parity' || first === 'import' || first === 'learn' || first === 'shadow') {
  // Under npx a shell stands between npm and this process and keeps npm's SIGINT and SIGTERM from it: the watch
  // raises them here, so the subcommand stops (and writes its report) as if it had got them.
  stopWhenOrphaned(process.env, (signal) => process.kill(process.pid, signal))
  const { consoleIo, runSubcommand } = await import('./parity/cli.js')
  // exit() rather than exitCode: keep-alive sockets of the run must not hold the process open.
  process.exit(await runSubcommand(first, rest, consoleIo(VERSION)))
} else {
  await serve(process.argv.slice(2))
}
