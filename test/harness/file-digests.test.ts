// Fixture file digests kept per process by stat signature (harness/file-digests.ts): an unchanged file is not hashed
// again, a changed one always is (even at the same size), and a build's records count only while a file is unchanged.
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { fileDigest, filesBelow, folderDigest, folderRecords, keptDigests, recordDigests } from '../../src/harness/file-digests.js'

/** file-digests.ts's stat signature, spelled out. */
function signature (file: string): string {
  const { size, mtimeNs, ctimeNs, ino } = statSync(file, { bigint: true })
  return `${size}:${mtimeNs}:${ctimeNs}:${ino}`
}

/** A time well past the racy window of any file a test writes: its digest is kept. */
const LATER = (BigInt(Date.now()) + 60_000n) * 1_000_000n

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

function folder (t: Test, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'file-digests-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return dir
}

t.test('a file written within the racy window is never kept: a same-size rewrite at once is hashed again', async (t) => {
  const dir = folder(t, { 'a.json': '{"n":1}' })
  const file = join(dir, 'a.json')
  t.equal(fileDigest(file), sha256('{"n":1}'))
  t.same(folderRecords(dir), [['a.json', '', sha256('{"n":1}')]], 'no signature kept for a file changed just now')
  // Whatever the clock's tick (a coarse ctime may not tell the two writes apart), the second bytes are hashed.
  writeFileSync(file, '{"n":2}')
  t.equal(fileDigest(file), sha256('{"n":2}'))
})

t.test('a file older than the racy window is kept by its signature; a change, even at the same size and mtime, hashes it again', async (t) => {
  const dir = folder(t, { 'a.json': '{"n":1}' })
  const file = join(dir, 'a.json')
  // Whole seconds, which the file system keeps exactly: only the change time tells the two writes apart.
  utimesSync(file, 1_000_000, 1_000_000)
  t.equal(fileDigest(file, LATER), sha256('{"n":1}'))
  t.same(folderRecords(dir), [['a.json', signature(file), sha256('{"n":1}')]], 'kept with its signature')
  writeFileSync(file, '{"n":2}')
  utimesSync(file, 1_000_000, 1_000_000)
  t.equal(statSync(file).mtimeMs, 1_000_000_000)
  t.equal(fileDigest(file, LATER), sha256('{"n":2}'))
  const before = folderDigest(dir)
  writeFileSync(join(dir, 'b.json'), '')
  t.not(folderDigest(dir), before, 'an added file changes the folder\'s digest')
})

t.test('a symbolic link to a file counts as the file: its target\'s bytes, hashed again when the target changes', async (t) => {
  const outside = folder(t, { 'target.json': '[1]' })
  const dir = folder(t, { 'a.json': '[0]' })
  symlinkSync(join(outside, 'target.json'), join(dir, 'link.json'))
  symlinkSync(join(outside, 'missing.json'), join(dir, 'dangling.json'))
  t.same(filesBelow(dir), ['a.json', 'link.json'], 'the dangling link left out')
  const before = folderDigest(dir)
  writeFileSync(join(outside, 'target.json'), '[2]')
  t.not(folderDigest(dir), before)
  t.equal(fileDigest(join(dir, 'link.json')), sha256('[2]'))
})

t.test('at most MAX_ENTRIES digests are kept, a build\'s records too', async (t) => {
  const dir = folder(t, { 'a.json': '[1]' })
  recordDigests(dir, Array.from({ length: 2001 }, (_, i): [string, string, string] => [`r${i}.json`, 's', 'x'.repeat(64)]))
  t.equal(keptDigests(), 2000)
})
t.test('a build\'s records are taken while the file is unchanged, ignored once it changed', async (t) => {
  const dir = folder(t, { 'a.json': '[1]', 'b.json': '[2]' })
  const records = folderRecords(dir)
  t.same(records, [['a.json', '', sha256('[1]')], ['b.json', '', sha256('[2]')]], 'files just written: no signature to vouch for them')
  // A recorded digest that is not the bytes' shows whether the file was read.
  const fresh = folder(t, { 'a.json': '[1]' })
  recordDigests(fresh, [['a.json', 'not-its-signature', 'x'.repeat(64)]])
  t.equal(fileDigest(join(fresh, 'a.json')), sha256('[1]'), 'another signature: hashed')
  const other = folder(t, { 'a.json': '[1]' })
  recordDigests(other, [['a.json', signature(join(other, 'a.json')), 'y'.repeat(64)]])
  t.equal(fileDigest(join(other, 'a.json')), 'y'.repeat(64), 'its very signature: the record is taken, the file not read')
  writeFileSync(join(other, 'a.json'), '[3]')
  t.equal(fileDigest(join(other, 'a.json')), sha256('[3]'), 'once it changes, hashed')
})
