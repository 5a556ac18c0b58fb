// Recordings: what the target answered, step by step, as readable JSON files, and their reading back for
// `parity --verify`. Layout (docs/parity.md, "Recordings and CI", shows it):
//   <dir>/recording.json                     the header (../formats/recording.ts declares both)
//   <dir>/steps/0001-GET-workspaces.json     {step, operation, request, answer} (a shadow step adds its live verdict)
// The key is never written: requests are stored without headers, and any text holding the key is masked.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { readFormat } from '../formats/read.js'
import { RECORDED_STEP, RECORDING_HEADER, type RecordedStep, type Recording } from '../formats/recording.js'
import { createRedactor } from './redact.js'
import { secretMask, type SecretMask } from './secrets.js'
import { RunError } from './types.js'

/** `0012-GET-scenes-sceneId-content.json`. */
export function fileName (step: Pick<RecordedStep, 'step' | 'operation'>): string {
  const slug = step.operation.replace(/^\w+ \/api\/v1\//, '').replace(/[^A-Za-z0-9_]+/g, '-').replace(/^-|-$/g, '')
  return `${String(step.step).padStart(4, '0')}-${step.operation.split(' ')[0]}-${slug}.json`
}

/** The text of a file, with the key masked wherever an answer echoed it. */
const masked = (value: unknown, mask: SecretMask): string => mask.text(`${JSON.stringify(value, null, 2)}\n`)

/** A recording is never written over: checked before the run starts, and again before writing. */
export function checkRecordingDir (dir: string): void {
  if (existsSync(join(dir, 'recording.json'))) throw new RunError(`${dir} already holds a recording: give another --record folder`)
}

/** Writes a whole recording into `dir` (which must not hold one yet), through a sibling folder renamed at the end. */
export function writeRecording (dir: string, recording: Recording, key: string): void {
  checkRecordingDir(dir)
  const redact = recording.header.redactedPeople ? createRedactor() : (value: unknown) => value
  const mask = secretMask(new Set([key]))
  const staging = `${dir}.partial-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(join(staging, 'steps'), { recursive: true })
  for (const step of recording.steps) {
    const stored = { ...step, answer: { ...step.answer, body: redact(step.answer.body) } }
    writeFileSync(join(staging, 'steps', fileName(step)), masked(stored, mask))
  }
  writeFileSync(join(staging, 'recording.json'), masked(recording.header, mask))
  mkdirSync(dirname(dir), { recursive: true })
  if (existsSync(dir)) {
    for (const name of readdirSync(staging)) renameSync(join(staging, name), join(dir, name))
    rmSync(staging, { recursive: true, force: true })
  } else {
    renameSync(staging, dir)
  }
}

function readText (file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    throw new RunError(`cannot read the recording: ${file} is missing or unreadable`)
  }
}

const runError = (line: string): Error => new RunError(line)

export function readRecording (dir: string): Recording {
  const header = readFormat(RECORDING_HEADER, readText(join(dir, 'recording.json')), dir, runError)
  let names: string[]
  try {
    names = readdirSync(join(dir, 'steps')).filter((name) => name.endsWith('.json')).sort()
  } catch {
    throw new RunError(`cannot read the recording: ${join(dir, 'steps')} is missing`)
  }
  const steps = names.map((name) => {
    const file = join(dir, 'steps', name)
    return readFormat(RECORDED_STEP, readText(file), file, runError)
  })
  if (steps.length !== header.steps) throw new RunError(`cannot read the recording: ${dir} should hold ${header.steps} steps and holds ${steps.length}`)
  return { header, steps }
}
