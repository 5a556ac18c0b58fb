// The accept file's format: written by people, so its round trip is the documented example (docs/parity.md, "Accept
// known differences") read back by every reader as written, and each mistake refused with its one line.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { ACCEPT_FILE } from '../../src/formats/accept.js'
import { formatProblem } from '../../src/formats/read.js'
import { AcceptRuleError, parseAcceptRules, readAcceptFile, readAcceptOption } from '../../src/parity/accept.js'
import { codeBlocks } from '../markdown.js'

const work = mkdtempSync(join(tmpdir(), 'formats-accept-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

/** The example of docs/parity.md's "Accept known differences": the first JSON block of that section. */
function documentedExample (): string {
  const docs = readFileSync('docs/parity.md', 'utf8')
  const section = docs.slice(docs.indexOf('## Accept known differences'))
  return codeBlocks(section, 'json')[0]
}

t.test('the documented example is read back by every reader as written', async (t) => {
  const text = documentedExample()
  const written = JSON.parse(text)
  t.ok(written.some((rule: any) => 'target' in rule), 'the example pins a target value')
  const file = join(work, 'parity-accept.json')
  writeFileSync(file, text)
  t.same(readAcceptFile(file), written, 'readAcceptFile')
  t.same(parseAcceptRules(written), written, 'parseAcceptRules')
  t.same(readAcceptOption(file, () => t.fail('no note for a file that is there')), written, 'readAcceptOption (--accept)')
  t.equal(formatProblem(ACCEPT_FILE, written, 'the example'), undefined, 'the schema')
})

t.test('an accept file that cannot be used: one line naming the file and the rule', async (t) => {
  const file = join(work, 'accept.json')
  const where = `the accept file ${file}`
  const cases: Array<[string, string]> = [
    ['{"path": "status"}', `${where} is not a JSON array of accept rules`],
    ['["status"]', `${where}: rule 1 is not an object`],
    ['[{"path": "status"}]', `${where}: rule 1: "reason" must be a non-empty string`],
    ['[{"reason": "x"}]', `${where}: rule 1: "path" must be a non-empty string`],
    ['[{"path": "status", "reason": "x"}, {"path": "", "reason": "y"}]', `${where}: rule 2: "path" must be a non-empty string`],
    ['[{"path": "status", "reason": "  "}]', `${where}: rule 1: "reason" must be a non-empty string`],
    ['[{"path": "status", "reason": 3}]', `${where}: rule 1: "reason" must be a non-empty string`],
    ['[{"path": "status", "reason": "x", "kinds": "value"}]', `${where}: rule 1 has unknown key "kinds" (a rule has operation, path, kind, target and reason)`],
    ['[{"path": "status", "reason": "x", "operation": 5}]', `${where}: rule 1: "operation", when given, must be a non-empty string`],
    ['[{"path": "status", "reason": "x", "kind": ""}]', `${where}: rule 1: "kind", when given, must be a non-empty string`]
  ]
  for (const [text, line] of cases) {
    writeFileSync(file, text)
    t.throws(() => readAcceptFile(file), new AcceptRuleError(line), line)
    t.throws(() => parseAcceptRules(JSON.parse(text), where), new AcceptRuleError(line), `${line} (parsed)`)
  }
  writeFileSync(file, '[{"path": "status"')
  t.throws(() => readAcceptFile(file), { name: 'AcceptRuleError', message: new RegExp(`^${where.replace(/[/.]/g, '\\$&')} is not JSON \\(.+\\)$`) })
  t.throws(() => readAcceptFile(work), new AcceptRuleError(`cannot read the accept file ${work}`))
  t.throws(() => parseAcceptRules({}), new AcceptRuleError('accept rules is not a JSON array of accept rules'), 'named "accept rules" when no file is given')
})
