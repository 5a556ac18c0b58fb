// Accept rules: path patterns (`*` one segment, `**` any number), operation and kind filters, the split of one
// operation's differences, rules that matched nothing, and each mistake in an accept file as one line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { AcceptRuleError, createAcceptance, parseAcceptRules, pathMatches, readAcceptFile } from '../../src/parity/accept.js'
import type { Difference } from '../../src/parity/types.js'

const work = mkdtempSync(join(tmpdir(), 'accept-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

const diff = (path: string, kind = 'value'): Difference => ({ path, kind, emulator: 1, target: 2 })

t.test('path patterns: * is one segment, ** any number, the rest literal', async (t) => {
  const cases: Array<[string, string, boolean]> = [
    ['body/data/*/sortOrder', 'body/data/0/sortOrder', true],
    ['body/data/*/sortOrder', 'body/data/12/sortOrder', true],
    ['body/data/*/sortOrder', 'body/data/sortOrder', false],
    ['body/data/*/sortOrder', 'body/data/0/1/sortOrder', false],
    ['body/data/*/sortOrder', 'body/data/0/sortOrderX', false],
    ['body/**/sortOrder', 'body/sortOrder', true],
    ['body/**/sortOrder', 'body/data/0/metadata/sortOrder', true],
    ['body/**', 'body', true],
    ['body/**', 'body/a/b/c', true],
    ['header/**', 'body/a', false],
    ['**', 'status', true],
    ['status', 'status', true],
    ['status', 'status/x', false],
    ['body/logs/*/source_id', 'body/logs/*/source_id', true]
  ]
  for (const [pattern, path, expected] of cases) t.equal(pathMatches(pattern, path), expected, `${pattern} ~ ${path}`)
})

t.test('a split: operation and kind narrow a rule; the first matching rule gives the reason; unused rules are listed', async (t) => {
  const rules = parseAcceptRules([
    { operation: 'GET /api/v1/collections', path: 'body/data/*/sortOrder', reason: 'beta field' },
    { path: 'header/x-ratelimit-limit', kind: 'header', reason: 'our plan has another limit' },
    { path: 'body/**', kind: 'extra', reason: 'added fields are fine' },
    { operation: 'DELETE /api/v1/scenes/{sceneId}', path: 'status', reason: 'never seen' }
  ])
  const acceptance = createAcceptance(rules)
  const split = acceptance.split('GET /api/v1/collections', [
    diff('body/data/0/sortOrder'), diff('body/data/0/sortOrder', 'type'), diff('header/x-ratelimit-limit', 'header'),
    diff('body/data/1/color', 'extra'), diff('body/limit')
  ])
  t.same(split, {
    kept: [diff('body/limit')],
    accepted: [
      { ...diff('body/data/0/sortOrder'), reason: 'beta field', rule: 1 },
      { ...diff('body/data/0/sortOrder', 'type'), reason: 'beta field', rule: 1 },
      { ...diff('header/x-ratelimit-limit', 'header'), reason: 'our plan has another limit', rule: 2 },
      { ...diff('body/data/1/color', 'extra'), reason: 'added fields are fine', rule: 3 }
    ]
  })
  t.same(acceptance.split('GET /api/v1/scenes', [diff('body/data/0/sortOrder')]), { kept: [diff('body/data/0/sortOrder')], accepted: [] }, 'another operation')
  t.same(acceptance.unused(), [{ operation: 'DELETE /api/v1/scenes/{sceneId}', path: 'status', reason: 'never seen', rule: 4 }])
})

t.test('an accept file that cannot be used: one line naming the file and the rule', async (t) => {
  const file = join(work, 'accept.json')
  const cases: Array<[string, RegExp]> = [
    ['{"path": "status"}', /^the accept file .+accept\.json is not a JSON array of accept rules$/],
    ['[{"path": "status", "reason": "x"}', /^the accept file .+accept\.json is not JSON \(.+\)$/],
    ['[{"path": "status"}]', /^the accept file .+: rule 1: "reason" must be a non-empty string$/],
    ['[{"path": "status", "reason": "x"}, {"path": "", "reason": "y"}]', /^the accept file .+: rule 2: "path" must be a non-empty string$/],
    ['[{"path": "status", "reason": "x", "kinds": "value"}]', /^the accept file .+: rule 1 has unknown key "kinds" \(a rule has operation, path, kind, target and reason\)$/],
    ['[{"path": "status", "reason": "x", "operation": 5}]', /^the accept file .+: rule 1: "operation", when given, must be a non-empty string$/],
    ['["status"]', /^the accept file .+: rule 1 is not an object$/]
  ]
  for (const [text, message] of cases) {
    writeFileSync(file, text)
    t.throws(() => readAcceptFile(file), { name: 'AcceptRuleError', message }, text)
  }
  t.throws(() => readAcceptFile(join(work, 'nowhere.json')), new AcceptRuleError(`cannot read the accept file ${join(work, 'nowhere.json')}`))
  writeFileSync(file, '[{"operation": "GET /api/v1/logs", "path": "body/logs/*/source_id", "kind": "format", "reason": "ids"}]')
  t.same(readAcceptFile(file), [{ operation: 'GET /api/v1/logs', path: 'body/logs/*/source_id', kind: 'format', reason: 'ids' }])
})

t.test('a rule that names the target\'s value accepts that value only: a gate pins it', async (t) => {
  const pageSize = (target: unknown): Difference => ({ path: 'body/limit', kind: 'value', emulator: 20, target })
  const acceptance = createAcceptance(parseAcceptRules([{ operation: 'GET /api/v1/scenes', path: 'body/limit', kind: 'value', target: 50, reason: 'the beta pages by 50' }]))
  t.same(acceptance.split('GET /api/v1/scenes', [pageSize(50)]), { kept: [], accepted: [{ ...pageSize(50), reason: 'the beta pages by 50', rule: 1 }] })
  t.same(acceptance.split('GET /api/v1/scenes', [pageSize(100)]), { kept: [pageSize(100)], accepted: [] }, 'the value moved on: reported again')
  t.same(acceptance.split('GET /api/v1/scenes', [pageSize('50')]), { kept: [pageSize('50')], accepted: [] }, 'compared as JSON: "50" is not 50')
  const objects = createAcceptance(parseAcceptRules([{ path: 'body/sort', target: { by: 'name', order: 'asc' }, reason: 'x' }]))
  t.equal(objects.split('GET /api/v1/scenes', [{ path: 'body/sort', kind: 'value', emulator: null, target: { order: 'asc', by: 'name' } }]).accepted.length, 1, 'objects by content')
  const nullTarget = createAcceptance(parseAcceptRules([{ path: 'header/x-ratelimit-reset', target: null, reason: 'dropped' }]))
  t.equal(nullTarget.split('GET /api/v1/scenes', [{ path: 'header/x-ratelimit-reset', kind: 'header', emulator: '60', target: null }]).accepted.length, 1, 'a null target is a value too')
  t.equal(nullTarget.split('GET /api/v1/scenes', [{ path: 'header/x-ratelimit-reset', kind: 'header', emulator: '60', target: '30' }]).accepted.length, 0)
})
