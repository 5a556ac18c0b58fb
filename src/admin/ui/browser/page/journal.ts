// The journal table on the page: rows the poll brings (newest on top, highlighted a moment), a row's request and
// response bodies shown under it on a click, at most 200 rows kept.

/** One body as GET /_emulator/requests answers it. */
export interface BodyView { contentType: string | null, bytes: number, truncated: boolean, text: string | null }

/** The fields of a journal entry (GET /_emulator/requests) the table shows. */
export interface JournalEntry {
  id: number
  time: string
  method: string
  path: string
  /** Null: the connection was dropped (a fault) before an answer. */
  status: number | null
  keyId: string | null
  durationMs: number
  fault: { kind: string } | null
  drift: unknown
  mcp: { method: string, tool?: string | null } | null
  request: BodyView
  response: BodyView
}

const MAX_ROWS = 200

function text (value: unknown): string { return value === null || value === undefined ? '' : String(value) }

function cell (row: HTMLTableRowElement, value: unknown, className?: string): void {
  const td = document.createElement('td')
  td.textContent = text(value)
  if (className) td.className = className
  row.appendChild(td)
}

function marks (entry: JournalEntry): string {
  const out: string[] = []
  if (entry.keyId === 'emulator-editor') out.push('editor')
  if (entry.fault) out.push('fault ' + entry.fault.kind)
  if (entry.drift) out.push('drift')
  if (entry.mcp) out.push('mcp ' + entry.mcp.method + (entry.mcp.tool ? ' ' + entry.mcp.tool : ''))
  return out.join(', ')
}

function detail (entry: JournalEntry): HTMLTableRowElement {
  const row = document.createElement('tr')
  const td = document.createElement('td')
  td.colSpan = 8
  for (const [label, body] of [['request', entry.request], ['response', entry.response]] as const) {
    const title = document.createElement('div')
    title.className = 'muted'
    title.textContent = label + ' · ' + text(body.contentType) + ' · ' + body.bytes + ' bytes' + (body.truncated ? ' (cut)' : '')
    const pre = document.createElement('pre')
    pre.textContent = body.text === null ? '(no body)' : body.text
    td.append(title, pre)
  }
  row.appendChild(td)
  return row
}

function entryRow (entry: JournalEntry): HTMLTableRowElement {
  const row = document.createElement('tr')
  row.className = 'fresh'
  cell(row, entry.id); cell(row, entry.time.slice(11, 23)); cell(row, entry.method); cell(row, entry.path)
  cell(row, entry.status === null ? 'dropped' : entry.status, entry.status === null || entry.status >= 400 ? 'status-err' : '')
  cell(row, entry.keyId); cell(row, entry.durationMs); cell(row, marks(entry))
  row.addEventListener('click', () => {
    const next = row.nextSibling
    if (next instanceof HTMLElement && next.dataset.detail) { next.remove(); return }
    const more = detail(entry)
    more.dataset.detail = '1'
    row.after(more)
  })
  return row
}

export interface JournalTable {
  add: (entry: JournalEntry) => void
  clear: () => void
}

export function journalTable (table: HTMLTableSectionElement): JournalTable {
  let rows = 0
  return {
    add (entry) {
      table.querySelector('tr[data-empty]')?.remove()
      const row = entryRow(entry)
      table.prepend(row)
      setTimeout(() => row.classList.remove('fresh'), 1500)
      rows++
      while (rows > MAX_ROWS && table.lastChild) { table.lastChild.remove(); rows-- }
    },
    clear () {
      rows = 0
      table.replaceChildren()
    }
  }
}
