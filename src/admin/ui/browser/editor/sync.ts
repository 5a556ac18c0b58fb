// Keeps the open editor and the stored scene in step, one request at a time.
// Saving: the elements whose version or versionNonce differ from what the emulator holds (with a changed background
// and files it does not have yet) go as one PATCH, 400 ms after the last change. The answer is the merged document.
// Receiving: the scene's version is polled every second; when it moved, the document is loaded and merged with the
// package's own reconcileElements: the higher `version` wins, on equal versions the lower `versionNonce`, and an
// element the person is drawing, resizing or typing stays as it is (PATCH /api/v1 applies the same rule on the
// server). Elements the person changed and has not saved yet are never dropped; after a replacement (PUT: the
// scene's contentEpoch moved) elements the new document no longer has are dropped unless the person changed them.
import { CaptureUpdateAction, reconcileElements, restoreElements } from '@excalidraw/excalidraw'
import type { RemoteExcalidrawElement } from '@excalidraw/excalidraw/data/reconcile'
import type { OrderedExcalidrawElement } from '@excalidraw/excalidraw/element/types'
import type { BinaryFileData, BinaryFiles, ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types'
import { ApiError, callJson, showStatus, showVersion, type FileRecord, type PageFacts, type SceneDocument, type SceneVersion } from './link.js'

const SAVE_DELAY_MS = 400
const POLL_MS = 1000

type Element = OrderedExcalidrawElement
const stampOf = (e: { version: number, versionNonce: number }): string => `${e.version}:${e.versionNonce}`

interface SaveBody {
  elements: Element[]
  appState?: { viewBackgroundColor: string }
  files?: Record<string, FileRecord>
}

export class SceneSync {
  private api: ExcalidrawImperativeAPI | null = null
  /** What the emulator holds, as last seen: element id → version:versionNonce, file ids, the background. */
  private readonly held = new Map<string, string>()
  private readonly heldFiles = new Set<string>()
  private heldBackground = ''
  private version: SceneVersion
  private busy = false
  private saveTimer: ReturnType<typeof setTimeout> | undefined
  /** A refused save (400, 404): not retried until the person changes something again. */
  private refused = false
  /**
   * The last request got no answer. The status stays "offline" until one is answered: the package calls onChange
   * many times a second, and each call would otherwise replace it with "unsaved" within milliseconds.
   */
  private offline = false

  private readonly facts: PageFacts
  private readonly first: SceneDocument

  constructor (facts: PageFacts, first: SceneDocument, version: SceneVersion) {
    this.facts = facts
    this.first = first
    this.version = version
    this.remember(first)
  }

  /** The package's initialData: the document as loaded, scrolled so its drawing is in view. */
  initialData () {
    const { elements, appState, files } = this.first
    return {
      elements: restoreElements(elements as Element[], null),
      appState: { viewBackgroundColor: appState.viewBackgroundColor },
      files: files as unknown as BinaryFiles,
      scrollToContent: true
    }
  }

  attach (api: ExcalidrawImperativeAPI): void {
    this.api = api
    showVersion(this.version.sceneVersion)
    // A read-only page keeps the reason the server wrote in its status line.
    if (this.facts.readOnly) return
    showStatus('saved')
    setInterval(() => { void this.step('poll') }, POLL_MS)
  }

  /** The package's onChange: fires on every pointer move too, so it only schedules a save when something changed. */
  changed (): void {
    if (this.facts.readOnly || this.api === null || this.pending() === null) return
    this.refused = false
    showStatus(this.offline ? 'offline' : 'unsaved')
    clearTimeout(this.saveTimer)
    this.saveTimer = setTimeout(() => { void this.step('save') }, SAVE_DELAY_MS)
  }

  /** One request at a time, so an older document never lands after a newer one. */
  private async step (reason: 'save' | 'poll'): Promise<void> {
    if (this.busy) {
      if (reason === 'save') this.saveTimer = setTimeout(() => { void this.step('save') }, SAVE_DELAY_MS)
      return
    }
    this.busy = true
    try {
      const body = this.refused ? null : this.pending()
      if (body !== null) await this.save(body)
      else await this.poll()
    } catch (error) {
      this.failed(error)
    } finally {
      this.busy = false
    }
  }

  private failed (error: unknown): void {
    if (error instanceof ApiError) {
      this.refused = true
      showStatus('error', error.message)
      return
    }
    // No answer at all: the emulator is restarting or gone. The poll's next tick tries again (a pending save first).
    this.offline = true
    showStatus('offline')
  }

  /** What the emulator does not hold yet, as a PATCH body; null when there is nothing to save. */
  private pending (): SaveBody | null {
    const api = this.api
    if (api === null) return null
    const elements = api.getSceneElementsIncludingDeleted().filter((e) => this.held.get(e.id) !== stampOf(e))
    const background = api.getAppState().viewBackgroundColor
    const files = Object.values(api.getFiles()).filter((file) => !this.heldFiles.has(file.id))
    if (elements.length === 0 && background === this.heldBackground && files.length === 0) return null
    const body: SaveBody = { elements: [...elements] }
    if (background !== this.heldBackground) body.appState = { viewBackgroundColor: background }
    if (files.length > 0) body.files = Object.fromEntries(files.map((f) => [f.id, { id: f.id, mimeType: f.mimeType, dataURL: f.dataURL, created: f.created }]))
    return body
  }

  private async save (body: SaveBody): Promise<void> {
    if (!this.offline) showStatus('saving')
    const merged = await this.call<SceneDocument>(this.facts.contentUrl, { method: 'PATCH', body: JSON.stringify(body) })
    this.apply(merged, false)
    showStatus(this.pending() === null ? 'saved' : 'unsaved')
    if (this.pending() !== null) this.changed()
  }

  /** Every request of the sync: any answer, a refusal included, ends "offline"; no answer leaves it to failed(). */
  private async call<T> (url: string, init?: RequestInit): Promise<T> {
    try {
      const answer = await callJson<T>(url, init)
      this.offline = false
      return answer
    } catch (error) {
      if (error instanceof ApiError) this.offline = false
      throw error
    }
  }

  private async poll (): Promise<void> {
    const now = await this.call<SceneVersion>(this.facts.versionUrl)
    if (now.sceneVersion !== this.version.sceneVersion || now.contentEpoch !== this.version.contentEpoch) {
      const replaced = now.contentEpoch !== this.version.contentEpoch
      const document = await this.call<SceneDocument>(this.facts.contentUrl)
      this.version = { sceneVersion: document.sceneVersion, contentEpoch: now.contentEpoch }
      this.apply(document, replaced)
    }
    // A refused save keeps its message on show until the person changes something.
    if (!this.refused) showStatus(this.pending() === null ? 'saved' : 'unsaved')
  }

  /** Merges a document from the emulator into the editor; remote edits stay out of the person's undo history. */
  private apply (document: SceneDocument, replaced: boolean): void {
    const api = this.api
    if (api === null) return
    const remote = restoreElements(document.elements as Element[], null) as RemoteExcalidrawElement[]
    const remoteIds = new Set(remote.map((e) => e.id))
    const local = api.getSceneElementsIncludingDeleted()
      .filter((e) => !replaced || remoteIds.has(e.id) || this.held.get(e.id) !== stampOf(e))
    const elements = reconcileElements(local, remote, api.getAppState())
    const background = api.getAppState().viewBackgroundColor === this.heldBackground ? document.appState.viewBackgroundColor : undefined
    const newFiles = Object.values(document.files).filter((file) => !(file.id in api.getFiles()))
    this.remember(document)
    this.version = { ...this.version, sceneVersion: document.sceneVersion }
    if (newFiles.length > 0) api.addFiles(newFiles as BinaryFileData[])
    api.updateScene({
      elements,
      ...(background === undefined ? {} : { appState: { viewBackgroundColor: background } }),
      captureUpdate: CaptureUpdateAction.NEVER
    })
    showVersion(document.sceneVersion)
  }

  private remember (document: SceneDocument): void {
    for (const element of document.elements as Element[]) this.held.set(element.id, stampOf(element))
    for (const id of Object.keys(document.files)) this.heldFiles.add(id)
    this.heldBackground = document.appState.viewBackgroundColor
  }
}
