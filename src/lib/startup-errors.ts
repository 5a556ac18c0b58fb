// Start-up failures as the one line docs/configuration.md promises, naming the setting to change; null for
// anything unforeseen, which server.ts prints as one line with its message.
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { settingOf } from '../config/settings.js'
import type { Config } from '../config/types.js'
import { describeVariable } from '../config/variables.js'

type ListenSettings = Pick<Config, 'port' | 'host' | 'dbPath'>

/** The settings' variables, named from their rows as every error names them: `PORT (--port)`. */
const PORT = settingOf('port').env
const NAMED = { port: describeVariable(PORT), host: describeVariable(settingOf('host').env), db: describeVariable(settingOf('dbPath').env) }

function databaseProblem (dbPath: string): string {
  const folder = dirname(resolve(dbPath))
  if (!existsSync(folder)) return `the folder ${folder} does not exist: create it, or point ${NAMED.db} elsewhere`
  const uid = typeof process.getuid === 'function' ? ` (uid ${process.getuid()})` : ''
  return `the folder ${folder} is not writable by this user${uid}: in the container the node user (uid 1000) must be able to write it`
}

export function startupErrorLine (error: unknown, settings: ListenSettings): string | null {
  const { code, message } = error as { code?: string, message?: string }
  if (code === 'EADDRINUSE') {
    return `port ${settings.port} on ${settings.host} is already in use: stop what holds it, or set ${NAMED.port} to another port (${PORT}=0 picks a free one)`
  }
  if (code === 'EACCES' && message?.includes('listen')) {
    return `cannot listen on port ${settings.port}: permission denied (ports below 1024 need privileges); set ${NAMED.port} to 1024 or above`
  }
  if (code === 'EADDRNOTAVAIL') return `cannot listen on ${settings.host}: no such address on this machine; set ${NAMED.host}, e.g. 127.0.0.1 or 0.0.0.0`
  // A HOST that is not an IP address is looked up as a name first; one that does not resolve fails the lookup.
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL') {
    return `cannot listen on ${settings.host}: ${NAMED.host} is not an address of this machine, nor a name that resolves to one; set it to 127.0.0.1 (this machine only), 0.0.0.0 (every interface, e.g. in a container) or one of this machine's addresses`
  }
  if (settings.dbPath === ':memory:') return null
  const database = `${NAMED.db} ${settings.dbPath}`
  if (code === 'SQLITE_NOTADB' || code?.startsWith('SQLITE_CORRUPT') === true) {
    return `${database} is not an SQLite database, or is damaged: remove it (the next start makes a new one from the fixtures), or point ${NAMED.db} elsewhere`
  }
  if (code?.startsWith('SQLITE_BUSY') === true || code?.startsWith('SQLITE_LOCKED') === true) {
    return `${database} is locked by another process (another emulator on the same file?): stop it, or point ${NAMED.db} elsewhere`
  }
  const isDatabase = typeof code === 'string' ? code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_READONLY' : /Cannot open database/.test(message ?? '')
  if (isDatabase) return `cannot open ${database}: ${databaseProblem(settings.dbPath)}`
  return null
}
