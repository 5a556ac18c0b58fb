// Route patterns as fault and stub rules write them: `/scenes/{sceneId}`, `/scenes/*`, `/collections/**`, matched
// segment by segment against the request path without `/api/v1`, plus the method check both kinds of rule share.
import { withoutApiPrefix } from '../lib/routes.js'

/** What a rule needs for matching: its method (or *), its compiled pattern and the firings it has left. */
export interface PatternRule {
  method: string
  matcher: RegExp
  /** Firings left; null = unlimited. */
  remaining: number | null
}

const METHOD = /^(\*|[A-Z]+)$/

/** `/api/v1/scenes/abc?x=1` → `/scenes/abc`: the form rules and patterns are written in. */
export function routePath (url: string): string {
  const at = url.indexOf('?')
  const path = at < 0 ? url : url.slice(0, at)
  const bare = withoutApiPrefix(path)
  return trimSlash(bare === '' ? '/' : bare)
}

function trimSlash (path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}

/**
 * Compiles a route pattern, matched segment by segment against the request path without `/api/v1`:
 * `{name}` or `*` alone = exactly one segment, `*` inside a segment = any characters but `/`,
 * a final `**` = zero or more further segments. Everything else is literal. Throws a RangeError when invalid.
 */
export function compilePattern (pattern: string): RegExp {
  const path = routePath(pattern)
  if (!path.startsWith('/')) throw new RangeError(`path "${pattern}" must start with /`)
  const segments = path === '/' ? [] : path.slice(1).split('/')
  let source = ''
  segments.forEach((segment, i) => {
    if (segment === '**') {
      if (i !== segments.length - 1) throw new RangeError(`path "${pattern}": ** is only allowed as the last segment`)
      source += '(?:/[^/]+)*'
    } else if (segment === '*' || /^\{[^{}/]+\}$/.test(segment)) {
      source += '/[^/]+'
    } else {
      source += '/' + segment.split('*').map(escapeRegExp).join('[^/]*')
    }
  })
  return new RegExp(`^${source === '' ? '/?' : source}$`)
}

function escapeRegExp (text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Whether a rule with `remaining` firings left applies to this method and path. */
export function ruleMatches (rule: PatternRule, method: string, path: string): boolean {
  if (rule.remaining !== null && rule.remaining <= 0) return false
  return (rule.method === '*' || rule.method === method.toUpperCase()) && rule.matcher.test(routePath(path))
}

/** Checks a method name; returns it upper-cased. */
export function normalizeMethod (method: string | undefined): string {
  const upper = (method ?? '*').trim().toUpperCase()
  if (!METHOD.test(upper)) throw new RangeError(`method "${method}" must be an HTTP method or *`)
  return upper
}
