// A shadow session as a parity recording (recording.ts's layout and format), so `parity --verify` replays it
// offline: the client's requests and the target's answers step by step (how the client authenticated, as a key
// profile, never the key), and the fixture set the shadow side started from in `<dir>/fixtures`. Every credential
// a client sent is masked (../secrets.ts) wherever it is: paths, queries, bodies, answers that echoed one, fixtures.
import { cpSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { RECORDING_FORMAT, RECORDING_VERSION, type RecordingHeader } from '../../formats/recording.js'
import { checkRecordingDir, writeRecording } from '../recording.js'
import { maskRequestByName, secretMask, type SecretMask } from '../secrets.js'
import type { ShadowStep } from './session.js'

function maskFiles (dir: string, mask: SecretMask): void {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name)
    if (statSync(file).isDirectory()) {
      maskFiles(file, mask)
      continue
    }
    const text = readFileSync(file, 'utf8')
    const masked = mask.text(text)
    if (masked !== text) writeFileSync(file, masked)
  }
}

export interface ShadowRecordingInput {
  dir: string
  tool: string
  target: string
  startedAt: string
  reads: 'value' | 'shape'
  steps: readonly ShadowStep[]
  fixturesDir: string
  keys: ReadonlySet<string>
}

export function writeShadowRecording (input: ShadowRecordingInput): void {
  checkRecordingDir(input.dir)
  const mask = secretMask(input.keys)
  const header: RecordingHeader = {
    format: RECORDING_FORMAT, version: RECORDING_VERSION, tool: input.tool, target: input.target, startedAt: input.startedAt, runId: input.startedAt,
    readOnly: false, includeMcp: false, redactedPeople: false, steps: input.steps.length, source: 'shadow', reads: input.reads
  }
  // By name first (a short `?token=` value is no learned secret), then every learned secret wherever it is.
  const steps = input.steps.map((step) => mask.value({ ...step, request: maskRequestByName(step.request) }))
  writeRecording(input.dir, { header, steps }, '')
  cpSync(input.fixturesDir, join(input.dir, 'fixtures'), { recursive: true })
  maskFiles(join(input.dir, 'fixtures'), mask)
}
