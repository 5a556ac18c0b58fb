// Start-up failures as the one line the README promises, naming the setting to change; null for
// anything unforeseen, which server.ts prints whole.
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

interface ListenSettings { port: number, host: string, dbPath: string }

function databaseProblem (dbPath: string): string {
  const folder = dirname(resolve(dbPath))
  if (!existsSync(folder)) return `the folder ${folder} does not exist: create it, or point EMULATOR_DB (--db) elsewhere`
  const uid = typeof process.getuid === 'function' ? ` (uid ${process.getuid()})` : ''
  return `the folder ${folder} is not writable by this user${uid}: in the container the node user (uid 1000) must be able to write it`
}

export function startupErrorLine (error: unknown, settings: ListenSettings): string | null {
  const { code, message } = error as { code?: string, message?: string }
  if (code === 'EADDRINUSE') {
    return `port ${settings.port} on ${settings.host} is already in use: stop what holds it, or set PORT (--port) to another port (PORT=0 picks a free one)`
  }
  if (code === 'EACCES' && message?.includes('listen')) {
    return `cannot listen on port ${settings.port}: permission denied (ports below 1024 need privileges); set PORT (--port) to 1024 or above`
  }
  if (code === 'EADDRNOTAVAIL') return `cannot listen on ${settings.host}: no such address on this machine; set HOST (--host), e.g. 127.0.0.1 or 0.0.0.0`
  const isDatabase = typeof code === 'string' ? code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_READONLY' : /Cannot open database/.test(message ?? '')
  if (isDatabase && settings.dbPath !== ':memory:') return `cannot open EMULATOR_DB (--db) ${settings.dbPath}: ${databaseProblem(settings.dbPath)}`
  return null
}
