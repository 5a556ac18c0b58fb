// Secrets that clients put in a query string (`?api_key=…`) never reach the logs or the request journal as sent.

/**
 * Query parameter names (and, for parity's shadow, JSON body fields) that carry a key or token (lower case; `-` and
 * `_` ignored). INFER: the service reads none of them (its keys go in `Authorization: Bearer`), and no parameter or
 * request field of its reference has one of these names.
 */
const SECRET_PARAMS = new Set(['apikey', 'key', 'token', 'accesstoken', 'authtoken', 'idtoken', 'refreshtoken', 'sessiontoken', 'authorization', 'auth',
  'secret', 'clientsecret', 'password', 'passwd', 'bearer'])
export const REDACTED = '[redacted]'

export function isSecretParam (name: string): boolean {
  return SECRET_PARAMS.has(name.toLowerCase().replace(/[-_]/g, ''))
}

/** Every secret name holds one of these once `-` and `_` are gone; an encoded name (`%`, `+`) is checked in full. */
const SECRET_PART = /key|token|auth|secret|pass|bearer|[%+]/i

/** False when no parameter name in `query` can be a secret one: the log line of most requests skips the split. */
function mayHoldSecret (query: string): boolean {
  return SECRET_PART.test(query.replace(/[-_]/g, ''))
}

/** The URL with the value of every secret-looking query parameter replaced; everything else byte for byte. */
export function redactUrl (url: string, replacement: string = REDACTED): string {
  const at = url.indexOf('?')
  if (at < 0 || !mayHoldSecret(url.slice(at + 1))) return url
  const pairs = url.slice(at + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=')
    const name = eq < 0 ? pair : pair.slice(0, eq)
    let decoded = name
    try { decoded = decodeURIComponent(name.replace(/\+/g, ' ')) } catch { /* keep the raw name */ }
    return eq >= 0 && isSecretParam(decoded) ? `${name}=${replacement}` : pair
  })
  return `${url.slice(0, at)}?${pairs.join('&')}`
}
