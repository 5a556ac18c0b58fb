// The demo page's only script, served as /_emulator/ui/app.js: plain browser JavaScript, no build, no library.
// It polls the journal (new rows, and scenes that changed: their cards come again from the server), shows a
// drawing state on each picture until it has loaded, and sends the page's buttons and forms to the admin API
// through /_emulator/ui/api/ (which adds the admin token server-side when one is set).

export const CLIENT_SCRIPT = String.raw`'use strict'
const UI = '/_emulator/ui'
const workspaceId = document.body.dataset.workspace || ''
const table = document.querySelector('#journal tbody')
const filters = document.getElementById('journal-filters')
let lastId = null
let rows = 0

function text (value) { return value === null || value === undefined ? '' : String(value) }

function cell (row, value, className) {
  const td = document.createElement('td')
  td.textContent = text(value)
  if (className) td.className = className
  row.appendChild(td)
}

function marks (entry) {
  const out = []
  if (entry.keyId === 'emulator-editor') out.push('editor')
  if (entry.fault) out.push('fault ' + entry.fault.kind)
  if (entry.drift) out.push('drift')
  if (entry.mcp) out.push('mcp ' + entry.mcp.method + (entry.mcp.tool ? ' ' + entry.mcp.tool : ''))
  return out.join(', ')
}

function detail (entry) {
  const row = document.createElement('tr')
  const td = document.createElement('td')
  td.colSpan = 8
  for (const [label, body] of [['request', entry.request], ['response', entry.response]]) {
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

function addRow (entry) {
  const empty = table.querySelector('tr[data-empty]')
  if (empty) empty.remove()
  const row = document.createElement('tr')
  row.className = 'fresh'
  cell(row, entry.id); cell(row, entry.time.slice(11, 23)); cell(row, entry.method); cell(row, entry.path)
  cell(row, entry.status === null ? 'dropped' : entry.status, entry.status === null || entry.status >= 400 ? 'status-err' : '')
  cell(row, entry.keyId); cell(row, entry.durationMs); cell(row, marks(entry))
  row.addEventListener('click', () => {
    const next = row.nextSibling
    if (next && next.dataset && next.dataset.detail) { next.remove(); return }
    const more = detail(entry)
    more.dataset.detail = '1'
    row.after(more)
  })
  table.prepend(row)
  setTimeout(() => row.classList.remove('fresh'), 1500)
  rows++
  while (rows > 200 && table.lastChild) { table.lastChild.remove(); rows-- }
}

function query () {
  const params = new URLSearchParams({ limit: '50' })
  if (lastId !== null) params.set('afterId', String(lastId))
  if (filters) {
    for (const name of ['workspaceId', 'status']) {
      const value = filters.elements[name].value.trim()
      if (value !== '') params.set(name, value)
    }
  }
  return params
}

/** Marks the picture's card (or drawing box) as drawing until the image has loaded, and as failed if it cannot. */
function watchPicture (img) {
  const box = img.closest('.card, .drawing')
  if (!box) return
  const settle = () => { box.dataset.state = img.naturalWidth > 0 ? 'drawn' : 'failed' }
  img.addEventListener('load', settle)
  img.addEventListener('error', settle)
  if (img.complete) settle()
  else box.dataset.state = 'drawing'
}

/**
 * A changed scene's card comes again from the server (picture, name, pin, counts, version); another picture of it
 * reloads when its version moved. shown is the card token the page polls (sceneVersion:contentEpoch:details).
 */
async function redraw (img, shown) {
  const card = img.closest('[data-card]')
  const res = card ? await fetch(UI + '/cards/' + encodeURIComponent(img.dataset.sceneId)) : null
  if (res && res.ok) {
    const holder = document.createElement('div')
    holder.innerHTML = await res.text()
    const fresh = holder.firstElementChild
    const freshImg = fresh && fresh.querySelector('img[data-scene-id]')
    if (freshImg) { card.replaceWith(fresh); watchPicture(freshImg); return }
  }
  img.dataset.shown = shown
  const version = shown.split(':').slice(0, 2).join(':')
  if (version === img.dataset.version) return
  img.dataset.version = version
  const url = new URL(img.src, location.href)
  url.searchParams.set('v', version)
  img.src = url.pathname + url.search
  watchPicture(img)
}

async function refreshThumbnails () {
  const images = document.querySelectorAll('img[data-scene-id]')
  if (images.length === 0 || workspaceId === '') return
  const res = await fetch(UI + '/api/versions/' + encodeURIComponent(workspaceId))
  if (!res.ok) return
  const versions = await res.json()
  for (const img of images) {
    const now = versions[img.dataset.sceneId]
    if (now !== undefined && now !== img.dataset.shown) await redraw(img, now)
  }
}

async function poll () {
  try {
    const res = await fetch(UI + '/api/requests?' + query())
    if (res.ok) {
      const page = await res.json()
      const fresh = page.data.slice().reverse()
      if (table && lastId !== null) fresh.forEach(addRow)
      if (table && lastId === null) fresh.forEach(addRow)
      if (fresh.length > 0) lastId = fresh[fresh.length - 1].id
      const wrote = fresh.some((e) => e.method !== 'GET' && e.status !== null && e.status < 400)
      if (wrote && lastId !== null) await refreshThumbnails()
    }
  } catch (error) { /* the emulator restarting: try again next tick */ }
  setTimeout(poll, 1000)
}

for (const img of document.querySelectorAll('.card img, .drawing img')) watchPicture(img)

if (filters) {
  filters.addEventListener('change', () => { lastId = null; rows = 0; table.replaceChildren() })
}

async function send (url, method, body) {
  const init = { method, headers: {} }
  if (body !== undefined) { init.headers['content-type'] = 'application/json'; init.body = JSON.stringify(body) }
  const res = await fetch(url, init)
  if (!res.ok) { alert(method + ' ' + url + ': ' + res.status + ' ' + (await res.text())); return false }
  return true
}

for (const button of document.querySelectorAll('[data-post]')) {
  button.addEventListener('click', async (event) => {
    event.preventDefault()
    if (button.dataset.confirm && !confirm(button.dataset.confirm)) return
    if (await send(button.dataset.post, button.dataset.method || 'POST')) location.reload()
  })
}

/** The fields a person changed since the page was served (each field's default is the value in force then). */
function changedFields (form) {
  const body = {}
  for (const field of form.querySelectorAll('input, select')) {
    if (field.type === 'checkbox') {
      if (field.checked !== field.defaultChecked) body[field.name] = field.checked
      continue
    }
    const served = field.tagName === 'SELECT' ? Array.from(field.options).find((o) => o.defaultSelected)?.value : field.defaultValue
    const value = field.value.trim()
    if (value === '' || value === String(served ?? '').trim()) continue
    body[field.name] = Number.isNaN(Number(value)) ? value : Number(value)
  }
  return body
}

for (const form of document.querySelectorAll('form[data-send]')) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const body = changedFields(form)
    if (Object.keys(body).length === 0) { form.querySelector('[data-form-note]').textContent = 'nothing changed'; return }
    if (await send(form.dataset.send, form.dataset.method || 'PUT', body)) location.reload()
  })
}

// The kinds checklist: the kinds ticked, or null (every kind) when all are.
for (const form of document.querySelectorAll('form[data-kinds]')) {
  const boxes = Array.from(form.querySelectorAll('input[name="kind"]'))
  form.querySelector('[data-check-all]').addEventListener('click', () => { for (const box of boxes) box.checked = true })
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const ticked = boxes.filter((box) => box.checked).map((box) => box.value)
    const note = form.querySelector('[data-form-note]')
    if (ticked.length === 0) { note.textContent = 'tick at least one kind'; return }
    if (boxes.every((box) => box.checked === box.defaultChecked)) { note.textContent = 'nothing changed'; return }
    if (await send(form.dataset.kinds, 'PUT', { kinds: ticked.length === boxes.length ? null : ticked })) location.reload()
  })
}

poll()
`
