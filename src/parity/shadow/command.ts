// `drawing-api-emulator shadow`: starts the proxy, prints where it listens, runs until SIGINT or SIGTERM, then
// writes the report (--report) and the recording (--record) and says in its exit code whether anything differed.
import { writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import type { ShadowReport, ShadowSource } from '../../index.js'
import { readAcceptOption, createAcceptance, AcceptRuleError, type Acceptance } from '../accept.js'
import type { Io } from '../types.js'
import { checkDriftProfile, driftProfileOf } from '../local.js'
import { checkRecordingDir } from '../recording.js'
import { RunError } from '../types.js'
import { IMPORT_FAILED } from '../../lib/shadow-state.js'
import { SHADOW_USAGE, parseShadowOptions, plainHttpWarning, type ShadowOptions } from './options.js'
import { maskedIo, secretMask } from '../secrets.js'
import { writeShadowRecording } from './recording.js'
import { closeFront, createFront } from './server.js'
import { createSession, type ShadowSession } from './session.js'
import { sideFromFixtures, sideFromImport, type ShadowSide } from './side.js'
import { createShadowTally, type ShadowTally } from './tally.js'

/** How long a stop waits for the client requests in flight to get their answers before it closes them. */
const DRAIN_MS = 5000

export interface RunningShadow {
  /** `http://127.0.0.1:4000`: clients use `${url}/api/v1`. */
  url: string
  session: ShadowSession
  report (): ShadowReport
  /** Stops listening, finishes the comparisons, writes --report and --record; resolves with the exit code. */
  stop (): Promise<number>
}

function sideStarter (options: ShadowOptions, tally: ShadowTally, io: Io, source: ShadowSource) {
  const settings = { env: io.env, source, driftProfile: options.driftProfile }
  return (clientKey: string | undefined): Promise<ShadowSide> | undefined => {
    if (options.fixtures !== undefined) {
      return sideFromFixtures(options.fixtures, settings).then((side) => { tally.state({ state: 'ready' }); return side }, (error: Error) => {
        tally.state({ state: 'failed', reason: `--fixtures ${options.fixtures}: ${error.message}` })
        throw error
      })
    }
    const key = options.key ?? clientKey
    if (key === undefined) return undefined
    tally.state({ state: 'importing', reason: null })
    return sideFromImport(options.target, key, settings).then(({ side, requests }) => {
      tally.state({ state: 'ready', reason: null, importRequests: tally.report().shadow.importRequests + requests })
      io.err(`shadow: imported the target's workspace in ${requests} requests; the shadow side is ready`)
      return side
    }, (error: Error & { retry?: boolean, importRequests?: number }) => {
      const reason = `${IMPORT_FAILED}${error.message}`
      tally.state({
        state: error.retry === true ? 'waiting' : 'failed', reason, importRequests: tally.report().shadow.importRequests + (error.importRequests ?? 0)
      })
      io.err(`shadow: ${reason}${error.retry === true ? ' (trying again with the next key a client sends)' : '; clients still get the target\'s answers'}`)
      throw error
    })
  }
}

function listen (server: ReturnType<typeof createFront>, options: ShadowOptions): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(new RunError(`cannot listen on ${options.host}:${options.port} (${error.code ?? error.message})`)))
    server.listen(options.port, options.host, () => resolve(server.address() as AddressInfo))
  })
}

function readAccept (file: string | undefined, io: Io): Acceptance | undefined {
  if (file === undefined) return undefined
  try {
    return createAcceptance(readAcceptOption(file, (line) => io.err(`shadow: ${line}`)))
  } catch (error) {
    if (error instanceof AcceptRuleError) throw new RunError(error.message)
    throw error
  }
}

/** Starts a shadow (the CLI's, and tests' in-process one). */
export async function startShadow (options: ShadowOptions, clientIo: Io): Promise<RunningShadow> {
  // Every credential a client sends is learned here and masked in every line printed and everything written.
  const keys = new Set<string>(options.key === undefined ? [] : [options.key])
  const mask = secretMask(keys)
  const io = maskedIo(clientIo, mask)
  const warning = plainHttpWarning(options.target)
  if (warning !== undefined) io.err(warning)
  if (options.record !== undefined) checkRecordingDir(options.record)
  const driftProfile = driftProfileOf(options.driftProfile, io.env)
  if (driftProfile !== undefined) await checkDriftProfile(driftProfile)
  const acceptance = readAccept(options.accept, io)
  const startedAt = new Date().toISOString()
  const tally = createShadowTally({ target: options.target, startedAt, version: io.version, acceptance, mask: mask.value })
  const source: ShadowSource = { report: () => tally.report(), clear: () => tally.clear() }
  const session = createSession({
    target: new URL(options.target), tally, timeoutMs: options.timeoutMs, recording: options.record !== undefined, keys, mask,
    startSide: sideStarter(options, tally, io, source)
  })
  const adminToken = io.env.EMULATOR_ADMIN_TOKEN === '' ? undefined : io.env.EMULATOR_ADMIN_TOKEN
  const server = createFront({ session, source, adminToken, timeoutMs: options.timeoutMs, maskText: mask.text })
  const address = await listen(server, options)
  await session.start()
  // A side from local fixtures starts here or never: a folder that cannot start one is the command's error.
  if (options.fixtures !== undefined && session.side() === undefined) {
    server.close()
    throw new RunError(tally.report().shadow.reason ?? `--fixtures ${options.fixtures}: the shadow side did not start`)
  }
  const host = address.address.includes(':') ? `[${address.address}]` : address.address
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`
  return {
    url,
    session,
    report: () => tally.report(),
    async stop () {
      await closeFront(server, DRAIN_MS)
      await session.settled()
      const report = tally.report()
      if (options.report !== undefined) writeFileSync(options.report, `${JSON.stringify(report, null, 2)}\n`)
      const side = session.side()
      if (options.record !== undefined && side !== undefined) {
        writeShadowRecording({ dir: options.record, tool: `drawing-api-emulator ${io.version}`, target: options.target, startedAt, reads: side.reads, steps: session.steps(), fixturesDir: side.fixturesDir, keys })
      }
      await side?.close()
      return report.summary.differs > 0 ? 1 : 0
    }
  }
}

/**
 * The first SIGINT or SIGTERM; the listener stays until `release`, so a second one (Ctrl-C reaches the whole process
 * group, npm's shell included) cannot end the process by default while the stop drains and writes the report.
 */
function catchSignals (): { first: Promise<NodeJS.Signals>, release: () => void } {
  let resolveFirst!: (signal: NodeJS.Signals) => void
  const first = new Promise<NodeJS.Signals>((resolve) => { resolveFirst = resolve })
  const handler = (signal: NodeJS.Signals) => resolveFirst(signal)
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
  return {
    first,
    release: () => {
      process.off('SIGINT', handler)
      process.off('SIGTERM', handler)
    }
  }
}

export async function shadowCommand (argv: string[], io: Io): Promise<number> {
  try {
    const options = parseShadowOptions(argv)
    if ('help' in options) {
      io.out(SHADOW_USAGE)
      return 0
    }
    const running = await startShadow(options, io)
    io.out(`shadow: listening at ${running.url} (point your client at ${running.url}/api/v1, forwarded to ${options.target}; the report: ${running.url}/_emulator/shadow, ${running.url}/_emulator/ui/shadow)`)
    const signals = catchSignals()
    try {
      const signal = await signals.first
      const code = await running.stop()
      const { summary, shadow } = running.report()
      io.out(`shadow: stopped by ${signal}: ${shadow.forwarded} requests forwarded, ${shadow.compared} compared, ${shadow.importRequests} sent by the import; ${summary.operations} operations: ${summary.same} the same, ${summary.differs} differ`)
      return code
    } finally {
      signals.release()
    }
  } catch (error) {
    const known = error instanceof RunError
    io.err(`shadow: ${known ? error.message : `failed: ${(error as Error).stack ?? String(error)}`}`)
    return 2
  }
}
