// Who may see the demo page when EMULATOR_ADMIN_TOKEN is set: a browser cannot send an Authorization header on
// a plain navigation, so a small login form sets an HttpOnly cookie holding a hash of the token. The JSON admin
// API stays header-only; the page reaches it through /_emulator/ui/api/, which adds the header server-side.
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { fail } from '../../errors.js'
import { BEARER_HEADER } from '../../lib/routes.js'
import { html, toText } from './html.js'
import { UI_PREFIX } from './layout.js'

export const COOKIE = 'emulator_ui'

/** The cookie never carries the token itself, only a digest of it. */
export const tokenDigest = (token: string): string => createHash('sha256').update(`emulator-ui:${token}`).digest('hex')

export function tokenMatches (a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function cookieValue (request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return undefined
}

/** True when no token is configured, or the request carries it (Bearer header) or the login cookie. */
export function admitted (request: FastifyRequest, token: string | undefined): boolean {
  if (token === undefined) return true
  const bearer = BEARER_HEADER.exec(request.headers.authorization ?? '')
  if (bearer !== null && tokenMatches(bearer[1], token)) return true
  const cookie = cookieValue(request, COOKIE)
  return cookie !== undefined && tokenMatches(cookie, tokenDigest(token))
}

export function cookieHeader (token: string): string {
  return `${COOKIE}=${tokenDigest(token)}; Path=/_emulator; HttpOnly; SameSite=Strict`
}

/** Expires the sign-in cookie at once (same name, path and flags, empty value). */
export function logoutCookieHeader (): string {
  return `${COOKIE}=; Path=/_emulator; HttpOnly; SameSite=Strict; Max-Age=0`
}

export function loginPage (failed: boolean): string {
  return toText(html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in · drawing-api-emulator</title>
<link rel="icon" href="${UI_PREFIX}/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="${UI_PREFIX}/app.css"></head><body><main>
<h1>drawing-api-emulator</h1><p>This emulator has an admin token (<code>EMULATOR_ADMIN_TOKEN</code>). Enter it to see the demo page.</p>
${failed ? html`<p class="warn">That is not the admin token.</p>` : ''}
<form method="post" action="${UI_PREFIX}/login" class="inline"><input type="password" name="token" autocomplete="current-password" autofocus>
<button>Sign in</button></form></main></body></html>`)
}

/** HTML pages send a person to the form; anything else gets the service's 401 envelope. */
export async function refuse (request: FastifyRequest, reply: FastifyReply) {
  if ((request.headers.accept ?? '').includes('text/html')) return await reply.redirect(`${UI_PREFIX}/login`, 303)
  fail(request.headers.authorization === undefined ? 'EMU_ADMIN_TOKEN_MISSING' : 'EMU_ADMIN_TOKEN_WRONG')
}
