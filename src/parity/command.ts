// `drawing-api-emulator parity`: a live run against a target (with clean-up, also on Ctrl-C), or `--verify` of a
// recording; prints the table, writes the report and the recording (an interrupted run's so far), and says how the
// run went in its exit code.
import { writeFileSync } from 'node:fs'
import { AcceptRuleError, createAcceptance, readAcceptOption, type Acceptance } from './accept.js'
import { NetworkError, createClient, type ApiClient } from './client.js'
import { createRegistry, removeLeftovers, trackAnswer, type CleanupResult, type MadeRegistry } from './cleanup.js'
import { startLocal, type LocalEmulator } from './local.js'
import { compareCommand } from './compare-reports.js'
import { PARITY_USAGE, parseParityOptions, type CommonOptions, type LiveOptions, type VerifyOptions } from './options.js'
import { describeProfile, keyReport } from './profile.js'
import { createRedactor } from './redact.js'
import { maskedIo, secretMask } from './secrets.js'
import { firstAnswerCheck, firstContact } from './target-check.js'
import { RECORDING_FORMAT, RECORDING_VERSION, type RecordedStep } from '../formats/recording.js'
import { checkRecordingDir, fileName, readRecording, writeRecording } from './recording.js'
import { buildReport, type ParityReport, type ReportInput } from './report.js'
import { formatTable } from './table.js'
import { runScenario, type RunOutcome } from './runner.js'
import { liveSide, recordedSide, withFirstAnswer } from './sides.js'
import { replayShadowRecording } from './shadow/replay.js'
import { Interrupted, RunError, type Answer, type Io } from './types.js'

/**
 * Aborts the run on SIGINT or SIGTERM; the run then cleans up before the process ends. The listener stays until
 * the returned release, after the clean-up: a second signal (Ctrl-C reaches npm's shell too) must not end it half-way.
 */
function interruptOn (controller: AbortController): () => void {
  const handler = (signal: NodeJS.Signals) => controller.abort(signal)
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
  return () => {
    process.off('SIGINT', handler)
    process.off('SIGTERM', handler)
  }
}

function explain (error: unknown): string {
  if (error instanceof RunError) return error.message
  if (error instanceof NetworkError) return error.message
  if (error instanceof AcceptRuleError) return error.message
  return `the run failed: ${(error as Error).stack ?? String(error)}`
}

function cleanupLines (cleanup: CleanupResult): string[] {
  return cleanup.failed.map((item) => `parity: could not remove ${item.kind} ${item.id} the run made (${item.reason}): remove it by hand`)
}

function finish (report: ParityReport, io: Io, reportFile: string | undefined, figures: string): number {
  io.out(formatTable(report))
  io.out(figures)
  if (reportFile !== undefined) writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`)
  return report.summary.differs > 0 ? 1 : 0
}

const acceptanceOf = (options: CommonOptions, io: Io): Acceptance => createAcceptance(readAcceptOption(options.accept, (line) => io.err(`parity: ${line}`)))

interface LiveRun { outcome: RunOutcome, recorded: RecordedStep[] }

interface LiveContext {
  options: LiveOptions
  client: ApiClient
  /** The answer to the first step (GET /workspaces), already checked. */
  first: Answer
  local: LocalEmulator
  registry: MadeRegistry
  acceptance: Acceptance
  startedAt: string
}

/** Runs the scenario until it ends or `interrupt` (SIGINT/SIGTERM) aborts it; the caller cleans up either way. */
async function runLive (ctx: LiveContext, interrupt: AbortSignal): Promise<LiveRun> {
  const { options } = ctx
  const recorded: RecordedStep[] = []
  const outcome = await runScenario({
    target: withFirstAnswer(liveSide(ctx.client), ctx.first),
    targetBasePath: new URL(options.target).pathname,
    local: ctx.local,
    scenario: { runId: ctx.startedAt, readOnly: options.readOnly, includeMcp: options.includeMcp },
    signal: interrupt,
    acceptance: ctx.acceptance,
    only: options.only,
    fileOf: options.record === undefined ? undefined : (step, operation) => `steps/${fileName({ step, operation })}`,
    onTargetAnswer (step, request, answer, vars, number) {
      trackAnswer(ctx.registry, step, answer, vars)
      recorded.push({ step: number, operation: step.operation, request, answer })
    }
  })
  return { outcome, recorded }
}

function saveRecording (ctx: LiveContext, { recorded, outcome }: LiveRun, version: string): void {
  const { options, startedAt } = ctx
  if (options.record === undefined) return
  writeRecording(options.record, {
    header: {
      format: RECORDING_FORMAT, version: RECORDING_VERSION, tool: `drawing-api-emulator ${version}`, target: options.target,
      startedAt, runId: startedAt, readOnly: options.readOnly, includeMcp: options.includeMcp, redactedPeople: options.redactPeople, steps: recorded.length,
      ...(outcome.interrupted === undefined ? {} : { interrupted: outcome.interrupted })
    },
    steps: recorded
  }, options.key)
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`

function liveFigures (ctx: LiveContext, outcome: RunOutcome, seconds: string): string {
  const throttled = ctx.client.throttled() > 0 ? `, waited out ${ctx.client.throttled()} answers 429` : ''
  const interrupted = outcome.interrupted === undefined ? '' : `; interrupted by ${outcome.interrupted}, the steps after it not sent`
  return `key: ${describeProfile(outcome.profile, outcome.routes, ctx.options.readOnly)}; ${ctx.client.requests()} requests to the target, ${outcome.emulatorRequests} to the emulator${throttled}; ${plural(outcome.skipped.length, 'step')} skipped${interrupted}; ${seconds} s`
}

/** What every report holds besides the operations: who, where, when, how long, the key, the requests, what was skipped. */
function reportInput (
  mode: 'live' | 'verify', target: string, startedAt: string, started: number, outcome: RunOutcome, requests: ReportInput['requests'],
  readOnly: boolean, acceptance: Acceptance, version: string
): ReportInput {
  return {
    tool: 'drawing-api-emulator', version, mode, target, startedAt, durationMs: Date.now() - started,
    key: keyReport(outcome.profile, outcome.routes, readOnly), requests, skipped: outcome.skipped,
    operations: outcome.operations, unusedAccept: acceptance.unused(),
    ...(outcome.interrupted === undefined ? {} : { interrupted: outcome.interrupted })
  }
}

async function contact (options: LiveOptions): Promise<{ client: ApiClient, first: Answer }> {
  const client = createClient({ baseUrl: options.target, key: options.key, timeoutMs: options.timeoutMs })
  // Before anything starts: is this the API, does it take the key? (One line and exit 2 if not.)
  const first = await firstContact(async () => await client.send({ method: 'GET', path: '/workspaces' }))
  firstAnswerCheck(options.target)(first)
  return { client, first }
}

/** The line a run that stopped early ends with (an interrupt, a failure), and what its clean-up removed. */
function stopLine (error: unknown, cleanup: CleanupResult): string {
  const removed = cleanup.removed.length > 0 ? `; removed the ${cleanup.removed.length} things it had made` : ''
  return `parity: ${error instanceof Interrupted ? error.message : explain(error)}${removed}`
}

/** `io`: the lines already masked (parityCommand); the report is masked here. */
async function live (options: LiveOptions, io: Io): Promise<number> {
  const started = Date.now()
  if (options.record !== undefined) checkRecordingDir(options.record)
  const acceptance = acceptanceOf(options, io)
  const { client, first } = await contact(options)
  const ctx: LiveContext = {
    options, client, first, acceptance, local: await startLocal(io.env, { driftProfile: options.driftProfile }),
    registry: createRegistry(), startedAt: new Date(started).toISOString()
  }
  const controller = new AbortController()
  const release = interruptOn(controller)
  try {
    const run = await runLive(ctx, controller.signal).catch((error: unknown) => error)
    const cleanup = await removeLeftovers(client, ctx.registry)
    await ctx.local.close()
    for (const line of cleanupLines(cleanup)) io.err(line)
    if (!isLiveRun(run)) {
      io.err(stopLine(run, cleanup))
      return 2
    }
    const code = finishLive(ctx, run, started, io)
    if (run.outcome.interrupted === undefined) return code
    // Its report holds what was compared before the signal; what came after is unknown: never a pass for a gate.
    io.err(stopLine(new Interrupted(run.outcome.interrupted), cleanup))
    return 2
  } finally {
    release()
  }
}

/** A run's recording, report and table: the whole run's, or an interrupted one's up to the signal. */
function finishLive (ctx: LiveContext, run: LiveRun, started: number, io: Io): number {
  const { options, client, acceptance } = ctx
  saveRecording(ctx, run, io.version)
  const { outcome } = run
  const requests = { target: client.requests(), emulator: outcome.emulatorRequests }
  const mask = secretMask(new Set([options.key]))
  const report = mask.value(buildReport(
    reportInput('live', options.target, ctx.startedAt, started, outcome, requests, options.readOnly, acceptance, io.version)
  ))
  return finish(report, io, options.report, liveFigures(ctx, outcome, (report.durationMs / 1000).toFixed(1)))
}

const isLiveRun = (value: unknown): value is LiveRun => typeof value === 'object' && value !== null && 'outcome' in value

/** The emulator's answers redacted as the recording's were: same stand-ins for the same people, in step order. */
function redacting (): (answer: Answer) => Answer {
  const redact = createRedactor()
  return (answer) => ({ ...answer, body: redact(answer.body) })
}

async function verify (options: VerifyOptions, io: Io): Promise<number> {
  const started = Date.now()
  const recording = readRecording(options.dir)
  const acceptance = acceptanceOf(options, io)
  const { header } = recording
  if (header.source === 'shadow') {
    const report = await replayShadowRecording(recording, options.dir, {
      env: io.env, acceptance, version: io.version, driftProfile: options.driftProfile, only: options.only
    })
    return finish(report, io, options.report, `shadow recording of ${header.target} made ${header.startedAt} by ${header.tool}: ${header.steps} requests replayed; ${(report.durationMs / 1000).toFixed(1)} s`)
  }
  const local = await startLocal(io.env, { driftProfile: options.driftProfile })
  try {
    const outcome = await runScenario({
      target: recordedSide(recording, options.dir),
      targetBasePath: new URL(header.target).pathname,
      local,
      scenario: { runId: header.runId, readOnly: header.readOnly, includeMcp: header.includeMcp },
      signal: new AbortController().signal,
      acceptance,
      only: options.only,
      replay: true,
      fileOf: (step, operation) => recording.steps.some((s) => s.step === step && s.operation === operation) ? `steps/${fileName({ step, operation })}` : undefined,
      emulatorView: header.redactedPeople ? redacting() : undefined
    })
    const requests = { target: header.steps, emulator: outcome.emulatorRequests }
    const report = buildReport(reportInput('verify', header.target, header.startedAt, started, outcome, requests, header.readOnly, acceptance, io.version))
    const interrupted = outcome.interrupted === undefined ? '' : ` (interrupted by ${outcome.interrupted}: compared up to the signal)`
    const figures = `recording of ${header.target} made ${header.startedAt} by ${header.tool}: ${header.steps} steps${interrupted}; key: ${describeProfile(outcome.profile, outcome.routes, header.readOnly)}; ${plural(outcome.skipped.length, 'step')} skipped; ${(report.durationMs / 1000).toFixed(1)} s`
    const code = finish(report, io, options.report, figures)
    // The recording of an interrupted run verifies what it holds, and, like the run, is never a pass.
    return outcome.interrupted === undefined ? code : 2
  } finally {
    await local.close()
  }
}

export async function parityCommand (argv: string[], io: Io): Promise<number> {
  // A live run's lines go through the mask of its key: a target may echo it (a 401's message, a field).
  let shown = io
  try {
    const options = parseParityOptions(argv)
    if (options.mode === 'help') {
      io.out(PARITY_USAGE)
      return 0
    }
    if (options.mode === 'compare') return compareCommand(options, io)
    if (options.mode === 'verify') return await verify(options, io)
    shown = maskedIo(io, secretMask(new Set([options.key])))
    return await live(options, shown)
  } catch (error) {
    shown.err(`parity: ${explain(error)}`)
    return 2
  }
}
