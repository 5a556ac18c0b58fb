// `parity --verify` of a shadow recording: the client's recorded requests replayed, in order, on a fresh emulator
// started from the recording's fixture set, each answer compared with the recorded target answer and judged as the
// live shadow judged it (the step's recorded verdict: a missing route, the target's failure; reads that follow
// from a refused write marked as ../follows.ts marks them); parity's report.
import { join } from 'node:path'
import type { Acceptance } from '../accept.js'
import type { Recording } from '../../formats/recording.js'
import { fileName } from '../recording.js'
import { buildReport, createTally, type ParityReport, type SkippedStep } from '../report.js'
import type { Answer, Difference, Method } from '../types.js'
import { compareAnswers, operationOf, shadowAnswer, type ShadowRequest } from './exchange.js'
import type { Operation } from './operations.js'
import type { ShadowStep } from './session.js'
import { startSide, type ShadowSide } from './side.js'
import { createFollowsTracker, replayedMissingRoute } from './verdict.js'

const REPLAY_TIMEOUT_MS = 60_000

/** The report's key: the first key the client used, as learned (a shadow session may have used several). */
function keyOf (recording: Recording): ParityReport['key'] {
  const auth = recording.steps.map((step) => (step.request as ShadowRequest).auth).find((a) => a?.kind === 'key')
  const shape = auth?.kind === 'key' ? auth.shape : undefined
  return { kind: shape?.kind ?? 'workspace', permission: shape?.permission ?? 'read', role: shape?.role ?? 'admin', refused: [] }
}

/** `driftProfile`: parity's --drift-profile, so a recording of the changed service can be checked against a profile offline. */
/** How a replay runs: the run's environment and version, its accept rules, its profile, and --only's operations. */
export interface ReplaySettings { env: NodeJS.ProcessEnv, acceptance: Acceptance, version: string, driftProfile?: string, only?: ReadonlySet<string> }

/** One replayed step judged as the live shadow judged it: its recorded missing route, else the comparison. */
function judged (side: ShadowSide, step: ShadowStep, operation: Operation, emulator: Answer): Difference[] {
  const compare = (): Difference[] => compareAnswers(side, operation, emulator, step.answer)
  const missing = step.verdict?.missingRoute
  if (missing === undefined) return compare()
  const found = replayedMissingRoute(missing, step.request, emulator, new URL(side.local.running.apiUrl).pathname)
  // The emulator answers as the target did (a learned route-missing replayed on translated ids): nothing differs.
  return found.length > 0 && emulator.status === missing.status && compare().length === 0 ? [] : found
}

export async function replayShadowRecording (recording: Recording, dir: string, settings: ReplaySettings): Promise<ParityReport> {
  const { env, acceptance, version, driftProfile, only } = settings
  const started = Date.now()
  const { header } = recording
  const side = await startSide(join(dir, 'fixtures'), header.reads ?? 'value', { env, driftProfile })
  const tally = createTally(acceptance)
  const follows = createFollowsTracker()
  const skipped: SkippedStep[] = []
  try {
    for (const step of recording.steps as ShadowStep[]) {
      const { request } = step
      const operation = operationOf(side, request)
      const emulator = await shadowAnswer(side, request, step.answer.status, REPLAY_TIMEOUT_MS)
      // Every step is replayed (later ones depend on what earlier ones made); --only chooses what is compared.
      const compared = only === undefined || only.has(operation.operation)
      // The target failed live (a page, not JSON): the shadow side took the request, nothing was compared.
      if (step.verdict?.targetFailure !== undefined) {
        if (compared) skipped.push({ operation: operation.operation, reason: `step ${step.step} not compared: the target failed live (${step.verdict.targetFailure})` })
        continue
      }
      const query = new URLSearchParams(request.query ?? {}).toString()
      const ref = { method: request.method as Method, path: `${request.path}${query === '' ? '' : `?${query}`}`, step: step.step, file: `steps/${fileName(step)}` }
      // Every pair is tracked, compared or not, so a read follows from a refused write as it did live.
      const differences = follows(request, ref, emulator, step.answer, judged(side, step, operation, emulator))
      if (compared) tally.add(operation.operation, differences, ref, { emulator: emulator.status, target: step.answer.status })
    }
  } finally {
    await side.close()
  }
  return buildReport({
    tool: 'drawing-api-emulator', version, mode: 'verify', target: header.target, startedAt: header.startedAt, durationMs: Date.now() - started,
    key: keyOf(recording), requests: { target: header.steps, emulator: header.steps }, skipped, operations: tally.results(), unusedAccept: acceptance.unused()
  })
}
