// Differences that follow from an earlier one: a write the emulator took and the target refused leaves the two
// sides holding different things, so later requests on the same record (and the audit log) differ too. Those are
// marked with the write they follow from, so the one cause reads apart from its echoes.
import type { Answer, HttpRequest, RequestRef } from './types.js'

export interface FailedWrite { resource: string, ref: RequestRef & { status: number } }

const ok = (status: number): boolean => status >= 200 && status < 300

/** `/scenes/abc/content` → `/scenes/abc`; `/workspaces/invites/x` → `/workspaces/invites/x`: the record a path is about. */
export function resourceOf (path: string): string {
  const segments = path.split('?')[0].split('/').filter((s) => s !== '')
  const depth = segments[0] === 'workspaces' ? 3 : 2
  return `/${segments.slice(0, depth).join('/')}`
}

/** Remembers a write the emulator answered 2xx and the target did not. */
export function trackFailedWrite (failed: FailedWrite[], request: HttpRequest, ref: RequestRef, emulator: Answer, target: Answer): void {
  if (request.method === 'GET' || !ok(emulator.status) || ok(target.status) || target.notSent !== undefined) return
  failed.push({ resource: resourceOf(request.path), ref: { ...ref, status: target.status } })
}

/** The latest failed write a read's differences follow from: one on the record it reads or on a record of the list it reads, or any, for the audit log. */
export function followsFrom (failed: readonly FailedWrite[], request: HttpRequest): (RequestRef & { status: number }) | undefined {
  if (request.method !== 'GET') return undefined
  const resource = resourceOf(request.path)
  // The record itself, the list it is in, or the audit log.
  const match = [...failed].reverse().find((write) => resource === '/logs' || write.resource === resource || write.resource.startsWith(`${resource}/`))
  return match?.ref
}
