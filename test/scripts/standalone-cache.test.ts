// The runner's cache of standalone code (test/runner/standalone-cache.mjs): a corrupt entry heals on its next use,
// and each kind's key names the text of the code that writes it, so an edit of that code makes a new entry.
import t from 'tap'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { createRequire } from 'node:module'
import { cachedModule, entryFile, sourcesDigest } from '../runner/standalone-cache.mjs'
import { VALIDATOR_SOURCES, validatorKey } from '../runner/precompiled-validators.mjs'
import { SERIALIZER_SOURCES, serializerKey } from '../runner/precompiled-serializers.mjs'
import { REFERENCE_SOURCES, referenceKey } from '../reference.js'
// In a test process these are test/runner/precompiled-*.mjs (the runner's cache).
import { PRECOMPILED } from '../../src/plugins/precompiled-validators.js'
import { PRECOMPILED_SERIALIZERS } from '../../src/plugins/precompiled-serializers.js'

const ROOT = join(import.meta.dirname, '../..')
const require = createRequire(import.meta.url)
// A schema no route declares, so this process loads its entries first here; unique per run, so no earlier run's entry.
const marker = `heal-${process.pid}-${Date.now()}`
const SCHEMA = { type: 'object', properties: { n: { type: 'integer' }, [marker]: { type: 'string' } } }
const TEXT = JSON.stringify(SCHEMA)

/** Replaces the entry with `text` and forgets the loaded module, as a later process finds it. */
function corrupt (file: string, text: string): void {
  writeFileSync(file, text)
  delete require.cache[file]
}

const CORRUPTIONS = { truncated: (code: string) => code.slice(0, Math.floor(code.length / 2)), empty: () => '' }

t.test('a truncated or empty validator entry is written again on its next use', async (t) => {
  const file = entryFile('validators', validatorKey(TEXT))
  t.teardown(() => rmSync(file, { force: true }))
  t.type(PRECOMPILED.get(TEXT), 'function', 'the first use writes the entry')
  const good = readFileSync(file, 'utf8')
  for (const [name, cut] of Object.entries(CORRUPTIONS)) {
    corrupt(file, cut(good))
    const validate = PRECOMPILED.get(TEXT)
    const data = { n: '7' }
    t.same([validate?.(data), data], [true, { n: 7 }], `${name}: the validator coerces again`)
    t.equal(readFileSync(file, 'utf8'), good, `${name}: the entry is whole again`)
  }
})

t.test('a truncated or empty serializer entry is written again on its next use', async (t) => {
  const file = entryFile('serializers', serializerKey(TEXT))
  t.teardown(() => rmSync(file, { force: true }))
  t.equal(PRECOMPILED_SERIALIZERS.get(TEXT)?.()({ n: 1 }), '{"n":1}', 'the first use writes the entry')
  const good = readFileSync(file, 'utf8')
  for (const [name, cut] of Object.entries(CORRUPTIONS)) {
    corrupt(file, cut(good))
    t.equal(PRECOMPILED_SERIALIZERS.get(TEXT)?.()({ n: 2, x: 1 }), '{"n":2}', `${name}: the serializer serialises again`)
    t.equal(readFileSync(file, 'utf8'), good, `${name}: the entry is whole again`)
  }
})

t.test('a temporary name another host\'s process of the same pid holds does not stop a write', async (t) => {
  const file = entryFile('runner-test', [marker])
  t.teardown(() => rmSync(dirname(file), { recursive: true, force: true }))
  // Two containers sharing node_modules may both run a process of this pid: its write in progress, as a folder here.
  mkdirSync(`${file}.${process.pid}.tmp`, { recursive: true })
  const exports = cachedModule('runner-test', [marker], () => 'module.exports = { answer: 42 }', (e: { answer?: number }) => e.answer === 42)
  t.same(exports, { answer: 42 })
})

t.test('a changed text of the code that writes an entry gives a new key', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'standalone-cache-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const digestOf = (name: string, text: string): string => {
    writeFileSync(join(dir, name), text)
    return sourcesDigest([relative(ROOT, join(dir, name))])
  }
  t.not(digestOf('a.mjs', 'export const x = 1\n'), digestOf('b.mjs', 'export const x = 2\n'), 'one character apart, two digests')
  t.equal(digestOf('c.mjs', 'export const x = 1\n'), digestOf('d.mjs', 'export const x = 1\n'), 'the same text, one digest')

  // Each kind's key holds the digest of its generator code's files, which exist.
  const keys: Array<[string, unknown[], string[]]> = [['validators', validatorKey(TEXT), VALIDATOR_SOURCES],
    ['serializers', serializerKey(TEXT), SERIALIZER_SOURCES], ['reference', referenceKey(SCHEMA), REFERENCE_SOURCES]]
  for (const [kind, key, sources] of keys) {
    t.ok(sources.every((path) => existsSync(join(ROOT, path))), `${kind}: its sources exist`)
    t.ok(key.includes(sourcesDigest(sources)), `${kind}: the key holds their digest`)
  }
  t.same(VALIDATOR_SOURCES, ['scripts/precompile-validators.mjs', 'src/lib/ajv.ts'])
  t.same(SERIALIZER_SOURCES, ['scripts/precompile-serializers.mjs'])
  t.same(REFERENCE_SOURCES, ['src/lib/ajv.ts'])
})
