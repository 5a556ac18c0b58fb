// What one shadowed exchange counts as, before anything is compared: the target failing (a 5xx, a body that is not
// JSON where the emulator's is), a route the target does not have (parity's route check, from each side's answer
// to a path no API has, asked once), or a pair of answers to compare.
import { toAnswer } from '../client.js'
import { createRouteCheck, NO_SUCH_ROUTE, type RouteCheck } from '../route-check.js'
import type { Answer, Difference, HttpRequest } from '../types.js'
import type { ShadowSide } from './side.js'

/**
 * Why the target's answer is its failure rather than the API's shape, or undefined. A 5xx is an outage or a proxy's
 * error page; a text or HTML body where the emulator answered JSON is a page in front of the service. Either is
 * listed under the shadow's failures, never as a difference, so `learn` never learns it.
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
    const response = await fetch(url, { headers: authorization === undefined ? {} : { authorization }, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' })
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
export function differencesOf (check: RouteCheck | undefined, request: HttpRequest, emulator: Answer, target: Answer, compare: () => Difference[]): Difference[] {
  const missing = check === undefined ? null : check.check(request, emulator, target)
  return missing === null ? compare() : [missing]
}

export interface RouteJudge {
  /** One pair's differences, the route check asked of both sides the first time a pair may need it. */
  differences (side: ShadowSide, key: string | undefined, request: HttpRequest, emulator: Answer, target: Answer, compare: () => Difference[]): Promise<Difference[]>
}

/** A session's route check, probed at most once; `probed` counts the request it added to the target (as the import's are counted). */
export function createRouteJudge (targetUrl: URL, timeoutMs: number, probed: () => void): RouteJudge {
  let check: Promise<RouteCheck> | undefined
  return {
    async differences (side, key, request, emulator, target, compare) {
      if (check === undefined && mayBeMissingRoute(emulator, target)) check = shadowRouteCheck(targetUrl, side, key, timeoutMs).finally(probed)
      return differencesOf(check === undefined ? undefined : await check, request, emulator, target, compare)
    }
  }
}
