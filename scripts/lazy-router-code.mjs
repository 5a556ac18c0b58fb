// An esbuild plugin for the bundle (bundle-server.mjs): find-my-way, Fastify's router, generates code with `new
// Function` when a route is added (a prefix matcher per static tree node, a params builder and a constraint matcher
// per handler), and each is parsed and compiled right then, outside Node's compile cache: for the emulator's ~115
// route and method entries, the largest item of the router's share of a start (issue 43, docs/performance.md). In
// the bundle each of these is made on its first call instead (a prefix matcher after its first lookups, which it
// answers by the same comparison in a loop), the same generated code, which then replaces its stand-in on the
// object that holds it; a route no request reaches never pays for it. Routing is unchanged: the same
// functions, over the same state, built from the same text (the text is still written when the route is added).
// The build fails when a target text is missing (a find-my-way upgrade that moved it): check the new version's code
// generation, then update the targets.

/** The stand-in each patched file gains: made on its holder's first call, then the holder keeps the real one. */
const LAZY = `
// (the emulator's bundle, scripts/lazy-router-code.mjs) generated code made on first call, not when a route is added
function lazyCompiled (name, make) {
  return function lazy (a, b, c, d, e) {
    const made = make()
    this[name] = made
    return made.call(this, a, b, c, d, e)
  }
}
`

/** Per file of find-my-way: [text to find, its replacement], each found exactly once. */
export const ROUTER_PATCHES = {
  'lib/node.js': [
    ['function compilePrefixMatch (prefix) {', `${LAZY}
// Fastify looks each GET route's HEAD twin up as it adds it (findRoute), which walks the static nodes above it: a
// node compiles its matcher once that many lookups passed it, and compares in a loop (the same test) until then.
const LOOKUPS_BEFORE_CODE = 16

function lazyPrefixMatch (prefix) {
  // One character and long prefixes get no generated code (a shared function, a closure): made as before.
  if (prefix.length === 1 || prefix.length >= LONG_PREFIX_MIN_LENGTH) return compilePrefixMatch(prefix)
  let lookups = 0
  return function lazy (path, i) {
    if (++lookups > LOOKUPS_BEFORE_CODE) {
      const made = compilePrefixMatch(prefix)
      this.matchPrefix = made
      return made(path, i)
    }
    for (let at = 1; at < prefix.length; at++) if (path.charCodeAt(i + at) !== prefix.charCodeAt(at)) return false
    return true
  }
}

function compilePrefixMatch (prefix) {`],
    ['this.matchPrefix = kind === NODE_TYPES.STATIC ? compilePrefixMatch(prefix) : null',
      'this.matchPrefix = kind === NODE_TYPES.STATIC ? lazyPrefixMatch(prefix) : null'],
    ['this.matchPrefix = compilePrefixMatch(childPrefix)', 'this.matchPrefix = lazyPrefixMatch(childPrefix)']
  ],
  'lib/handler-storage.js': [
    ["'use strict'\n", `'use strict'\n${LAZY}`],
    ['_createParamsObject: this._compileCreateParamsObject(params)',
      "_createParamsObject: lazyCompiled('_createParamsObject', () => this._compileCreateParamsObject(params))"],
    ["this._getHandlerMatchingConstraints = new Function('derivedConstraints', lines.join('\\n')) // eslint-disable-line",
      "const body = lines.join('\\n')\n    this._getHandlerMatchingConstraints = " +
      "lazyCompiled('_getHandlerMatchingConstraints', () => new Function('derivedConstraints', body)) // eslint-disable-line"]
  ]
}

/** A patched file's text, or the error naming each target not found exactly once. */
export function patchRouterFile (name, source) {
  let text = source
  const missing = []
  for (const [find, replace] of ROUTER_PATCHES[name]) {
    if (text.split(find).length !== 2) missing.push(find.split('\n')[0])
    else text = text.replace(find, () => replace)
  }
  return missing.length === 0 ? { text } : { error: `find-my-way/${name}: not found once: ${missing.join(' | ')} (scripts/lazy-router-code.mjs)` }
}

export const lazyRouterCode = {
  name: 'lazy-router-code',
  setup (esbuild) {
    esbuild.onLoad({ filter: /[\\/]node_modules[\\/]find-my-way[\\/]lib[\\/](node|handler-storage)\.js$/ }, async ({ path }) => {
      const { readFile } = await import('node:fs/promises')
      const name = `lib/${path.split(/[\\/]/).pop()}`
      const { text, error } = patchRouterFile(name, await readFile(path, 'utf8'))
      return error === undefined ? { contents: text, loader: 'js' } : { errors: [{ text: error }] }
    })
  }
}
