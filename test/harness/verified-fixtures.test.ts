// Fixture sets verified at build: the digest names exactly one set of files, a verified set loads without its shape
// checks (and to the same data), and anything else, an edited bundled set included, is checked in full.
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { BUNDLED_FIXTURES, MINIMAL_FIXTURES } from '../../src/config/index.js'
import { FixtureError, loadFixtureSet } from '../../src/harness/fixtures.js'
import { fixtureSetDigest, readVerifiedDigests, verifiedRecord } from '../../src/harness/verified-fixtures.js'

function workDir (t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'verified-fixtures-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

function copyOfMinimal (dir: string, name: string): string {
  const copy = join(dir, name)
  cpSync(MINIMAL_FIXTURES, copy, { recursive: true })
  return copy
}

t.test('the digest names the files and their bytes, wherever the folder is', async (t) => {
  const dir = workDir(t)
  const original = fixtureSetDigest(MINIMAL_FIXTURES)
  t.match(original, /^[0-9a-f]{64}$/)
  t.equal(fixtureSetDigest(copyOfMinimal(dir, 'copy')), original, 'a copy elsewhere has the same digest')
  t.not(fixtureSetDigest(BUNDLED_FIXTURES), original, 'another set, another digest')

  const edited = copyOfMinimal(dir, 'edited')
  const usersFile = join(edited, 'main', 'users.json')
  writeFileSync(usersFile, JSON.stringify(JSON.parse(readFileSync(usersFile, 'utf8')), null, 1))
  t.not(fixtureSetDigest(edited), original, 'the same data spelled differently is another digest')
  const renamed = copyOfMinimal(dir, 'renamed')
  renameSync(join(renamed, 'main', 'logs.json'), join(renamed, 'main', 'logs.json.off'))
  t.not(fixtureSetDigest(renamed), original, 'a renamed file changes it')
  const added = copyOfMinimal(dir, 'added')
  writeFileSync(join(added, 'notes.txt'), '')
  t.not(fixtureSetDigest(added), original, 'an added empty file changes it')
})

t.test('a verified set skips the shape checks; any other set is checked in full', async (t) => {
  const dir = workDir(t)
  const broken = copyOfMinimal(dir, 'broken')
  // A shape error only: the key's secret is shorter than the schema's eight characters.
  const keysFile = join(broken, 'main', 'keys.json')
  const keys = JSON.parse(readFileSync(keysFile, 'utf8'))
  keys[0].secret = 'short'
  writeFileSync(keysFile, JSON.stringify(keys))
  const message = /keys\.json\[0\]\/secret /
  t.throws(() => loadFixtureSet(broken), { name: 'FixtureError', message }, 'checked without a record')
  t.throws(() => loadFixtureSet(broken, new Set([fixtureSetDigest(MINIMAL_FIXTURES)])), { name: 'FixtureError', message }, 'checked when another set was verified')
  const skipped = loadFixtureSet(broken, new Set([fixtureSetDigest(broken)]))
  t.equal(skipped.workspaces[0].keys[0].secret, 'short', 'the digest of these very files skips the checks: proof they are not run')

  const rules = copyOfMinimal(dir, 'rules')
  writeFileSync(join(rules, 'main', 'collections.json'), '[]')
  t.throws(() => loadFixtureSet(rules, new Set([fixtureSetDigest(rules)])), new FixtureError(`${join(rules, 'main')}: exactly one collection must have isDefault: true (found 0)`),
    'the cross-record rules run even in a verified set')
})

t.test('a verified set loads to the very data a checked load gives', async (t) => {
  for (const set of [BUNDLED_FIXTURES, MINIMAL_FIXTURES]) {
    t.same(loadFixtureSet(set, new Set([fixtureSetDigest(set)])), loadFixtureSet(set), set)
  }
})

t.test('the build record: digests of sets that passed every check; a failing set fails the build', async (t) => {
  const dir = workDir(t)
  const record = verifiedRecord([BUNDLED_FIXTURES, MINIMAL_FIXTURES], (set) => loadFixtureSet(set))
  t.same(record, { digests: [fixtureSetDigest(BUNDLED_FIXTURES), fixtureSetDigest(MINIMAL_FIXTURES)] })
  const broken = copyOfMinimal(dir, 'broken')
  writeFileSync(join(broken, 'main', 'users.json'), '[{')
  t.throws(() => verifiedRecord([MINIMAL_FIXTURES, broken], (set) => loadFixtureSet(set)), { name: 'FixtureError', message: /Fixture file is not valid JSON: / })

  const file = join(dir, 'verified-fixtures.json')
  t.same([...readVerifiedDigests(file)], [], 'no record: nothing verified')
  writeFileSync(file, JSON.stringify(record))
  t.same([...readVerifiedDigests(file)], record.digests)
  const records: Array<[string, string[]]> = [['{', []], ['[]', []], ['{"digests":"abc"}', []], ['{"digests":[1,"x"]}', ['x']]]
  for (const [text, verified] of records) {
    writeFileSync(file, text)
    t.same([...readVerifiedDigests(file)], verified, `a record of ${text} verifies only its string digests`)
  }
})
