// The scene pictures on the page: a drawing state on each until it has loaded, and the cards of scenes that changed
// fetched again from the server (picture, name, pin, counts, version).

const UI = '/_emulator/ui'

/** Marks the picture's card (or drawing box) as drawing until the image has loaded, and as failed if it cannot. */
export function watchPicture (img: HTMLImageElement): void {
  const box = img.closest<HTMLElement>('.card, .drawing')
  if (!box) return
  const settle = () => { box.dataset.state = img.naturalWidth > 0 ? 'drawn' : 'failed' }
  img.addEventListener('load', settle)
  img.addEventListener('error', settle)
  if (img.complete) settle()
  else box.dataset.state = 'drawing'
}

/** A card the server drew again, when it still holds a scene picture. */
async function freshCard (sceneId: string): Promise<{ card: Element, img: HTMLImageElement } | null> {
  const res = await fetch(UI + '/cards/' + encodeURIComponent(sceneId))
  if (!res.ok) return null
  const holder = document.createElement('div')
  holder.innerHTML = await res.text()
  const card = holder.firstElementChild
  const img = card?.querySelector<HTMLImageElement>('img[data-scene-id]')
  return card && img ? { card, img } : null
}

/**
 * A changed scene's card comes again from the server; another picture of it reloads when its version moved.
 * shown is the card token the page polls (sceneVersion:contentEpoch:details).
 */
async function redraw (img: HTMLImageElement, shown: string): Promise<void> {
  const card = img.closest('[data-card]')
  const fresh = card ? await freshCard(img.dataset.sceneId ?? '') : null
  if (card && fresh) { card.replaceWith(fresh.card); watchPicture(fresh.img); return }
  img.dataset.shown = shown
  const version = shown.split(':').slice(0, 2).join(':')
  if (version === img.dataset.version) return
  img.dataset.version = version
  const url = new URL(img.src, location.href)
  url.searchParams.set('v', version)
  img.src = url.pathname + url.search
  watchPicture(img)
}

/** Asks for the workspace's card tokens and redraws each picture whose token moved. */
export async function refreshThumbnails (workspaceId: string): Promise<void> {
  const images = document.querySelectorAll<HTMLImageElement>('img[data-scene-id]')
  if (images.length === 0 || workspaceId === '') return
  const res = await fetch(UI + '/api/versions/' + encodeURIComponent(workspaceId))
  if (!res.ok) return
  const versions = await res.json() as Record<string, string | undefined>
  for (const img of images) {
    const now = versions[img.dataset.sceneId ?? '']
    if (now !== undefined && now !== img.dataset.shown) await redraw(img, now)
  }
}
