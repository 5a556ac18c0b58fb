#!/usr/bin/env node
// `drawing-api-emulator [options]`: turns flags into their environment twins, then runs the server entry.
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { CLI_OPTIONS, helpText } from './cli-options.js'

const VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version

function parse (argv: string[]) {
  const options = Object.fromEntries(CLI_OPTIONS.map((o) => [o.flag, { type: o.takesValue ? 'string' : 'boolean' } as const]))
  return parseArgs({ args: argv, options: { ...options, help: { type: 'boolean' }, version: { type: 'boolean' } }, strict: true, allowPositionals: false })
}

let parsed: ReturnType<typeof parse> | undefined
try {
  parsed = parse(process.argv.slice(2))
} catch (error) {
  console.error(`drawing-api-emulator: ${(error as Error).message}\nSee drawing-api-emulator --help`)
  process.exitCode = 2
}

if (parsed?.values.help) {
  console.log(helpText(VERSION))
} else if (parsed?.values.version) {
  console.log(VERSION)
} else if (parsed) {
  const values = parsed.values as Record<string, string | boolean | undefined>
  for (const option of CLI_OPTIONS) {
    const value = values[option.flag]
    if (value !== undefined) process.env[option.env] = value === true ? 'on' : String(value)
  }
  await import('./server.js')
}
