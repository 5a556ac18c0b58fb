// Render worker: jsdom shims + @excalidraw/utils exportToSvg, one scene at a time, fully offline.
/* global console, URL */
// Plain ESM JavaScript on purpose: a .ts worker fails under tsx on Node 20 (ERR_UNKNOWN_FILE_EXTENSION).
// Protocol: posts {type:'ready'} once; answers {id, content:{elements, appState, files}, frameId?, padding?,
// charWidthEm} with {id, svg} or {id, error}. The jsdom globals exist only in this thread.
import { parentPort } from 'node:worker_threads'
import { JSDOM } from 'jsdom'

const SVG_NS = 'http://www.w3.org/2000/svg'
const XLINK_NS = 'http://www.w3.org/1999/xlink'
const FRAME_TYPES = new Set(['frame', 'magicframe'])
/** Images the SVG may embed: raster or SVG data URLs only (an SVG inside <image> cannot run script). */
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|gif|webp|bmp|avif|svg\+xml)[;,]/i
const LINK_URL = /^(https?:|mailto:)/i
/** Elements that can run script, load remote content or animate attributes (e.g. href → javascript:). */
const FORBIDDEN_TAGS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'animate', 'set',
  'animatemotion', 'animatetransform', 'handler', 'listener', 'audio', 'video'])

/** utils logs font and shape problems through console; the host thread's output must stay clean. */
function silenceConsole () {
  for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace']) console[level] = () => {}
}

/** The emulator's text metric (content/text-metrics.ts), sent with each job: the host thread owns the fact. */
let charWidthEm = Number.NaN

/** Text widths from the CSS font's pixel size; INFER: utils measures only where it wraps or lays out labels. */
function fakeContext () {
  return {
    font: '16px sans-serif',
    measureText (text) {
      const px = Number.parseFloat(/([\d.]+)px/.exec(this.font)?.[1] ?? '16')
      return { width: String(text).length * px * charWidthEm, actualBoundingBoxAscent: px * 0.8, actualBoundingBoxDescent: px * 0.2 }
    }
  }
}

/** The FontFace stub: utils only reads these fields; without unicodeRange the fonts are silently not inlined. */
class FontFaceStub {
  constructor (family, source, descriptors = {}) {
    this.family = family
    this.source = source
    this.unicodeRange = 'U+0000-10FFFF'
    this.style = descriptors.style ?? 'normal'
    this.weight = descriptors.weight ?? '400'
    this.display = descriptors.display ?? 'swap'
    this.status = 'loaded'
  }

  load () { return Promise.resolve(this) }
}

/**
 * Only data: URLs may be fetched (the fonts bundled in utils); anything else would leave the machine.
 * FIDELITY: the editor would fetch a missing font from its CDN; the emulator draws with what it has.
 */
function offlineFetch (realFetch) {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input?.url
    if (typeof url === 'string' && url.startsWith('data:')) return realFetch(url, init)
    throw new Error(`render worker is offline: refusing to fetch ${String(url).slice(0, 80)}`)
  }
}

function installShims () {
  const { window } = new JSDOM('<!doctype html><html><head></head><body></body></html>', { pretendToBeVisual: true })
  const fonts = new Set()
  Object.assign(fonts, { ready: Promise.resolve(), check: () => true, load: async () => [] })
  window.document.fonts = fonts
  window.FontFace = FontFaceStub
  window.devicePixelRatio = 1
  // A local base instead of the esm.sh fallback; the prod bundle inlines its fonts as data: URLs anyway,
  // and offlineFetch refuses file: and https: alike.
  window.EXCALIDRAW_ASSET_PATH = new URL('./', import.meta.resolve('@excalidraw/utils')).href
  window.HTMLCanvasElement.prototype.getContext = fakeContext
  const names = ['document', 'navigator', 'DOMParser', 'Node', 'Element', 'HTMLElement', 'SVGElement', 'Image',
    'XMLSerializer', 'getComputedStyle', 'HTMLCanvasElement', 'HTMLImageElement', 'FontFace', 'devicePixelRatio',
    'requestAnimationFrame', 'cancelAnimationFrame']
  Object.defineProperty(globalThis, 'window', { value: window, configurable: true, writable: true })
  for (const name of names) Object.defineProperty(globalThis, name, { value: window[name], configurable: true, writable: true })
  globalThis.fetch = offlineFetch(globalThis.fetch)
  return window
}

/** Checks what utils would otherwise crash on deep inside (or render as NaN) and says what is wrong. */
function checkContent (content) {
  if (content === null || typeof content !== 'object') throw new Error('scene content must be an object')
  const { elements } = content
  if (!Array.isArray(elements)) throw new Error('scene elements must be an array')
  elements.forEach((el, index) => {
    if (el === null || typeof el !== 'object' || Array.isArray(el)) throw new Error(`element at index ${index} is not an object`)
    if (typeof el.id !== 'string' || typeof el.type !== 'string') throw new Error(`element at index ${index} has no string id and type`)
    for (const key of ['x', 'y', 'width', 'height', 'angle']) {
      if (key in el && !Number.isFinite(el[key])) throw new Error(`element ${el.id}: ${key} is not a finite number`)
    }
  })
}

/** Only embeddable image files go in; anything else would become an external reference. */
function safeFiles (files) {
  const out = {}
  if (files === null || typeof files !== 'object') return out
  for (const [key, file] of Object.entries(files)) {
    if (file && typeof file.dataURL === 'string' && IMAGE_DATA_URL.test(file.dataURL)) out[key] = file
  }
  return out
}

/** INFER: the stored app state is only viewBackgroundColor; export options are the editor's defaults. */
function exportAppState (appState) {
  const bg = appState?.viewBackgroundColor
  return { viewBackgroundColor: typeof bg === 'string' ? bg : '#ffffff', exportBackground: true,
    exportWithDarkMode: false, exportEmbedScene: false }
}

/**
 * INFER: what the real service does with an unknown frameId is not public; here it is an error picture that
 * names the id (a blank picture would hide a caller's mistake, a throw would cost the caller a 500).
 */
function findFrame (elements, frameId) {
  if (frameId == null) return undefined
  const frame = elements.find((el) => el.id === frameId && !el.isDeleted)
  if (!frame) throw new Error(`frame ${frameId} is not in the scene`)
  if (!FRAME_TYPES.has(frame.type)) throw new Error(`element ${frameId} is a ${frame.type}, not a frame`)
  return frame
}

function allowedReference (el, value) {
  const tag = el.localName.toLowerCase()
  if (value.startsWith('#')) return tag === 'use' || tag === 'a'
  if (tag === 'image') return IMAGE_DATA_URL.test(value)
  return tag === 'a' && LINK_URL.test(value.trim())
}

/**
 * utils sets clip-path with setAttributeNS(SVG namespace): outerHTML hides that, XML serialisation writes
 * `ns1:clip-path`, which SVG viewers ignore. Presentation attributes belong in no namespace.
 */
function moveToNullNamespace (el, attr) {
  el.removeAttributeNode(attr)
  el.setAttribute(attr.localName, attr.value)
}

/** Scene text and links are user content: drop anything that could script, navigate oddly or load. */
function sanitise (root) {
  const doomed = []
  for (const el of [root, ...root.querySelectorAll('*')]) {
    if (el.namespaceURI !== SVG_NS || FORBIDDEN_TAGS.has(el.localName.toLowerCase())) { doomed.push(el); continue }
    for (const attr of [...el.attributes]) {
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
 */
function serialise (window, svg) {
  svg.removeAttribute('xmlns')
  const viewBox = (svg.getAttribute('viewBox') ?? '').split(/\s+/).map(Number)
  if (viewBox.length !== 4 || !viewBox.every(Number.isFinite)) throw new Error('scene has no finite bounds')
  return new window.XMLSerializer().serializeToString(svg)
}

async function render (window, exportToSvg, msg) {
  const { content } = msg
  if (!Number.isFinite(msg.charWidthEm)) throw new Error('render job without charWidthEm')
  charWidthEm = msg.charWidthEm
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

silenceConsole()
const window = installShims()
const { exportToSvg } = await import('@excalidraw/utils')

parentPort.on('message', async (msg) => {
  try {
    parentPort.postMessage({ id: msg.id, svg: await render(window, exportToSvg, msg) })
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: String(err?.message ?? err) })
  }
})
parentPort.postMessage({ type: 'ready' })
