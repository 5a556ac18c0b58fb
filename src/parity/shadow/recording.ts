// A shadow session as a parity recording (recording.ts's layout and format), so `parity --verify` replays it
// offline: the client's requests and the target's answers step by step (how the client authenticated, as a key
// profile, never the key), and the fixture set the shadow side started from in `<dir>/fixtures`. Any text that
// holds a client key (an answer that echoed one) is masked, in the steps and in the copied fixtures.
import { cpSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { RECORDING_FORMAT, RECORDING_VERSION, checkRecordingDir, writeRecording, type RecordingHeader } from '../recording.js'
import type { ShadowStep } from './session.js'

export const MASK = '[the key]'

/** The text with every client key in it masked. */
const maskText = (keys: ReadonlySet<string>, text: string): string => [...keys].reduce((out, key) => key === '' ? out : out.split(key).join(MASK), text)

/** Replaces every client key inside any string of a JSON value. */
export function keyMasker (keys: ReadonlySet<string>): (value: unknown) => unknown {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return maskText(keys, value)
    if (Array.isArray(value)) return value.map(walk)
    if (typeof value !== 'object' || value === null) return value
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [maskText(keys, k), walk(v)]))
  }
  return walk
}

function maskFiles (dir: string, keys: ReadonlySet<string>): void {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name)
    if (statSync(file).isDirectory()) {
      maskFiles(file, keys)
      continue
    }
    const text = readFileSync(file, 'utf8')
    const masked = maskText(keys, text)
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
  const mask = keyMasker(input.keys)
  const header: RecordingHeader = {
    format: RECORDING_FORMAT, version: RECORDING_VERSION, tool: input.tool, target: input.target, startedAt: input.startedAt, runId: input.startedAt,
    readOnly: false, includeMcp: false, redactedPeople: false, steps: input.steps.length, source: 'shadow', reads: input.reads
  }
  const steps = input.steps.map((step) => mask(step) as ShadowStep)
  writeRecording(input.dir, { header, steps }, '')
  cpSync(input.fixturesDir, join(input.dir, 'fixtures'), { recursive: true })
  maskFiles(join(input.dir, 'fixtures'), input.keys)
}
