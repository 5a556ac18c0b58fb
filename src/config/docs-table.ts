// The Markdown table of docs/configuration.md, rendered from the settings' rows: `npm run docs:config` writes it
// into the page and test/docs-configuration.test.ts fails while the page and the rows disagree.
import { FIELDS, settingOf, shownValue, type SettingRow } from './settings.js'

export const TABLE_START = '<!-- settings table: generated from src/config/settings.ts by `npm run docs:config`; edit the rows, not this table -->'
export const TABLE_END = '<!-- end of the settings table -->'

const HEADER = ['| variable | flag | default | meaning |', '|---|---|---|---|']

/** `--port <n>`, or `--drift` for a flag without a value; a pipe escaped, as it would end the cell. */
const flagCell = (row: SettingRow): string => `\`--${row.flag}${row.value === undefined ? '' : ` <${row.value}>`}\``.replaceAll('|', '\\|')

function defaultCell (row: SettingRow): string {
  if (row.unset !== undefined) return row.unset
  const shown = `\`${shownValue(row.default)}\``
  return row.defaultNote === undefined ? shown : `${shown} (${row.defaultNote})`
}

/** One line per row, in row order. */
export function settingsTableRows (): string[] {
  return FIELDS.map(settingOf).map((row) => `| \`${row.env}\` | ${flagCell(row)} | ${defaultCell(row)} | ${row.doc} |`)
}

/** The whole table with its markers, as the page holds it. */
export function settingsTable (): string {
  return [TABLE_START, ...HEADER, ...settingsTableRows(), TABLE_END].join('\n')
}

/** The page with its table replaced by the rows' (the markers must be there once each). */
export function withSettingsTable (page: string): string {
  const start = page.indexOf(TABLE_START)
  const end = page.indexOf(TABLE_END)
  if (start < 0 || end < start) throw new Error('docs/configuration.md: the settings table markers are missing')
  return page.slice(0, start) + settingsTable() + page.slice(end + TABLE_END.length)
}
