// Fixture file digests kept per process by stat signature (harness/file-digests.ts): an unchanged file is not hashed
// again, a changed one always is (even at the same size), and a build's records count only while a file is unchanged.
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { fileDigest, folderDigest, folderRecords, recordDigests } from '../../src/harness/file-digests.js'

/** file-digests.ts's stat signature, spelled out. */
function signature (file: string): string {
  const { size, mtimeMs, ctimeMs, ino } = statSync(file)
  return `${size}:${mtimeMs}:${ctimeMs}:${ino}`
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

function folder (t: Test, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'file-digests-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return dir
}

t.test('a changed file is hashed again, even at the same size and modification time', async (t) => {
  const dir = folder(t, { 'a.json': '{"n":1}' })
  const file = join(dir, 'a.json')
  // Whole seconds, which the file system keeps exactly: only the change time tells the two writes apart.
  utimesSync(file, 1_000_000, 1_000_000)
  t.equal(fileDigest(file), sha256('{"n":1}'))
  writeFileSync(file, '{"n":2}')
  utimesSync(file, 1_000_000, 1_000_000)
  t.equal(statSync(file).mtimeMs, 1_000_000_000)
  t.equal(fileDigest(file), sha256('{"n":2}'))
  const before = folderDigest(dir)
  writeFileSync(join(dir, 'b.json'), '')
  t.not(folderDigest(dir), before, 'an added file changes the folder\'s digest')
})

t.test('a build\'s records are taken while the file is unchanged, ignored once it changed', async (t) => {
  const dir = folder(t, { 'a.json': '[1]', 'b.json': '[2]' })
  const records = folderRecords(dir)
  t.same(records.map(([file, , digest]) => [file, digest]), [['a.json', sha256('[1]')], ['b.json', sha256('[2]')]])
  t.equal(records[0][1], signature(join(dir, 'a.json')), 'with each file\'s stat signature')
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
