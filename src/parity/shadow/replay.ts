// `parity --verify` of a shadow recording: the client's recorded requests replayed, in order, on a fresh emulator
// started from the recording's fixture set, each answer compared with the recorded target answer; parity's report.
import { join } from 'node:path'
import type { Acceptance } from '../accept.js'
import { fileName, type Recording } from '../recording.js'
import { buildReport, createTally, type ParityReport } from '../report.js'
import type { Method } from '../types.js'
import { compareAnswers, operationOf, shadowAnswer, type ShadowRequest } from './exchange.js'
import { startSide } from './side.js'

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

export async function replayShadowRecording (recording: Recording, dir: string, settings: ReplaySettings): Promise<ParityReport> {
  const { env, acceptance, version, driftProfile, only } = settings
  const started = Date.now()
  const { header } = recording
  const side = await startSide(join(dir, 'fixtures'), header.reads ?? 'value', { env, driftProfile })
  const tally = createTally(acceptance)
  try {
    for (const step of recording.steps) {
      const request = step.request as ShadowRequest
      const operation = operationOf(side, request)
      const emulator = await shadowAnswer(side, request, step.answer.status, REPLAY_TIMEOUT_MS)
      const query = new URLSearchParams(request.query ?? {}).toString()
      const ref = { method: request.method as Method, path: `${request.path}${query === '' ? '' : `?${query}`}`, step: step.step, file: `steps/${fileName(step)}` }
      // Every step is replayed (later ones depend on what earlier ones made); --only chooses what is compared.
      if (only === undefined || only.has(operation.operation)) {
        tally.add(operation.operation, compareAnswers(side, operation, emulator, step.answer), ref, { emulator: emulator.status, target: step.answer.status })
      }
    }
  } finally {
    await side.close()
  }
  return buildReport({
    tool: 'drawing-api-emulator', version, mode: 'verify', target: header.target, startedAt: header.startedAt, durationMs: Date.now() - started,
    key: keyOf(recording), requests: { target: header.steps, emulator: header.steps }, skipped: [], operations: tally.results(), unusedAccept: acceptance.unused()
  })
}
