// `npm run docs:config`: writes the settings table of docs/configuration.md from the rows of src/config/settings.ts.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { withSettingsTable } from '../src/config/docs-table.js'

const PAGE = fileURLToPath(new URL('../docs/configuration.md', import.meta.url))
const before = readFileSync(PAGE, 'utf8')
const after = withSettingsTable(before)
writeFileSync(PAGE, after)
console.log(after === before ? 'docs/configuration.md: the settings table was up to date' : 'docs/configuration.md: settings table written')
