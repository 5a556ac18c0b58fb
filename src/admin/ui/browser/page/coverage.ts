// The Coverage view's live table: every second the server's table fragment (/_emulator/ui/coverage/table, with the
// view's required outcomes and workspace) replaces the shown one when it changed, as the journal polls its rows.

const UI = '/_emulator/ui'

/** The view's form as a query: the required outcomes and the workspace a person chose. */
function queryOf (form: HTMLFormElement | null): string {
  if (form === null) return ''
  const params = new URLSearchParams()
  for (const name of ['outcomes', 'workspaceId']) {
    const field = form.elements.namedItem(name)
    if (field instanceof HTMLInputElement && field.value.trim() !== '') params.set(name, field.value.trim())
  }
  return params.toString()
}

/** Starts the poll when the page is the Coverage view; does nothing elsewhere. */
export function watchCoverage (): void {
  const holder = document.querySelector<HTMLElement>('#coverage-holder')
  if (holder === null) return
  const form = document.querySelector<HTMLFormElement>('form#coverage-filters')
  let shown = holder.innerHTML
  const poll = async (): Promise<void> => {
    try {
      const res = await fetch(`${UI}/coverage/table?${queryOf(form)}`)
      const text = res.ok ? await res.text() : shown
      // The fragment is the server's own escaped HTML (admin/ui/coverage.ts), as the scene cards are.
      if (text !== shown) holder.innerHTML = shown = text
    } catch { /* the emulator restarting: try again next tick */ }
    setTimeout(() => { void poll() }, 1000)
  }
  setTimeout(() => { void poll() }, 1000)
}
