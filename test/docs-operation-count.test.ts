// Every count of the API's operations that README.md, docs/*.md and the folder READMEs state is the number of
// operations the app serves (test/operations.ts), so a new operation fails here, naming each line to change.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { build } from './helper.js'
import { documentationFiles, operationCounts } from './markdown.js'
import { publicOperations } from './operations.js'
import { ROOT } from './processes.js'

t.test('the finder reads each way a page states the count, and leaves counts of some operations alone', async (t) => {
  const page = [
    '| the 27 operations and their rules |', 'All 27 operations of the document.', 'compares all 27', '  operations) except',
    'one request per operation, all 27: lists are read', 'the auth matrix (27 operations × 10 kinds of key)',
    '`404` for 18 of the', '27 (`400` is missing)', '```', '27 operations: 3 the same, 24 differ', '```',
    '13 differences on 5 operations', '2 changes in 2 operations', 'instead of the 5 the suite took', 'all 38 in the list of tools'
  ].join('\n')
  t.same(operationCounts(page).map(({ line, phrase, count }) => `${line} ${phrase} ${count}`), [
    '1 the 27 operations 27', '2 All 27 operations 27', '3 all 27 operations 27', '5 all 27: 27',
    '6 27 operations × 27', '7 18 of the 27 27', '10 27 operations: 27'
  ])
})

t.test('each operation count in the docs is the number the app serves', async (t) => {
  const served = publicOperations(await build(t)).length
  // The folder READMEs too (src/, test/, …): the ones git knows, so a stray copy outside the tree is not read.
  const readmes = execFileSync('git', ['ls-files', '*README.md'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n').filter((file) => file !== '' && file !== 'README.md')
  const stated = [...documentationFiles(), ...readmes].flatMap((file) =>
    operationCounts(readFileSync(join(ROOT, file), 'utf8')).map((count) => ({ file, ...count })))
  t.ok(stated.length > 0, `the docs state the count somewhere (${stated.length} places)`)
  const wrong = stated.filter(({ count }) => count !== served)
    .map(({ file, line, phrase }) => `${file}:${line} "${phrase}": the app serves ${served} operations`)
  t.same(wrong, [], 'every stated count is the served one')
})
