// Missing routes: a route the target does not have answers its framework's route-not-found, which an id-not-found
// 404 of the same status would otherwise pass for. Each side is asked once for a path that cannot exist; an
// answer that reads like that one (its method and path put in) is "operation missing", not a missing record.
import type { Answer, Difference, HttpRequest } from './types.js'

/** The request whose answer shows a side's route-not-found: a path no version of the API has. */
export const NO_SUCH_ROUTE: HttpRequest = { method: 'GET', path: '/parityNoSuchRoute/parityNoSuchId0' }
export const NO_SUCH_ROUTE_OPERATION = 'GET /api/v1/parityNoSuchRoute (route-not-found probe)'

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The answer's body as text with the request's method and path as `<method>` and `<path>`: what `learn` replays. */
export function notFoundTemplate (answer: Answer, request: HttpRequest, basePath: string): string {
  const text = answer.json ? JSON.stringify(answer.body) : String(answer.body ?? '')
  const query = new URLSearchParams(request.query ?? {}).toString()
  const bare = [`${basePath}${request.path}`, request.path]
  const paths = [...bare, ...(query === '' ? [] : bare.map((p) => `${p}?${query}`))].flatMap((p) => [p, encodeURI(p)])
  let out = text
  for (const path of [...new Set(paths)].sort((a, b) => b.length - a.length)) out = out.split(path).join('<path>')
  return out.replace(new RegExp(`\\b${escape(request.method)}\\b`, 'g'), '<method>')
}

/** The answer's status and body with the request's method and path taken out: what any route-not-found shares. */
export function notFoundFingerprint (answer: Answer, request: HttpRequest, basePath: string): string {
  return `${answer.status}|${notFoundTemplate(answer, request, basePath)}`
}

/** The difference a missing route is; `notFound` is the target's answer with the request's method and path taken out, for `learn` to replay. */
export function missingRouteDifference (emulatorStatus: number, targetStatus: number, notFound: string): Difference {
  return {
    path: 'route', kind: 'missing-route', emulator: `answered ${emulatorStatus}`, target: `operation missing at the target (route not found, ${targetStatus})`,
    status: targetStatus, notFound
  }
}

export interface RouteCheck {
  /** `operation missing at the target`, when the target's answer is its route-not-found and the emulator's is not. */
  check (request: HttpRequest, emulator: Answer, target: Answer): Difference | null
}

export interface SideNotFound { answer: Answer, basePath: string }

/**
 * Built from each side's answer to NO_SUCH_ROUTE. It only judges when the target's route-not-found names the
 * path it was asked for: a text that names nothing cannot be told from a missing record's.
 */
export function createRouteCheck (target: SideNotFound | undefined, emulator: SideNotFound | undefined): RouteCheck {
  const usable = target !== undefined && target.answer.status >= 400 && target.answer.notSent === undefined &&
    notFoundFingerprint(target.answer, NO_SUCH_ROUTE, target.basePath).includes('<path>')
  if (!usable || emulator === undefined) return { check: () => null }
  const targetPrint = notFoundFingerprint(target.answer, NO_SUCH_ROUTE, target.basePath)
  const emulatorPrint = notFoundFingerprint(emulator.answer, NO_SUCH_ROUTE, emulator.basePath)
  return {
    check (request, e, t) {
      if (t.status !== target.answer.status || notFoundFingerprint(t, request, target.basePath) !== targetPrint) return null
      if (notFoundFingerprint(e, request, emulator.basePath) === emulatorPrint) return null
      return missingRouteDifference(e.status, t.status, notFoundTemplate(t, request, target.basePath))
    }
  }
}
