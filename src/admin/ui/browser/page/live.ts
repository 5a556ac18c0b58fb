// Parts of a page the server renders again as they change (data-live="<path>": the shadow's report): read each
// second and put in place, so the page stays current without a reload (the journal's rows are polled the same way).

/** Reads each live region's path again every `everyMs`; a failed read (the server restarting) is tried next tick. */
export function refreshLiveRegions (everyMs = 1000): void {
  const regions = [...document.querySelectorAll<HTMLElement>('[data-live]')]
  if (regions.length === 0) return
  const tick = async (): Promise<void> => {
    for (const region of regions) {
      try {
        const res = await fetch(region.dataset.live ?? '', { cache: 'no-store' })
        // The server's own escaped HTML (the page's Content-Security-Policy allows no inline script).
        if (res.ok) region.innerHTML = await res.text()
      } catch { /* the emulator restarting: try again next tick */ }
    }
    setTimeout(tick, everyMs)
  }
  setTimeout(tick, everyMs)
}
