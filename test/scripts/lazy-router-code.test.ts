// The bundle's find-my-way makes its generated code on first call (scripts/lazy-router-code.mjs): routes as the
// package as installed does (the same handler, params and store for every path, matched or not), with no code
// generated when routes are added, and each stand-in replaced by the real function once called.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { build } from 'esbuild'

interface Script {
  lazyRouterCode: object
  patchRouterFile: (name: string, source: string) => { text?: string, error?: string }
  ROUTER_PATCHES: Record<string, Array<[string, string]>>
}
const script = await import(String(new URL('../../scripts/lazy-router-code.mjs', import.meta.url))) as Script

type Handler = (...args: unknown[]) => void
interface Found { handler: Handler, params: Record<string, string>, store: unknown }
interface Router {
  on: (method: string, path: string, options: object, handler: Handler, store?: unknown) => void
  find: (method: string, path: string, derived?: object) => Found | null
  trees: Record<string, unknown>
}
type RouterFactory = (options?: object) => Router

/** find-my-way bundled on its own, with or without the plugin, loaded from a temporary folder. */
async function routerOf (t: Test, patched: boolean): Promise<RouterFactory> {
  const dir = mkdtempSync(join(tmpdir(), 'lazy-router-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const outfile = join(dir, 'router.cjs')
  await build({
    entryPoints: [createRequire(import.meta.url).resolve('find-my-way')],
    bundle: true, platform: 'node', format: 'cjs', outfile, logLevel: 'error',
    plugins: patched ? [script.lazyRouterCode as never] : []
  })
  t.equal(readFileSync(outfile, 'utf8').includes('function lazyCompiled'), patched, patched ? 'the bundle holds the stand-ins' : 'the package has none')
  return createRequire(outfile)(outfile) as RouterFactory
}

// The emulator's kinds of routes: static with shared prefixes (split nodes), long and one-character prefixes,
// parameters (one to six: the params builder's extra array), a wildcard, several methods on one path.
const ROUTES: Array<[string, string]> = [
  ['GET', '/'], ['GET', '/api/v1/collections'], ['POST', '/api/v1/collections'], ['GET', '/api/v1/collections/:collectionId'],
  ['GET', '/api/v1/scenes'], ['GET', '/api/v1/scenes/:sceneId'], ['PATCH', '/api/v1/scenes/:sceneId'], ['GET', '/api/v1/scenes/:sceneId/content'],
  ['PUT', '/api/v1/scenes/:sceneId/content'], ['GET', '/api/v1/scenes/:sceneId/links/:linkId'], ['HEAD', '/api/v1/scenes'],
  ['GET', '/_emulator/workspaces/:workspaceId/keys/:keyId'], ['GET', '/_emulator/health'], ['GET', '/_emulator/ui/assets/*'],
  ['GET', '/x/:a/:b/:c/:d/:e/:f'], ['GET', '/favicon.ico'], ['GET', '/a'], ['GET', '/ab'], ['GET', '/averyveryverylongstaticprefix/x']
]
const PATHS = ['/', '/api/v1/collections', '/api/v1/collections/', '/api/v1/collections/c1', '/api/v1/collection', '/api/v1/scenes',
  '/api/v1/scenes/s1', '/api/v1/scenes/s1/content', '/api/v1/scenes/s1/links/l2', '/api/v1/scenes/s%201/content', '/api/v1/scenex',
  '/_emulator/workspaces/w/keys/k', '/_emulator/health', '/_emulator/healthz', '/_emulator/ui/assets/a/b.js', '/x/1/2/3/4/5/6',
  '/x/1/2/3/4/5', '/favicon.ico', '/a', '/ab', '/abc', '/averyveryverylongstaticprefix/x', '/averyveryverylongstaticprefix/y', '/nope']

function table (Router: RouterFactory): Router {
  const router = Router({ maxParamLength: 16 * 1024 })
  ROUTES.forEach(([method, path], i) => router.on(method, path, {}, function handler () { return i }, { route: i }))
  // A constrained twin of a route: its node matches handlers by the request's derived constraints.
  router.on('GET', '/api/v1/scenes/:sceneId', { constraints: { host: 'example.com' } }, function handler () { return 'host' }, { route: 'host' })
  return router
}

/** Every lookup as plain data: which route, its params, its store. */
function lookups (router: Router): unknown[] {
  return ['GET', 'POST', 'PUT', 'PATCH', 'HEAD', 'DELETE'].flatMap((method) => PATHS.flatMap((path) =>
    [undefined, {}, { host: 'example.com' }, { host: 'other' }].map((derived) => {
      const found = router.find(method, path, derived)
      return [method, path, derived, found === null ? null : { route: found.handler(), params: { ...found.params }, store: found.store }]
    })))
}

/** The functions the router would generate, by whether each is still its stand-in: 'lazy' or 'made'. */
function generated (router: Router): string[] {
  const states: string[] = []
  const seen = new Set<unknown>()
  const visit = (node: Record<string, unknown> | null | undefined): void => {
    if (node == null || seen.has(node)) return
    seen.add(node)
    const matcher = node.matchPrefix as Handler | null
    if (typeof matcher === 'function' && matcher.name !== 'matchSingleCharPrefix' && matcher.name !== 'matchLongPrefix') states.push(matcher.name === 'lazy' ? 'lazy' : 'made')
    const storage = node.handlerStorage as { handlers: Array<{ _createParamsObject: Handler }> } | null
    for (const handler of storage?.handlers ?? []) states.push(handler._createParamsObject.name === 'lazy' ? 'lazy' : 'made')
    const matching = (storage as { _getHandlerMatchingConstraints?: Handler } | null)?._getHandlerMatchingConstraints
    if (storage != null && Object.hasOwn(storage, '_getHandlerMatchingConstraints')) states.push(matching?.name === 'lazy' ? 'lazy' : 'made')
    const children = [...(node.staticChildrenNodes as unknown[] ?? []), ...(node.parametricChildren as unknown[] ?? []), node.wildcardChild]
    for (const child of children) visit(child as Record<string, unknown>)
  }
  for (const tree of Object.values(router.trees)) visit(tree as Record<string, unknown>)
  return states
}

t.test('the patched router finds what the package finds, and generates its code on first call', async (t) => {
  const [Original, Lazy] = [await routerOf(t, false), await routerOf(t, true)]
  const original = table(Original)
  const lazy = table(Lazy)
  t.same(new Set(generated(original)), new Set(['made']), 'the package generates every function when a route is added')
  t.same(new Set(generated(lazy)), new Set(['lazy']), 'the bundle generates none then')
  const expected = lookups(original)
  t.same(lookups(lazy), expected, 'every lookup answers the same route, params and store')
  t.ok(generated(lazy).includes('made'), 'the functions the lookups called are now the generated ones')
  t.same(lookups(lazy), expected, 'and answer the same afterwards')
})

t.test('a target the installed find-my-way no longer holds fails the build, named', async (t) => {
  for (const [name, patches] of Object.entries(script.ROUTER_PATCHES)) {
    const source = readFileSync(createRequire(import.meta.url).resolve(`find-my-way/${name}`), 'utf8')
    t.equal(script.patchRouterFile(name, source).error, undefined, `${name}: every target found once`)
    const moved = source.replace(patches[1][0], 'moved')
    t.equal(script.patchRouterFile(name, moved).error, `find-my-way/${name}: not found once: ${patches[1][0]} (scripts/lazy-router-code.mjs)`)
  }
})
