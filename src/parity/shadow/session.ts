// The live shadow: every /api/v1 request goes to the target and its answer back to the client; behind it, in
// arrival order, the same request goes to the shadow side and the two answers are compared. The shadow side never
// touches what the client gets: it starts (an import) before the first keyed request is forwarded, and is then
// fed from a queue, so a slow or failing emulator only shows in the report.
import type { ServerResponse } from 'node:http'
import type { RecordedStep } from '../../formats/recording.js'
import { fileName } from '../recording.js'
import type { Answer, HttpRequest, Method, RequestRef } from '../types.js'
import { answerOf, compareAnswers, operationOf, shadowAnswer, type ShadowRequest } from './exchange.js'
import { endToEndHeaders, forward, type ClientRequest, type ForwardResult } from './forward.js'
import { bearerKey, type KeyShape } from './keys.js'
import { API_PREFIX } from '../../lib/routes.js'
import { CREDENTIAL_HEADERS, credentialsInBody, credentialsOf, maskCredentialParams, type SecretMask } from '../secrets.js'
import type { ShadowSide } from './side.js'
import { createClientGate } from './gate.js'
import type { ShadowTally } from './tally.js'
import type { ShadowFailure } from '../../index.js'
import { createJudge, targetFailure, verdictOf, type StepVerdict } from './verdict.js'

/**
 * A recorded step of a shadow session: parity's step, with how the client authenticated and the live verdict
 * (a missing route, the target's failure) that `parity --verify` reuses.
 */
export interface ShadowStep extends RecordedStep { request: ShadowRequest, verdict?: StepVerdict }

export interface SessionSettings {
  target: URL
  tally: ShadowTally
  timeoutMs: number
  /** --record: the report names each request's step file. */
  recording: boolean
  /** Starts the shadow side with the first key a client sends (an import), or at once (--key, --fixtures). */
  startSide (key: string | undefined): Promise<ShadowSide> | undefined
  /**
   * Every credential a client sent (../secrets.ts), for masking (held in memory only, never written): headers and
   * query as a request arrives, a body's once compare() parses it. Only a Bearer key, the service's one way, gets a
   * profile and starts the side.
   */
  keys: Set<string>
  /** The mask over `keys`. */
  mask: SecretMask
}

export interface ShadowSession {
  handle (client: ClientRequest, res: ServerResponse): Promise<void>
  /** Starts the shadow side now, when it can start without a client key (--key, --fixtures). */
  start (): Promise<void>
  /** The side, once started (the demo page and the admin API of the shadow side are served through it). */
  side (): ShadowSide | undefined
  /** The compared exchanges, with --record only. */
  steps (): ShadowStep[]
  /** Resolves when every request received so far has been compared. */
  settled (): Promise<void>
}

/** Headers the shadow side gets: the client's, end to end, without credentials (X-Api-Key, cookies…), length and encodings. */
const NOT_FOR_THE_SHADOW = [...CREDENTIAL_HEADERS, 'content-length', 'accept-encoding']

function headerRecord (raw: readonly string[]): Record<string, string> {
  const kept = endToEndHeaders(raw, NOT_FOR_THE_SHADOW)
  const headers: Record<string, string> = {}
  for (let i = 0; i < kept.length; i += 2) {
    const name = kept[i].toLowerCase()
    // X-Emulator-* headers steer an emulator (faults, drift); the target ignores them, so the shadow side does too.
    if (!name.startsWith('x-emulator-')) headers[name] = headers[name] === undefined ? kept[i + 1] : `${headers[name]}, ${kept[i + 1]}`
  }
  return headers
}

function header (raw: readonly string[], name: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() === name) return raw[i + 1]
  return undefined
}

/** The request as the shadow side gets it: path below /api/v1, query, JSON body (or its text), headers. */
export function shadowRequestOf (client: ClientRequest, shape: KeyShape | undefined): ShadowRequest {
  const url = new URL(client.url, 'http://shadow.invalid')
  const text = client.body.toString('utf8')
  let body: unknown
  let raw: string | undefined
  if (text !== '') {
    try {
      body = JSON.parse(text)
    } catch {
      raw = text
    }
  }
  const authorization = header(client.rawHeaders, 'authorization')
  const request: HttpRequest = {
    method: client.method as Method,
    path: url.pathname.slice(API_PREFIX.length),
    ...(url.search === '' ? {} : { query: Object.fromEntries(url.searchParams) }),
    ...(body === undefined ? {} : { body }),
    headers: headerRecord(client.rawHeaders)
  }
  const auth: ShadowRequest['auth'] = shape !== undefined ? { kind: 'key', shape } : authorization === undefined ? { kind: 'none' } : { kind: 'other' }
  return { ...request, ...(raw === undefined ? {} : { text: raw }), auth }
}

/**
 * The request as the report names it: method, path below /api/v1 with its query (credential parameters masked by
 * name), step and its file, named as the recording names it once masked (an unknown route's operation is its path).
 */
function requestRef (client: ClientRequest, step: number, operation: string, settings: Pick<SessionSettings, 'recording' | 'mask'>): RequestRef {
  const file = settings.recording ? { file: `steps/${fileName({ step, operation: settings.mask.text(operation) })}` } : {}
  return { method: client.method as Method, path: maskCredentialParams(client.url.slice(API_PREFIX.length)), step, ...file }
}

/** What a request is tallied as when no shadow side runs: the target's failure if it failed too, else the side's. */
function sideMissing (client: ClientRequest, result: ForwardResult, time: string): Parameters<ShadowTally['fail']>[0] {
  const operation = `${client.method} ${new URL(client.url, 'http://shadow.invalid').pathname}`
  return result.ok
    ? { operation, side: 'shadow', reason: 'the shadow side is not running (see shadow.state)', time }
    : { operation, side: 'target', reason: result.reason, time }
}

/** The request with the client key's profile, learned from the target's answer too (and tallied). */
function keyedRequest (
  shadow: ShadowSide, tally: ShadowTally, key: string | undefined, route: string | undefined, target: Answer, unshaped: ShadowRequest
): ShadowRequest {
  if (key !== undefined && route !== undefined) shadow.keys.observe(key, route, target)
  const shape = key === undefined ? undefined : shadow.keys.shape(key)
  if (shape !== undefined) tally.key(shape)
  return shape === undefined ? unshaped : { ...unshaped, auth: { kind: 'key', shape } }
}

interface StepLog {
  next: () => number
  record: (step: ShadowStep) => void
  /** A step the target failed (not JSON) that the side took: recorded with its verdict, and the failure to tally. */
  failed: (step: ShadowStep, reason: string, time: string) => ShadowFailure
  steps: () => ShadowStep[]
}

/**
 * The steps the shadow side took, numbered as the report and the recording name them; kept only for --record (a
 * long session must not hold every answer).
 */
function createStepLog (recording: boolean): StepLog {
  const steps: ShadowStep[] = []
  let count = 0
  const record = (step: ShadowStep): void => { if (recording) steps.push(step) }
  return {
    next: () => ++count,
    record,
    failed (step, reason, time) {
      record({ ...step, verdict: { targetFailure: reason } })
      return { operation: step.operation, side: 'target', reason, time }
    },
    steps: () => [...steps]
  }
}

interface SideHolder {
  /** The side for a request: started with its key when none is yet (the import sees the target untouched). */
  sideFor: (key: string | undefined) => Promise<ShadowSide | undefined>
  side: () => ShadowSide | undefined
  starting: () => boolean
}

function holdSide (startSide: SessionSettings['startSide']): SideHolder {
  let side: ShadowSide | undefined
  let starting: Promise<ShadowSide> | undefined
  return {
    async sideFor (key) {
      if (side !== undefined) return side
      starting ??= startSide(key)
      if (starting === undefined) return undefined
      try {
        side = await starting
      } catch (error) {
        // A key the target refused may be followed by one it takes; any other failure is final (no retry storm).
        if ((error as { retry?: boolean }).retry === true) starting = undefined
      }
      return side
    },
    side: () => side,
    starting: () => starting !== undefined
  }
}

export function createSession (settings: SessionSettings): ShadowSession {
  const { tally } = settings
  const { sideFor, side, starting } = holdSide(settings.startSide)
  let queue: Promise<void> = Promise.resolve()
  const log = createStepLog(settings.recording)
  const clients = createClientGate()
  const judge = createJudge(settings.target, settings.timeoutMs, () => tally.state({ importRequests: tally.report().shadow.importRequests + 1 }))

  async function compare (client: ClientRequest, key: string | undefined, forwarded: Promise<ForwardResult>): Promise<void> {
    const result = await forwarded
    await clients.idle()
    const time = new Date().toISOString()
    const shadow = await sideFor(undefined)
    if (shadow === undefined) return tally.fail(sideMissing(client, result, time))
    // Parsed once (a body may be large): the operation is read from it, and the key's shape added when there is one.
    const unshaped = shadowRequestOf(client, undefined)
    for (const secret of credentialsInBody(unshaped.body)) settings.keys.add(secret)
    const operation = operationOf(shadow, unshaped)
    if (!result.ok) return tally.fail({ operation: operation.operation, side: 'target', reason: result.reason, time })
    const target = answerOf(result.answer.status, result.answer.headers, result.answer.decoded)
    const failed = targetFailure(target) // a 5xx is not sent on: the shadow side must not apply what the target did not
    if (failed !== undefined) return tally.fail({ operation: operation.operation, side: 'target', reason: failed, time })
    const request = keyedRequest(shadow, tally, key, operation.route, target, unshaped)
    await clients.idle()
    const emulator = await shadowAnswer(shadow, request, target.status, settings.timeoutMs).catch((error: Error) => error)
    if (emulator instanceof Error) return tally.fail({ operation: operation.operation, side: 'shadow', reason: emulator.message, time })
    const step = log.next()
    const notJson = targetFailure(target, emulator)
    // Recorded although not compared: the shadow side took it, so a replay must send it too.
    if (notJson !== undefined) return tally.fail(log.failed({ step, operation: operation.operation, request, answer: target }, notJson, time))
    const ref = requestRef(client, step, operation.operation, settings)
    await clients.idle()
    const differences = await judge.differences({ side: shadow, key, request: unshaped, ref }, emulator, target,
      () => compareAnswers(shadow, operation, emulator, target))
    log.record({ step, operation: operation.operation, request, answer: target, ...verdictOf(differences) })
    tally.add(operation.operation, differences, time, ref, { emulator: emulator.status, target: target.status })
  }

  return {
    async handle (client, res) {
      for (const secret of credentialsOf(client)) settings.keys.add(secret)
      const key = bearerKey(header(client.rawHeaders, 'authorization'))
      if (key !== undefined || starting()) await sideFor(key)
      const forwarded = forward(settings.target, { ...client, url: client.url.slice(API_PREFIX.length) }, res, settings.timeoutMs)
      tally.forwarded()
      const compared = clients.exchange(forwarded)
      queue = queue.then(() => compare(client, key, forwarded)).catch((error: unknown) => {
        tally.fail({ operation: `${client.method} ${maskCredentialParams(client.url)}`, side: 'shadow', reason: (error as Error).message, time: new Date().toISOString() })
      }).finally(compared)
      await forwarded
    },
    start: async () => { await sideFor(undefined) },
    side,
    steps: log.steps,
    settled: () => queue
  }
}
