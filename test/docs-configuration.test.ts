// docs/configuration.md's settings table is the rows of src/config/settings.ts (`npm run docs:config` writes it),
// cell by cell; the compatibility switches' table of docs/emulated-api.md names each switch and its values as the
// rows of src/config/compat.ts do; and the loader reads exactly the rows' variables.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { COMPAT_SWITCHES } from '../src/config/compat.js'
import { settingsTable, withSettingsTable } from '../src/config/docs-table.js'
import { loadConfig } from '../src/config/index.js'
import { SETTING_VARIABLES } from '../src/config/variables.js'
import { proseLines } from './markdown.js'
import { ROOT } from './processes.js'

const page = (name: string): string => readFileSync(join(ROOT, 'docs', name), 'utf8')

/** The cells of each table row of a page whose first cell is one `NAME` in backticks (a variable or a switch). */
function tableRows (markdown: string, first = /^`[A-Za-z][A-Za-z0-9_]*`$/): string[][] {
  return proseLines(markdown).flatMap((line) => {
    if (!line.startsWith('|')) return []
    const cells = line.replace(/^\|\s*|\s*\|\s*$/g, '').split(/\s*(?<!\\)\|\s*/)
    return first.test(cells[0]) ? [cells] : []
  })
}

t.test('the loader reads exactly the variables of the rows', async (t) => {
  const read = new Set<string>()
  loadConfig(new Proxy({}, { get: (_, name) => { read.add(String(name)); return undefined } }))
  t.same([...read].sort(), [...SETTING_VARIABLES].sort())
  t.same(SETTING_VARIABLES.filter((name, i) => SETTING_VARIABLES.indexOf(name) !== i), [], 'one row per variable')
})

t.test('docs/configuration.md holds the table the rows render, cell by cell', async (t) => {
  const documented = tableRows(page('configuration.md'))
  const expected = tableRows(settingsTable())
  t.equal(expected.length, SETTING_VARIABLES.length, 'one table row per setting')
  t.same(documented.map((cells) => cells[0]), expected.map((cells) => cells[0]), 'the variables, in row order (run npm run docs:config)')
  for (const cells of expected) {
    const row = documented.find((candidate) => candidate[0] === cells[0])
    t.same(row, cells, `${cells[0]}: variable, flag, default and meaning as its row says (run npm run docs:config)`)
  }
  t.equal(withSettingsTable(page('configuration.md')), page('configuration.md'), 'the page is what npm run docs:config writes')
})

t.test('the table check fails on a changed cell, a missing row or a table without markers', async (t) => {
  const current = page('configuration.md')
  const edited = current.replace('| `PORT` | `--port <n>` | `4000` |', '| `PORT` | `--port <n>` | `4001` |')
  t.not(edited, current)
  t.notSame(tableRows(edited).find((cells) => cells[0] === '`PORT`'), tableRows(current).find((cells) => cells[0] === '`PORT`'), 'the rows read the change')
  t.equal(withSettingsTable(edited), current, 'a changed default is written back as the row says')
  const dropped = current.split('\n').filter((line) => !line.startsWith('| `PORT` |')).join('\n')
  t.not(dropped, current)
  t.equal(withSettingsTable(dropped), current, 'a missing row is written back')
  t.throws(() => withSettingsTable('# Configuration\n'), /markers are missing/)
})

t.test('docs/emulated-api.md lists each compatibility switch and its values as its row does', async (t) => {
  const documented = tableRows(page('emulated-api.md'), /^`[a-z][A-Za-z]*`$/)
    .map((cells) => [cells[0], cells[1]])
  const expected = Object.entries(COMPAT_SWITCHES).map(([name, row]) => [`\`${name}\``,
    'choices' in row
      ? row.choices.map((choice) => `\`${choice}\``).join(', ')
      : `\`${row.default}\`, or any \`${row.integer.minimum}\`..\`${row.integer.maximum}\``])
  t.same(documented, expected, 'switch and "values (default first)", in row order')
})
