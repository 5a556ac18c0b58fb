// What the editor page tells its script (data-* attributes the server wrote on <body>), the emulator's editor
// routes it calls, and the status line it keeps up to date (#editor-status and [data-scene-version]).

export interface PageFacts {
  sceneId: string
  sceneName: string
  /** GET: the content document as the API answers it; PATCH: a save, merged as PATCH /api/v1 merges. */
  contentUrl: string
  /** GET: `{ sceneVersion, contentEpoch }`, polled every second. */
  versionUrl: string
  /** The scene is in the trash: shown, never saved. */
  readOnly: boolean
}

export interface SceneDocument {
  elements: unknown[]
  appState: { viewBackgroundColor: string }
  files: Record<string, FileRecord>
  sceneVersion: string
}

export interface FileRecord { id: string, mimeType: string, dataURL: string, created: number, lastRetrieved?: number }
export interface SceneVersion { sceneVersion: string, contentEpoch: number }

export type Status = 'loading' | 'saved' | 'unsaved' | 'saving' | 'offline' | 'error'

const STATUS_TEXT: Record<Status, string> = {
  loading: 'loading…',
  saved: 'saved',
  unsaved: 'unsaved changes',
  saving: 'saving…',
  offline: 'offline: will save when the emulator answers',
  error: 'not saved'
}

export function readPageFacts (body: HTMLElement): PageFacts {
  const data = body.dataset
  return {
    sceneId: data.sceneId ?? '',
    sceneName: data.sceneName ?? '',
    contentUrl: data.contentUrl ?? '',
    versionUrl: data.versionUrl ?? '',
    readOnly: data.readOnly === 'true'
  }
}

/** A failed answer of the emulator: its envelope's message, or the status line. */
export class ApiError extends Error {
  readonly status: number
  constructor (status: number, message: string) {
    super(message)
    this.status = status
  }
}

/** A request the emulator has not answered in this time counts as no answer (offline); the next tick retries. */
const REQUEST_TIMEOUT_MS = 10_000

export async function callJson<T> (url: string, init: RequestInit = {}): Promise<T> {
  // Without a bound, one request that never ends would hold the one-at-a-time queue, and nothing would save again.
  const res = await fetch(url, {
    ...init,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) }
  })
  const text = await res.text()
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`
    try { message = (JSON.parse(text) as { message?: string }).message ?? message } catch { /* not JSON: keep the status line */ }
    throw new ApiError(res.status, message)
  }
  return JSON.parse(text) as T
}

/** The page's status line: what the person sees, and the attributes scripts and tests read. */
export function showStatus (status: Status, detail?: string): void {
  const element = document.getElementById('editor-status')
  if (element === null) return
  element.dataset.status = status
  element.textContent = detail === undefined ? STATUS_TEXT[status] : `${STATUS_TEXT[status]}: ${detail}`
}

export function showVersion (sceneVersion: string): void {
  const element = document.querySelector<HTMLElement>('[data-scene-version]')
  if (element === null) return
  element.dataset.sceneVersion = sceneVersion
  element.textContent = sceneVersion
}
