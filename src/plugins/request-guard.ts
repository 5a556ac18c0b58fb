// What a web page must not reach: requests naming a foreign Host (DNS rebinding) are refused on
// every route, and admin writes sent by a browser from another origin (CSRF) are refused before any handler runs.
import { isIP } from 'node:net'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { fail } from '../errors.js'

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1'])
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const ADMIN_PREFIX = '/_emulator'

/** `example.test:4000` → `example.test`; `[::1]:4000` → `::1`; lower case, no trailing dot. */
export function hostnameOf (hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase()
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d*$/, '')
  return name.replace(/\.$/, '')
}

/**
 * Served: loopback names and *.localhost, any IP literal (a rebinding attack needs a name it controls, and Docker or
 * a LAN reach the emulator by address), the host it was bound to, and EMULATOR_ALLOWED_HOSTS ('*' serves any).
 */
export function createHostCheck (boundHost: string, allowed: readonly string[]): (hostHeader: string | undefined) => boolean {
  const names = new Set([...allowed.map(hostnameOf), hostnameOf(boundHost)])
  const anyHost = allowed.includes('*')
  return (hostHeader) => {
    if (anyHost || hostHeader === undefined) return true // HTTP/1.0 clients may send no Host at all.
    const name = hostnameOf(hostHeader)
    return LOOPBACK_NAMES.has(name) || name.endsWith('.localhost') || isIP(name) !== 0 || names.has(name)
  }
}

/**
 * A browser says where a request comes from (Sec-Fetch-Site, Origin); curl, SDKs and test clients send neither,
 * so they keep working. INFER: checking those headers, rather than demanding a JSON content type, keeps every
 * existing `curl -X POST .../_emulator/reset` working while refusing every cross-site form or fetch.
 */
export function isCrossSiteBrowserRequest (request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  if (site === 'cross-site' || site === 'same-site') return true
  const origin = request.headers.origin
  if (origin === undefined) return false
  if (origin === 'null') return true // sandboxed frames, file:// pages, redirects across origins
  try {
    const from = new URL(origin)
    // Both sides through URL, so a default port (`:80`) written on one side only still compares equal.
    return from.host !== new URL(`${from.protocol}//${request.headers.host ?? ''}`).host
  } catch {
    return true
  }
}

/** The answer for the last Host header asked about: clients send the same one request after request. */
function rememberingLast (check: (hostHeader: string | undefined) => boolean): (hostHeader: string | undefined) => boolean {
  let lastHost: string | undefined
  let lastServed = false
  return (hostHeader) => {
    if (hostHeader === undefined || hostHeader !== lastHost) {
      lastServed = check(hostHeader)
      lastHost = hostHeader
    }
    return lastServed
  }
}

export default fp(async (app) => {
  const hostServed = rememberingLast(createHostCheck(app.config.host, app.config.allowedHosts))
  // Synchronous (a refusal is thrown, which Fastify's hook runner hands to the error handler as it does a rejection),
  // so a callback hook: no promise and no extra turn per request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!hostServed(request.headers.host)) fail('EMU_FOREIGN_HOST', hostnameOf(request.headers.host ?? ''))
    if (!SAFE_METHODS.has(request.method) && request.url.startsWith(ADMIN_PREFIX) && isCrossSiteBrowserRequest(request)) {
      fail('EMU_CROSS_SITE_ADMIN', request.method, request.url.split('?')[0])
    }
    done()
  })
}, { name: 'request-guard', dependencies: ['runtime'] })
