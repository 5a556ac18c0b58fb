// The demo page's script, served as /_emulator/ui/app.js (scripts/bundle-page.mjs bundles this folder; the page's
// Content-Security-Policy allows no inline script). It polls the journal each second (new rows, and scenes that
// changed: their cards come again from the server) and the page's live regions (the shadow report), shows a drawing state on each picture until it has loaded,
// and sends the page's buttons and forms to the admin API.
import { wireButtons, wireForms, wireKinds } from './forms.js'
import { journalTable, type JournalEntry } from './journal.js'
import { refreshLiveRegions } from './live.js'
import { refreshThumbnails, watchPicture } from './pictures.js'
import { watchCoverage } from './coverage.js'

const UI = '/_emulator/ui'
const workspaceId = document.body.dataset.workspace || ''
const tbody = document.querySelector<HTMLTableSectionElement>('#journal tbody')
const table = tbody ? journalTable(tbody) : null
const filters = document.querySelector<HTMLFormElement>('form#journal-filters')
let lastId: number | null = null

/** The next page of the journal: after the last row shown, with the filters' values. */
function query (): URLSearchParams {
  const params = new URLSearchParams({ limit: '50' })
  if (lastId !== null) params.set('afterId', String(lastId))
  if (filters) {
    for (const name of ['workspaceId', 'status']) {
      const field = filters.elements.namedItem(name)
      const value = field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.value.trim() : ''
      if (value !== '') params.set(name, value)
    }
  }
  return params
}

async function poll (): Promise<void> {
  try {
    const res = await fetch(UI + '/api/requests?' + query())
    if (res.ok) {
      const page = await res.json() as { data: JournalEntry[] }
      const fresh = page.data.slice().reverse()
      if (table) fresh.forEach(table.add)
      if (fresh.length > 0) lastId = fresh[fresh.length - 1].id
      const wrote = fresh.some((e) => e.method !== 'GET' && e.status !== null && e.status < 400)
      if (wrote && lastId !== null) await refreshThumbnails(workspaceId)
    }
  } catch { /* the emulator restarting: try again next tick */ }
  setTimeout(poll, 1000)
}

for (const img of document.querySelectorAll<HTMLImageElement>('.card img, .drawing img')) watchPicture(img)
filters?.addEventListener('change', () => { lastId = null; table?.clear() })
wireButtons()
wireForms()
wireKinds()
refreshLiveRegions()
watchCoverage()
void poll()
