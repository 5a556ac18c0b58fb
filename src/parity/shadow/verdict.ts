// What one shadowed exchange counts as, before anything is compared: the target failing (a 5xx, a body that is not
// JSON where the emulator's is), a route the target does not have (parity's route check, from each side's answer
// to a path no API has, asked once), or a pair of answers to compare, its differences marked when they follow
// from a write the target refused (../follows.ts, as parity marks them). The verdict is kept per recorded step, so
// `parity --verify` of a shadow recording judges each step as the live shadow did.
import type { Static } from 'typebox'
import type { StepVerdictSchema } from '../../formats/recording.js'
import { toAnswer } from '../client.js'
import { createRouteCheck, missingRouteDifference, NO_SUCH_ROUTE, notFoundTemplate, type RouteCheck } from '../route-check.js'
import { followsFrom, trackFailedWrite, type FailedWrite } from '../follows.js'
import type { Answer, Difference, HttpRequest, RequestRef } from '../types.js'
import type { ShadowSide } from './side.js'

/**
 * Why the target's answer is its failure rather than the API's shape, or undefined. A 5xx is an outage or a proxy's
 * error page; a text or HTML body where the emulator answered JSON is a page in front of the service. Either is
 * listed under the shadow's failures, never as a difference, so `learn` never learns it. INFER: a 5xx left nothing
 * written, so the shadow side does not get the request either.
 */
export function targetFailure (target: Answer, emulator?: Answer): string | undefined {
  const type = target.headers['content-type'] ?? 'no content type'
  // Read as JSON (an MCP event stream included), and not a page that happens to parse (`"<html>…"` is a JSON string).
  const json = target.json && !/^text\/(html|plain)/i.test(type)
  if (target.status >= 500) return `the target answered ${target.status}${json ? '' : ` (${type})`}`
  if (emulator === undefined || json || !emulator.json || target.body === null || target.body === '') return undefined
  return `the target answered ${target.status} with a body that is not JSON (${type})`
}

async function probe (url: string, authorization: string | undefined, timeoutMs: number): Promise<Answer | undefined> {
  try {
    const response = await fetch(url, {
      headers: authorization === undefined ? {} : { authorization }, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual'
    })
    return await toAnswer(response)
  } catch {
    // A probe that fails judges nothing: no route is ever called missing.
    return undefined
  }
}

/**
 * Parity's route check for a session: the target and the shadow side each asked once for NO_SUCH_ROUTE (with the
 * client's key, as parity asks), their route-not-found answers kept. Asked only when a pair may show a missing
 * route (mayBeMissingRoute): one request added to the target in such a session, none in any other.
 */
export async function shadowRouteCheck (target: URL, side: ShadowSide, key: string | undefined, timeoutMs: number): Promise<RouteCheck> {
  const base = target.href.replace(/\/$/, '')
  const auth = key === undefined ? undefined : `Bearer ${key}`
  const [targetAnswer, emulatorAnswer] = await Promise.all([
    probe(`${base}${NO_SUCH_ROUTE.path}`, auth, timeoutMs),
    probe(`${side.local.running.apiUrl}${NO_SUCH_ROUTE.path}`, undefined, timeoutMs)
  ])
  return createRouteCheck(
    targetAnswer === undefined ? undefined : { answer: targetAnswer, basePath: target.pathname.replace(/\/$/, '') },
    emulatorAnswer === undefined ? undefined : { answer: emulatorAnswer, basePath: new URL(side.local.running.apiUrl).pathname }
  )
}

/** Whether a pair may show a missing route: the target refused with a status the emulator did not answer. */
export function mayBeMissingRoute (emulator: Answer, target: Answer): boolean {
  return target.status >= 400 && target.status < 500 && emulator.status !== target.status
}

/** The differences of one pair: the missing route alone when the target lacks it, else what `compare` finds. */
export function differencesOf (
  check: RouteCheck | undefined, request: HttpRequest, emulator: Answer, target: Answer, compare: () => Difference[]
): Difference[] {
  const missing = check === undefined ? null : check.check(request, emulator, target)
  return missing === null ? compare() : [missing]
}

/**
 * The live verdict on one recorded step, kept in its step file so `parity --verify` judges the step as the live
 * shadow did (it has no target to probe): the route the target lacked (its status and not-found text), or the
 * target's failure (a page where the emulator answered JSON: the shadow side took the request, nothing compared).
 */
export type StepVerdict = Static<typeof StepVerdictSchema>

/** `{ verdict }` when a step's differences carry one (a missing route is the only difference of its pair), else `{}`. */
export function verdictOf (differences: readonly Difference[]): { verdict?: StepVerdict } {
  const missing = differences.find((d) => d.kind === 'missing-route')
  return missing?.status === undefined || missing.notFound === undefined
    ? {}
    : { verdict: { missingRoute: { status: missing.status, notFound: missing.notFound } } }
}

/**
 * A recorded missing route, judged again on replay: none when the emulator now answers the target's not-found (a
 * learned `route-missing` replayed), else the same difference the live route check gave.
 */
export function replayedMissingRoute (
  verdict: NonNullable<StepVerdict['missingRoute']>, request: HttpRequest, emulator: Answer, basePath: string
): Difference[] {
  if (emulator.status === verdict.status && notFoundTemplate(emulator, request, basePath) === verdict.notFound) return []
  return [missingRouteDifference(emulator.status, verdict.status, verdict.notFound)]
}

/**
 * Marks each pair's differences `followsFrom` a write the emulator took and the target refused earlier, as parity
 * marks them (report.ts keeps the mark only when every sighting carries it); every pair is seen, in order.
 */
export function createFollowsTracker (): (request: HttpRequest, ref: RequestRef, emulator: Answer, target: Answer, found: Difference[]) => Difference[] {
  const failedWrites: FailedWrite[] = []
  return (request, ref, emulator, target, found) => {
    const origin = found.length > 0 ? followsFrom(failedWrites, request) : undefined
    trackFailedWrite(failedWrites, request, ref, emulator, target)
    return origin === undefined ? found : found.map((d) => ({ ...d, followsFrom: origin }))
  }
}

/** One compared exchange: the shadow side, the client's key, the request (below the base URL) and its reference. */
export interface Exchange { side: ShadowSide, key: string | undefined, request: HttpRequest, ref: RequestRef }

export interface Judge {
  /**
   * One pair's differences: the route check asked of both sides the first time a pair may need it, and each
   * difference marked `followsFrom` a write the emulator took and the target refused earlier in the session, as
   * parity marks them (report.ts keeps the mark only when every sighting carries it).
   */
  differences (exchange: Exchange, emulator: Answer, target: Answer, compare: () => Difference[]): Promise<Difference[]>
}

/** A session's judge; the route check is probed at most once, `probed` counting the request it added to the target (as the import's are counted). */
export function createJudge (targetUrl: URL, timeoutMs: number, probed: () => void): Judge {
  let check: Promise<RouteCheck> | undefined
  const follows = createFollowsTracker()
  return {
    async differences ({ side, key, request, ref }, emulator, target, compare) {
      if (check === undefined && mayBeMissingRoute(emulator, target)) check = shadowRouteCheck(targetUrl, side, key, timeoutMs).finally(probed)
      const found = differencesOf(check === undefined ? undefined : await check, request, emulator, target, compare)
      return follows(request, ref, emulator, target, found)
    }
  }
}
