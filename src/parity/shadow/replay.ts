// `parity --verify` of a shadow recording: the client's recorded requests replayed, in order, on a fresh emulator
// started from the recording's fixture set, each answer compared with the recorded target answer.
import { join } from 'node:path'
import type { Recording } from '../recording.js'
import type { OperationResult } from '../report.js'
import { compareAnswers, operationOf, shadowAnswer, type ShadowRequest } from './exchange.js'
import { startSide } from './side.js'
import { createShadowTally } from './tally.js'

const REPLAY_TIMEOUT_MS = 60_000

export async function replayShadowRecording (recording: Recording, dir: string, env: NodeJS.ProcessEnv): Promise<OperationResult[]> {
  const { header } = recording
  const side = await startSide(join(dir, 'fixtures'), header.reads ?? 'value', { env })
  const tally = createShadowTally(header.target, header.startedAt, (value) => value)
  try {
    for (const step of recording.steps) {
      const request = step.request as ShadowRequest
      const operation = operationOf(side, request)
      const emulator = await shadowAnswer(side, request, step.answer.status, REPLAY_TIMEOUT_MS)
      tally.add(operation.operation, compareAnswers(side, operation, emulator, step.answer), header.startedAt)
    }
  } finally {
    await side.close()
  }
  return tally.report().operations
}
