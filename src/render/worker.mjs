// @ts-check
// Render worker: jsdom shims + @excalidraw/utils exportToSvg, one scene at a time, fully offline.
/* global process */
// Plain ESM JavaScript on purpose (it starts without the parent's loaders, worker-host.ts: Node must run it as it
// is), type-checked through `// @ts-check` and the JSDoc types below, which name only the parts of the DOM it uses.
// Protocol (RenderJob and WorkerMessage in worker-host.ts): posts {type:'ready'} once; answers
// {id, content:{elements, appState, files}, frameId?, padding?,
// charWidthEm} with {id, svg, heapBytes} or {id, error, heapBytes}
// (heapBytes: this thread's V8 heap after the job, which the host uses to recycle it); {type:'retire'} ends the
// thread after giving its memory back. The jsdom globals exist only in this thread.
import { getHeapStatistics } from 'node:v8'
import { parentPort } from 'node:worker_threads'
import { exposedGc, forgetLastQueries, installShims, setCharWidthEm, silenceConsole } from './worker-dom.mjs'

/**
 * @typedef {{ localName: string, namespaceURI: string | null, value: string }} DomAttr
 * @typedef {object} DomElement
 * @property {string} localName
 * @property {string | null} namespaceURI
 * @property {ArrayLike<DomAttr>} attributes
 * @property {(selectors: string) => ArrayLike<DomElement>} querySelectorAll
 * @property {(name: string) => string | null} getAttribute
 * @property {(name: string, value: string) => void} setAttribute
 * @property {(name: string) => void} removeAttribute
 * @property {(attr: DomAttr) => unknown} removeAttributeNode
 * @property {() => void} remove
 * @typedef {import('./worker-dom.mjs').SerialisingWindow} SerialisingWindow
 * @typedef {{ id: string, type: string, isDeleted?: boolean, [key: string]: unknown }} SceneElement
 * @typedef {{ dataURL?: unknown, [key: string]: unknown }} SceneFile
 * @typedef {{ elements: SceneElement[], appState?: { viewBackgroundColor?: unknown }, files?: Record<string, SceneFile> | null }} SceneContent
 * @typedef {{ id: number, content: unknown, frameId?: string, padding?: number, charWidthEm: number }} RenderRequest
 * @typedef {{ padding: number, exportingFrame: SceneElement | undefined, renderEmbeddables: boolean, reuseImages: boolean }} ExportConfig
 * @typedef {{ data: { elements: SceneElement[], appState: object, files: Record<string, SceneFile> }, config: ExportConfig }} ExportRequest
 * @typedef {(request: ExportRequest) => Promise<DomElement>} ExportToSvg
 */

const SVG_NS = 'http://www.w3.org/2000/svg'
const XLINK_NS = 'http://www.w3.org/1999/xlink'
const FRAME_TYPES = new Set(['frame', 'magicframe'])
/** Images the SVG may embed: raster or SVG data URLs only (an SVG inside <image> cannot run script). */
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|gif|webp|bmp|avif|svg\+xml)[;,]/i
const LINK_URL = /^(https?:|mailto:)/i
/** Elements that can run script, load remote content or animate attributes (e.g. href → javascript:). */
const FORBIDDEN_TAGS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'animate', 'set',
  'animatemotion', 'animatetransform', 'handler', 'listener', 'audio', 'video'])

/** @param {Record<string, unknown>} el */
function checkGeometry (el) {
  for (const key of ['x', 'y', 'width', 'height', 'angle']) {
    if (key in el && !Number.isFinite(el[key])) throw new Error(`element ${el.id}: ${key} is not a finite number`)
  }
}

/**
 * Checks what utils would otherwise crash on deep inside (or render as NaN) and says what is wrong.
 * @param {unknown} content
 * @returns {asserts content is SceneContent}
 */
function checkContent (content) {
  if (content === null || typeof content !== 'object') throw new Error('scene content must be an object')
  const { elements } = /** @type {{ elements?: unknown }} */ (content)
  if (!Array.isArray(elements)) throw new Error('scene elements must be an array')
  elements.forEach((el, index) => {
    if (el === null || typeof el !== 'object' || Array.isArray(el)) throw new Error(`element at index ${index} is not an object`)
    if (typeof el.id !== 'string' || typeof el.type !== 'string') throw new Error(`element at index ${index} has no string id and type`)
    checkGeometry(el)
  })
}

/**
 * Only embeddable image files go in; anything else would become an external reference.
 * @param {SceneContent['files']} files
 */
function safeFiles (files) {
  /** @type {Record<string, SceneFile>} */
  const out = {}
  if (files === null || typeof files !== 'object') return out
  for (const [key, file] of Object.entries(files)) {
    if (file && typeof file.dataURL === 'string' && IMAGE_DATA_URL.test(file.dataURL)) out[key] = file
  }
  return out
}

/**
 * INFER: the stored app state is only viewBackgroundColor; export options are the editor's defaults.
 * @param {SceneContent['appState']} appState
 */
function exportAppState (appState) {
  const bg = appState?.viewBackgroundColor
  return { viewBackgroundColor: typeof bg === 'string' ? bg : '#ffffff', exportBackground: true,
    exportWithDarkMode: false, exportEmbedScene: false }
}

/**
 * INFER: what the real service does with an unknown frameId is not public; here it is an error picture that
 * names the id (a blank picture would hide a caller's mistake, a throw would cost the caller a 500).
 * @param {SceneElement[]} elements
 * @param {string | undefined} frameId
 */
function findFrame (elements, frameId) {
  if (frameId == null) return undefined
  const frame = elements.find((el) => el.id === frameId && !el.isDeleted)
  if (!frame) throw new Error(`frame ${frameId} is not in the scene`)
  if (!FRAME_TYPES.has(frame.type)) throw new Error(`element ${frameId} is a ${frame.type}, not a frame`)
  return frame
}

/**
 * @param {DomElement} el
 * @param {string} value
 */
function allowedReference (el, value) {
  const tag = el.localName.toLowerCase()
  if (value.startsWith('#')) return tag === 'use' || tag === 'a'
  if (tag === 'image') return IMAGE_DATA_URL.test(value)
  return tag === 'a' && LINK_URL.test(value.trim())
}

/**
 * utils sets clip-path with setAttributeNS(SVG namespace): outerHTML hides that, XML serialisation writes
 * `ns1:clip-path`, which SVG viewers ignore. Presentation attributes belong in no namespace.
 * @param {DomElement} el
 * @param {DomAttr} attr
 */
function moveToNullNamespace (el, attr) {
  el.removeAttributeNode(attr)
  el.setAttribute(attr.localName, attr.value)
}

/**
 * Scene text and links are user content: drop anything that could script, navigate oddly or load.
 * @param {DomElement} root
 */
function sanitise (root) {
  /** @type {DomElement[]} */
  const doomed = []
  for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
    if (el.namespaceURI !== SVG_NS || FORBIDDEN_TAGS.has(el.localName.toLowerCase())) { doomed.push(el); continue }
    for (const attr of Array.from(el.attributes)) {
      const name = attr.localName.toLowerCase()
      const isRef = name === 'href' && (attr.namespaceURI === null || attr.namespaceURI === XLINK_NS)
      if (name.startsWith('on') || (isRef && !allowedReference(el, attr.value))) el.removeAttributeNode(attr)
      else if (attr.namespaceURI === SVG_NS) moveToNullNamespace(el, attr)
    }
  }
  for (const el of doomed) el.remove()
}

/**
 * XML serialisation escapes `<` in attributes (links, colours), which outerHTML does not; dropping the literal
 * xmlns attribute first avoids the duplicate xmlns that jsdom's XMLSerializer otherwise writes.
 * @param {SerialisingWindow} window
 * @param {DomElement} svg
 */
function serialise (window, svg) {
  svg.removeAttribute('xmlns')
  const viewBox = (svg.getAttribute('viewBox') ?? '').split(/\s+/).map(Number)
  if (viewBox.length !== 4 || !viewBox.every(Number.isFinite)) throw new Error('scene has no finite bounds')
  return new window.XMLSerializer().serializeToString(svg)
}

/**
 * @param {SerialisingWindow} window
 * @param {ExportToSvg} exportToSvg
 * @param {RenderRequest} msg
 */
async function render (window, exportToSvg, msg) {
  const { content } = msg
  if (!Number.isFinite(msg.charWidthEm)) throw new Error('render job without charWidthEm')
  setCharWidthEm(msg.charWidthEm)
  checkContent(content)
  const exportingFrame = findFrame(content.elements, msg.frameId)
  const svg = await exportToSvg({
    data: { elements: content.elements, appState: exportAppState(content.appState), files: safeFiles(content.files) },
    // reuseImages:false sizes each <image> absolutely: resvg ignores <use width/height> on a symbol whose
    // image is 100% × 100% and drew images zoomed in. Cost: an image placed twice is embedded twice.
    config: { padding: msg.padding ?? 10, exportingFrame, renderEmbeddables: false, reuseImages: false }
  })
  sanitise(svg)
  return serialise(window, svg)
}

/** What this thread's heap holds after a job (committed, not just live): what it costs the process. */
function heapBytes () {
  return getHeapStatistics().total_heap_size
}

/**
 * Ends this thread with its heap pages unmapped first. Since V8 13 (Node 24) the pages an isolate's collections
 * freed stay pooled when it ends, and the process's RSS keeps them for 8 more seconds (V8's PagePool); a last-resort
 * collection hands them back at once (a 10,000-element picture: 230 MB returned now instead of 8 s later).
 */
function retire () {
  try {
    exposedGc()({ type: 'major', execution: 'sync', flavor: 'last-resort' })
  } finally {
    process.exit(0)
  }
}

/** @param {unknown} err */
function messageOf (err) {
  return String(err instanceof Error ? err.message : err)
}

const port = parentPort
if (port === null) throw new Error('worker.mjs runs as a worker thread only')
silenceConsole()
const window = installShims()
// utils' declarations re-export without file extensions, which NodeNext resolution cannot follow: the one
// function used is typed here.
const { exportToSvg } = /** @type {{ exportToSvg: ExportToSvg }} */ (/** @type {unknown} */ (await import('@excalidraw/utils')))

port.on('message', async (/** @type {RenderRequest | { type: 'retire' }} */ msg) => {
  if ('type' in msg) return msg.type === 'retire' ? retire() : undefined
  try {
    const svg = await render(window, exportToSvg, msg)
    port.postMessage({ id: msg.id, svg, heapBytes: heapBytes() })
  } catch (err) {
    port.postMessage({ id: msg.id, error: messageOf(err), heapBytes: heapBytes() })
  } finally {
    // Whether or not the job got as far as sanitise: utils queries the picture while it draws it.
    forgetLastQueries(window)
  }
})
port.postMessage({ type: 'ready' })
