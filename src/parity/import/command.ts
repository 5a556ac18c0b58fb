// `drawing-api-emulator import --from <url> --key <key> --out <dir>`: a workspace read through the public API,
// written as a fixture set the emulator serves with EMULATOR_FIXTURES=<dir>.
import { createClient, NetworkError } from '../client.js'
import type { Io } from '../types.js'
import { IMPORT_USAGE, parseImportOptions } from '../options.js'
import { maskedIo, secretMask } from '../secrets.js'
import { RunError } from '../types.js'
import { readWorkspace, type ImportedWorkspace } from './reader.js'
import { checkOut, writeFixtureSet, type WrittenSet } from './writer.js'

const LIST_PATHS = { users: '/workspaces/users', invites: '/workspaces/invites', logs: '/logs' } as const

/** Why a list was not read: the key's refusal (403) or a service without it (404, a beta may not have it yet). */
function why (list: keyof typeof LIST_PATHS, status: number): string {
  const what = list === 'logs' ? 'the audit log' : list
  return status === 403 ? `the key may not read ${what}` : `GET ${LIST_PATHS[list]} answered ${status} (the service does not offer ${what})`
}

function unreadable (data: ImportedWorkspace): string[] {
  return [
    ...(data.invites === null ? [`${why('invites', data.unread.invites ?? 403)}: invites.json is empty`] : []),
    ...(data.logs === null ? [`${why('logs', data.unread.logs ?? 403)}: logs.json is empty`] : [])
  ]
}

function summary (written: WrittenSet, data: ImportedWorkspace, requests: number, seconds: string): string[] {
  return [
    `import: wrote ${written.workspaceDir}: ${data.collections.filter((c) => c.id !== 'private').length} collections, ${written.scenes} scenes, ${written.users} users${data.users === null ? ' (placeholders)' : ''}, ${(data.invites ?? []).length} invites, ${(data.logs ?? []).length} audit entries (${requests} requests, ${seconds} s)`,
    ...written.skipped.map((s) => `import: skipped scene ${s.id} "${s.name}": ${s.reason}`),
    ...[...written.notes, ...unreadable(data)].map((note) => `import: ${note}`),
    `Serve it: EMULATOR_FIXTURES=${written.dir} npx drawing-api-emulator`,
    'Its keys (the source key is not stored):',
    ...written.keys.map((key) => `  ${key.secret.padEnd(24)} ${key.label}`)
  ]
}

export async function importCommand (argv: string[], given: Io): Promise<number> {
  const started = Date.now()
  // The source key is masked in every line (a message may quote a service that echoed it) once it is known.
  let io = given
  try {
    const options = parseImportOptions(argv)
    if ('help' in options) {
      io.out(IMPORT_USAGE)
      return 0
    }
    const mask = secretMask(new Set([options.key]))
    io = maskedIo(given, mask)
    checkOut(options.out)
    const client = createClient({ baseUrl: options.from, key: options.key })
    const data = await readWorkspace(client, (line) => io.err(`import: ${line}`))
    // A fixture set is made to be committed: the key is masked wherever the service echoed it (a name, an audit entry).
    // (The shadow's own import keeps what the target holds, so it compares alike; its recording masks the copy.)
    const written = await writeFixtureSet(options.out, mask.value(data), options.key)
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    for (const line of summary(written, data, client.requests(), seconds)) io.out(line)
    return 0
  } catch (error) {
    const known = error instanceof RunError || error instanceof NetworkError
    io.err(`import: ${known ? (error as Error).message : `failed: ${(error as Error).stack ?? String(error)}`}`)
    return 2
  }
}
