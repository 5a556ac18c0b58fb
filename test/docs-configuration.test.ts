// Every environment variable the configuration reads has a row in docs/configuration.md's table, and every row
// names a variable it reads. The list comes from the code: the variable of each config field
// (src/config-variables.ts) and every name src/config.ts reads from the environment.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { FIELD_VARIABLES } from '../src/config-variables.js'
import { proseLines } from './markdown.js'
import { ROOT } from './processes.js'

/** Names src/config.ts reads: `env.NAME` and `someVar(env, 'NAME')`. */
function variablesReadByConfig (): string[] {
  const source = readFileSync(join(ROOT, 'src/config.ts'), 'utf8')
  return [...source.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)|\[\s*'([A-Z][A-Z0-9_]+)'\s*\]|,\s*'([A-Z][A-Z0-9_]+)')/g)]
    .map((match) => match[1] ?? match[2] ?? match[3])
}

/** The variables of a page's tables: the first cell of each row, when it is one `NAME` in backticks. */
function tableVariables (markdown: string): string[] {
  return proseLines(markdown).flatMap((line) => {
    const row = /^\|\s*`([A-Z][A-Z0-9_]+)`\s*\|/.exec(line)
    return row === null ? [] : [row[1]]
  })
}

const accepted = [...new Set([...Object.values(FIELD_VARIABLES), ...variablesReadByConfig()])].sort()

t.test('the list from the code is the whole configuration', async (t) => {
  t.ok(accepted.length >= 30, `${accepted.length} variables`)
  t.same(variablesReadByConfig().filter((name) => !Object.values(FIELD_VARIABLES).includes(name)), [],
    'every variable config.ts reads belongs to a config field (so errors and did-you-mean know it)')
})

t.test('the table check fails on a missing or an unknown variable', async (t) => {
  const page = '| variable | default | meaning |\n|---|---|---|\n| `PORT` | `4000` | port |\n| `EMULATOR_NOPE` | x | y |\n'
  const documented = tableVariables(page)
  t.same(documented, ['PORT', 'EMULATOR_NOPE'])
  t.same(['HOST', 'PORT'].filter((name) => !documented.includes(name)), ['HOST'])
})

t.test('docs/configuration.md documents every variable, and only those', async (t) => {
  const documented = tableVariables(readFileSync(join(ROOT, 'docs/configuration.md'), 'utf8'))
  t.same(accepted.filter((name) => !documented.includes(name)), [], 'accepted but not in the table')
  t.same(documented.filter((name) => !accepted.includes(name)), [], 'in the table but not read by the code')
  t.same(documented.filter((name, i) => documented.indexOf(name) !== i), [], 'one row each')
})
