// The page's buttons and forms, sent to the admin API through /_emulator/ui/api/ (which adds the admin token
// server-side when one is set); the page reloads after a change, and says what went wrong otherwise.

type Body = Record<string, string | number | boolean | string[] | null>

async function send (url: string, method: string, body?: Body): Promise<boolean> {
  const init: RequestInit = { method, headers: {} }
  if (body !== undefined) { init.headers = { 'content-type': 'application/json' }; init.body = JSON.stringify(body) }
  const res = await fetch(url, init)
  if (!res.ok) { alert(method + ' ' + url + ': ' + res.status + ' ' + (await res.text())); return false }
  return true
}

function note (form: HTMLFormElement, message: string): void {
  const line = form.querySelector('[data-form-note]')
  if (line) line.textContent = message
}

/** Buttons carrying data-post (and data-method, data-confirm): one request each. */
export function wireButtons (): void {
  for (const button of document.querySelectorAll<HTMLElement>('[data-post]')) {
    button.addEventListener('click', async (event) => {
      event.preventDefault()
      if (button.dataset.confirm && !confirm(button.dataset.confirm)) return
      if (await send(button.dataset.post ?? '', button.dataset.method || 'POST')) location.reload()
    })
  }
}

/** The fields a person changed since the page was served (each field's default is the value in force then). */
function changedFields (form: HTMLFormElement): Body {
  const body: Body = {}
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')) {
    if (field instanceof HTMLInputElement && field.type === 'checkbox') {
      if (field.checked !== field.defaultChecked) body[field.name] = field.checked
      continue
    }
    const served = field instanceof HTMLSelectElement ? Array.from(field.options).find((o) => o.defaultSelected)?.value : field.defaultValue
    const value = field.value.trim()
    if (value === '' || value === String(served ?? '').trim()) continue
    body[field.name] = Number.isNaN(Number(value)) ? value : Number(value)
  }
  return body
}

/** Forms carrying data-send: only the fields a person changed, so the rest keep their values in force. */
export function wireForms (): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-send]')) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault()
      const body = changedFields(form)
      if (Object.keys(body).length === 0) { note(form, 'nothing changed'); return }
      if (await send(form.dataset.send ?? '', form.dataset.method || 'PUT', body)) location.reload()
    })
  }
}

/** The kinds checklist: the kinds ticked, or null (every kind) when all are. */
export function wireKinds (): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-kinds]')) {
    const boxes = Array.from(form.querySelectorAll<HTMLInputElement>('input[name="kind"]'))
    form.querySelector('[data-check-all]')?.addEventListener('click', () => { for (const box of boxes) box.checked = true })
    form.addEventListener('submit', async (event) => {
      event.preventDefault()
      const ticked = boxes.filter((box) => box.checked).map((box) => box.value)
      if (ticked.length === 0) { note(form, 'tick at least one kind'); return }
      if (boxes.every((box) => box.checked === box.defaultChecked)) { note(form, 'nothing changed'); return }
      if (await send(form.dataset.kinds ?? '', 'PUT', { kinds: ticked.length === boxes.length ? null : ticked })) location.reload()
    })
  }
}
