// Recordings: what the target answered, step by step, as readable JSON files, and their reading back for
// `parity --verify`. Layout (docs/parity.md, "Recordings and CI", shows it):
//   <dir>/recording.json                     format, version, tool, target, startedAt, runId, options, steps, interrupted?
//   <dir>/steps/0001-GET-workspaces.json     {step, operation, request: {method, path, query?, body?}, answer: {status, headers, body, json}}
//                                            (a shadow session's steps add the live verdict: shadow/verdict.ts)
// The key is never written: requests are stored without headers, and any text holding the key is masked.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { isObject } from './compare/records.js'
import { createRedactor } from './redact.js'
import { secretMask, type SecretMask } from './secrets.js'
import { RunError, type Answer, type HttpRequest } from './types.js'

export const RECORDING_FORMAT = 'drawing-api-emulator parity recording'
export const RECORDING_VERSION = 1

export interface RecordingHeader {
  format: typeof RECORDING_FORMAT
  version: number
  tool: string
  target: string
  startedAt: string
  runId: string
  readOnly: boolean
  includeMcp: boolean
  redactedPeople: boolean
  steps: number
  /** A shadow session's recording: the client's own requests, replayed on the fixture set in `<dir>/fixtures`. */
  source?: 'shadow'
  /** Shadow recordings: how reads compare (`value` after an import of the target's workspace). */
  reads?: 'value' | 'shape'
  /** The signal that stopped the run: its steps end there, and `--verify` compares them and stops there too. */
  interrupted?: string
}

export interface RecordedStep { step: number, operation: string, request: HttpRequest, answer: Answer }

export interface Recording { header: RecordingHeader, steps: RecordedStep[] }

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

function readJson (file: string): unknown {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    throw new RunError(`cannot read the recording: ${file} is missing or unreadable`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new RunError(`cannot read the recording: ${file} is not JSON (${(error as Error).message})`)
  }
}

function checkHeader (header: unknown, dir: string): RecordingHeader {
  if (!isObject(header) || header.format !== RECORDING_FORMAT) throw new RunError(`cannot read the recording: ${dir}/recording.json is not a parity recording`)
  if (header.version !== RECORDING_VERSION) {
    throw new RunError(`cannot read the recording: ${dir} is format version ${String(header.version)}, this drawing-api-emulator reads version ${RECORDING_VERSION}: record it again with this version`)
  }
  return header as unknown as RecordingHeader
}

function checkStep (value: unknown, file: string): RecordedStep {
  const ok = isObject(value) && typeof value.operation === 'string' && isObject(value.request) && typeof value.request.method === 'string' &&
    isObject(value.answer) && typeof value.answer.status === 'number' && typeof value.answer.headers === 'object' && typeof value.answer.json === 'boolean'
  if (!ok) throw new RunError(`cannot read the recording: ${file} is not a recorded step (operation, request, answer)`)
  return value as unknown as RecordedStep
}

export function readRecording (dir: string): Recording {
  const header = checkHeader(readJson(join(dir, 'recording.json')), dir)
  let names: string[]
  try {
    names = readdirSync(join(dir, 'steps')).filter((name) => name.endsWith('.json')).sort()
  } catch {
    throw new RunError(`cannot read the recording: ${join(dir, 'steps')} is missing`)
  }
  const steps = names.map((name) => checkStep(readJson(join(dir, 'steps', name)), join(dir, 'steps', name)))
  if (steps.length !== header.steps) throw new RunError(`cannot read the recording: ${dir} should hold ${header.steps} steps and holds ${steps.length}`)
  return { header, steps }
}
