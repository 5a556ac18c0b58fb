// RFC 6901 helpers and the plain and schema-aware walks the drift kinds build on.
import t from 'tap'
import { Type } from 'typebox'
import { buildPointer, escapeToken, getAt, parsePointer, walk } from '../../../src/layers/drift/json-pointer.js'
import {
  accepts, allowsNull, enumOf, isMapSchema, isOpenSchema, matchBranch, walkWithSchema
} from '../../../src/layers/drift/schema-walk.js'

t.test('pointers', async (t) => {
  t.equal(escapeToken('a/b~c'), 'a~1b~0c', 'escapes ~ before /')
  t.equal(buildPointer([]), '', 'root is the empty pointer')
  t.equal(buildPointer(['data', 0, 'metadata', 'a/b']), '/data/0/metadata/a~1b')
  t.same(parsePointer('/data/0/a~1b/~01'), ['data', '0', 'a/b', '~1'], 'unescapes ~1 before ~0')
  t.same(parsePointer(''), [])
  t.throws(() => parsePointer('data'), SyntaxError)
  const doc = { data: [{ 'a/b': 1 }], m: { '': 2 } }
  t.equal(getAt(doc, '/data/0/a~1b'), 1)
  t.equal(getAt(doc, '/m/'), 2, 'an empty key is a valid token')
  t.equal(getAt(doc, '/data/1/x'), undefined)
  t.equal(getAt(doc, ''), doc)
})

t.test('walk yields descendants depth first, keys in insertion order', async (t) => {
  const doc = { b: 1, a: [true, { c: null }] }
  const seen = [...walk(doc)].map((entry) => [entry.pointer, entry.key, entry.value])
  t.same(seen, [
    ['/b', 'b', 1],
    ['/a', 'a', [true, { c: null }]],
    ['/a/0', 0, true],
    ['/a/1', 1, { c: null }],
    ['/a/1/c', 'c', null]
  ])
  t.same([...walk(5)], [], 'a scalar has no descendants')
})

const Emoji = Type.Object({ id: Type.String(), native: Type.String() }, { additionalProperties: false })
const Sample = Type.Object({
  id: Type.String(),
  updated: Type.Union([Type.String(), Type.Null()]),
  emoji: Type.Optional(Type.Union([Emoji, Type.Null()])),
  linkSharing: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(3)]),
  roles: Type.Record(Type.String(), Type.Union([Type.Literal('member'), Type.Literal('admin')])),
  teams: Type.Array(Type.String())
}, { additionalProperties: false })

t.test('walkWithSchema tells required, optional, entries, items and unknown fields apart', async (t) => {
  const doc = { id: 'c1', updated: null, emoji: { id: 'e', native: 'x' }, linkSharing: 1, roles: { u1: 'admin' }, teams: ['t'], extra: 1 }
  const facts = [...walkWithSchema(doc, Sample)].map((e) => [e.pointer, e.role, e.fieldName, enumOf(e.declared) ?? null])
  t.same(facts, [
    ['/id', 'required', 'id', null],
    ['/updated', 'required', 'updated', null],
    ['/emoji', 'optional', 'emoji', null],
    ['/emoji/id', 'required', 'id', null],
    ['/emoji/native', 'required', 'native', null],
    ['/linkSharing', 'required', 'linkSharing', [0, 1, 3]],
    ['/roles', 'required', 'roles', null],
    ['/roles/u1', 'entry', 'roles', ['member', 'admin']],
    ['/teams', 'required', 'teams', null],
    ['/teams/0', 'item', 'teams', null],
    ['/extra', 'unknown', 'extra', null]
  ])
  const noSchema = [...walkWithSchema({ a: [{ b: 1 }] }, undefined)].map((e) => [e.pointer, e.role, e.fieldName])
  t.same(noSchema, [['/a', 'unknown', 'a'], ['/a/0', 'unknown', 'a'], ['/a/0/b', 'unknown', 'b']])
})

t.test('walkWithSchema does not enter `{}` positions, and stops at its limit', async (t) => {
  const Open = Type.Object({ elements: Type.Array(Type.Unknown()), details: Type.Unknown(), n: Type.Number() })
  const doc = { elements: [{ id: 'a', x: 1 }, { id: 'b' }], details: { deep: { deeper: 1 } }, n: 1 }
  t.same([...walkWithSchema(doc, Open)].map((e) => e.pointer), ['/elements', '/elements/0', '/elements/1', '/details', '/n'])
  t.ok(isOpenSchema(Type.Unknown()), 'TypeBox Unknown is `{}` (its ~kind marker is not enumerable)')
  t.notOk(isOpenSchema({ type: 'object' }))
  t.same([...walkWithSchema(doc, undefined, 4)].map((e) => e.pointer), ['/elements', '/elements/0', '/elements/0/id', '/elements/0/x'],
    'at most `limit` positions, in walk order')
})

t.test('schema facts', async (t) => {
  t.ok(allowsNull(Sample.properties.updated), 'anyOf with null')
  t.notOk(allowsNull(Sample.properties.id))
  t.ok(allowsNull({ type: 'string', nullable: true }), 'OpenAPI 3.0 nullable')
  t.ok(allowsNull({ enum: [null, 1, 2] }), 'enum listing null (workspace type)')
  t.same(enumOf({ enum: [null, 1, 2] }), [null, 1, 2])
  t.same(enumOf({ anyOf: [{ type: 'integer' }, { type: 'string', enum: ['unlimited'] }] }), undefined, 'maxUses is not an enum')
  t.same(enumOf({ anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] }), ['a', 'b', null])
  t.equal(matchBranch(Sample.properties.emoji, null)?.type, 'null')
  t.equal(matchBranch(Sample.properties.emoji, { id: 'e' })?.type, 'object')
  t.equal(accepts({ type: 'string' }, 15), false)
  t.equal(accepts({}, 15), true, 'an empty schema accepts any JSON')
  t.equal(accepts(undefined, 15), undefined, 'no schema says nothing')
  t.equal(accepts({ type: 'integer' }, 1.5), false)
  t.ok(isMapSchema(Sample.properties.roles), 'Type.Sample is a map')
  t.ok(isMapSchema({ type: 'object', additionalProperties: { type: 'string' } }))
  t.notOk(isMapSchema({ type: 'object', additionalProperties: { not: {} } }), 'the DELETE {} schema is closed, not a map')
  t.notOk(isMapSchema(Sample))
  const odd = { type: 'object', patternProperties: { '(?<=': { type: 'string' } } }
  t.same([...walkWithSchema({ k: 'v' }, odd)].map((e) => e.role), ['unknown'], 'a pattern JavaScript cannot compile matches nothing')
})
