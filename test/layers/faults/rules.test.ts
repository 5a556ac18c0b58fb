// Pure fault matching: route patterns, methods, phases, the X-Emulator-* headers and slow-body chunking.
import t from 'tap'
import { chunksOf, parseFaultHeader, parseLatencyHeader, phaseOf } from '../../../src/layers/faults/rules.js'
import { compilePattern, normalizeMethod, routePath, ruleMatches } from '../../../src/layers/route-patterns.js'

const rule = (method: string, path: string, remaining: number | null = null) =>
  ({ method, matcher: compilePattern(path), remaining })

t.test('routePath strips /api/v1, the query and a trailing slash', async (t) => {
  t.equal(routePath('/api/v1/scenes/abc?limit=5'), '/scenes/abc')
  t.equal(routePath('/api/v1'), '/')
  t.equal(routePath('/api/v1/'), '/')
  t.equal(routePath('/scenes/'), '/scenes')
  t.equal(routePath('/api/v1x/scenes'), '/api/v1x/scenes', 'only a whole /api/v1 segment is a prefix')
})

t.test('patterns', async (t) => {
  const cases: Array<[string, string, boolean]> = [
    ['/scenes/{sceneId}', '/scenes/scnShapes01', true],
    ['/scenes/{sceneId}', '/scenes', false],
    ['/scenes/{sceneId}', '/scenes/a/content', false],
    ['/scenes/*', '/scenes/a', true],
    ['/scenes/scnShapes01', '/scenes/scnShapes01', true],
    ['/scenes/scnShapes01', '/scenes/scnEmpty001', false],
    ['/scenes/scn*', '/scenes/scnShapes01', true],
    ['/scenes/scn*', '/scenes/other', false],
    ['/scenes/**', '/scenes', true],
    ['/scenes/**', '/scenes/a/content', true],
    ['/scenes/**', '/scenesx', false],
    ['/**', '/workspaces/users/u1', true],
    ['/api/v1/collections', '/collections', true],
    ['/collections/', '/collections', true],
    ['/a.b', '/aXb', false]
  ]
  for (const [pattern, path, expected] of cases) {
    t.equal(compilePattern(pattern).test(path), expected, `${pattern} ${expected ? 'matches' : 'does not match'} ${path}`)
  }
  t.throws(() => compilePattern('scenes'), new RangeError('path "scenes" must start with /'))
  t.throws(() => compilePattern('/**/content'), new RangeError('path "/**/content": ** is only allowed as the last segment'))
})

t.test('ruleMatches: method, path and remaining firings', async (t) => {
  t.ok(ruleMatches(rule('GET', '/scenes/{sceneId}'), 'get', '/api/v1/scenes/a?x=1'), 'methods compare upper-cased, full URLs are reduced')
  t.notOk(ruleMatches(rule('GET', '/scenes/{sceneId}'), 'POST', '/api/v1/scenes/a'))
  t.ok(ruleMatches(rule('*', '/scenes/{sceneId}'), 'DELETE', '/api/v1/scenes/a'), '* is any method')
  t.notOk(ruleMatches(rule('*', '/scenes', 0), 'GET', '/api/v1/scenes'), 'a spent rule never matches')
  t.ok(ruleMatches(rule('*', '/scenes', 1), 'GET', '/api/v1/scenes'))
})

t.test('normalizeMethod and phaseOf', async (t) => {
  t.equal(normalizeMethod(undefined), '*')
  t.equal(normalizeMethod(' post '), 'POST')
  t.throws(() => normalizeMethod('GE T'), new RangeError('method "GE T" must be an HTTP method or *'))
  t.equal(phaseOf(503, undefined), 'before')
  t.equal(phaseOf('drop', 'after'), 'after')
  t.equal(phaseOf('slow', undefined), 'after', 'a slow body is always the real one, so the handler runs')
  t.equal(phaseOf('latency', undefined), 'before')
  t.throws(() => phaseOf('slow', 'before'), new RangeError('phase does not apply to "slow" faults'))
})

t.test('X-Emulator-Fault', async (t) => {
  t.equal(parseFaultHeader(undefined), null)
  t.same(parseFaultHeader('503'), { kind: 503, phase: 'before', delayMs: null })
  t.same(parseFaultHeader('HTML; phase=after'), { kind: 'html', phase: 'after', delayMs: null })
  t.same(parseFaultHeader('drop;phase=after'), { kind: 'drop', phase: 'after', delayMs: null })
  t.same(parseFaultHeader('slow; delay=100'), { kind: 'slow', phase: 'after', delayMs: 100 })
  t.throws(() => parseFaultHeader('504'), new RangeError('expected 500, 502, 503, html, drop or slow (got "504")'))
  t.throws(() => parseFaultHeader('latency'), new RangeError('expected 500, 502, 503, html, drop or slow (got "latency")'))
  t.throws(() => parseFaultHeader('503; phase=later'), new RangeError('unknown parameter "phase=later"'))
  t.throws(() => parseFaultHeader('503; delay=5'), new RangeError('unknown parameter "delay=5"'), 'delay is for slow only')
  t.throws(() => parseFaultHeader('slow; phase=after'), new RangeError('phase does not apply to "slow" faults'))
})

t.test('X-Emulator-Latency', async (t) => {
  t.equal(parseLatencyHeader(undefined), null)
  t.equal(parseLatencyHeader(' 250 '), 250)
  t.equal(parseLatencyHeader('0'), 0)
  const message = (raw: string) => new RangeError(`delay must be an integer number of milliseconds 0..600000 (got "${raw}")`)
  t.throws(() => parseLatencyHeader('-1'), message('-1'))
  t.throws(() => parseLatencyHeader('1.5'), message('1.5'))
  t.throws(() => parseLatencyHeader('600001'), message('600001'))
})

t.test('chunksOf', async (t) => {
  t.same(chunksOf(Buffer.from(''), 8), [])
  t.same(chunksOf(Buffer.from('abc'), 8).map(String), ['a', 'b', 'c'], 'never more chunks than bytes')
  t.same(chunksOf(Buffer.from('abcdefghij'), 4).map(String), ['abc', 'def', 'ghi', 'j'])
})
