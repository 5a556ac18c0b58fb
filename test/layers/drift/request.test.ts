// Reading the request headers: X-Emulator-Drift (off, forced kinds, pasted changes) and X-Emulator-Drift-Seed.
import t from 'tap'
import { driftKindNames } from '../../../src/layers/drift/kinds/index.js'
import { parseDriftRequest, parseDriftSeed } from '../../../src/layers/drift/request.js'

t.test('parseDriftRequest', async (t) => {
  t.same(parseDriftRequest(undefined), { mode: 'default' })
  t.same(parseDriftRequest('  '), { mode: 'default' })
  t.same(parseDriftRequest('OFF'), { mode: 'off' })
  t.same(parseDriftRequest('rename-field,deprecation , rename-field'), {
    mode: 'forced', steps: [{ kind: 'rename-field' }, { kind: 'deprecation' }, { kind: 'rename-field' }]
  }, 'order and repeats are kept')
  t.same(parseDriftRequest(['null-field /metadata/name', 'deprecation']), {
    mode: 'forced', steps: [{ kind: 'null-field', pointer: '/metadata/name' }, { kind: 'deprecation' }]
  }, 'a repeated header reads as one list')
  t.same(parseDriftRequest('add-unknown-field /a%2Cb/%C3%A9%25/x y'), {
    mode: 'forced', steps: [{ kind: 'add-unknown-field', pointer: '/a,b/é%/x y' }]
  }, 'pointers are percent-decoded as X-Emulator-Drift encodes them; spaces stay')
  t.same(parseDriftRequest('older-shape /data/0/metadata, older-shape /data/1/metadata, ... (+98 more)'), {
    mode: 'forced', steps: [{ kind: 'older-shape', pointer: '/data/0/metadata' }, { kind: 'older-shape', pointer: '/data/1/metadata' }]
  }, 'the tail of a shortened header is skipped')
  t.same(parseDriftRequest('learned status, learned /metadata/name, null-field /metadata/name, learned header/deprecation'), {
    mode: 'forced', steps: [{ kind: 'null-field', pointer: '/metadata/name' }]
  }, 'a drift profile\'s changes are skipped: the profile makes them anyway')
  t.same(parseDriftRequest('learned /metadata/name'), { mode: 'default' }, 'only learned changes: as if no header')
  const valid = driftKindNames.join(', ')
  t.same(parseDriftRequest('nope, deprecation, nope, other'), {
    mode: 'invalid', warning: `unknown drift kinds "nope", "other"; valid kinds: ${valid}; drift skipped for this request`
  })
  t.same(parseDriftRequest('null-field name, null-field /%E0%A4%A'), {
    mode: 'invalid',
    warning: '"null-field name" is not "<kind> <JSON pointer>"; "null-field /%E0%A4%A" is not "<kind> <JSON pointer>"; drift skipped for this request'
  })
})

t.test('parseDriftSeed', async (t) => {
  t.equal(parseDriftSeed(undefined), undefined)
  t.equal(parseDriftSeed(''), undefined)
  t.equal(parseDriftSeed(' 42 '), 42)
  t.equal(parseDriftSeed('-7'), -7)
  t.same(parseDriftSeed('4.2'), { warning: 'X-Emulator-Drift-Seed must be a safe integer, |n| < 2^53 (got "4.2"); drift skipped for this request' })
  t.same(parseDriftSeed('99999999999999999999'), {
    warning: 'X-Emulator-Drift-Seed must be a safe integer, |n| < 2^53 (got "99999999999999999999"); drift skipped for this request'
  }, 'beyond the safe integers')
})
