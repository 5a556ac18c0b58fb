// The CLI's subcommands of this folder: `parity`, `import`, `learn` and `shadow`, with the console as their output.
import { parityCommand } from './command.js'
import type { Io } from './types.js'
import { importCommand } from './import/command.js'
import { learnCommand } from './learn/command.js'
import { shadowCommand } from './shadow/command.js'

export const SUBCOMMANDS = ['parity', 'import', 'learn', 'shadow'] as const
export type Subcommand = typeof SUBCOMMANDS[number]

export function consoleIo (version: string): Io {
  return { out: (text) => console.log(text), err: (text) => console.error(text), env: process.env, version }
}

/** Runs a subcommand; resolves with its exit code. */
export async function runSubcommand (name: Subcommand, argv: string[], io: Io): Promise<number> {
  if (name === 'learn') return await learnCommand(argv, io)
  if (name === 'shadow') return await shadowCommand(argv, io)
  return name === 'parity' ? await parityCommand(argv, io) : await importCommand(argv, io)
}
