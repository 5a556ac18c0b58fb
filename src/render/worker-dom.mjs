// @ts-check
// The render worker's browser: jsdom with the few shims @excalidraw/utils needs (fonts, a canvas that measures text,
// an offline fetch), and the two things that give a worker's memory back (forgetLastQueries, exposedGc).
/* global Buffer, console, Response, URL */
// Plain ESM JavaScript like worker.mjs, which it serves: the worker runs without the parent's loaders.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
// @ts-expect-error jsdom ships no declarations; what this file uses of it is typed where it is used.
import { JSDOM } from 'jsdom'

/**
 * @typedef {{ XMLSerializer: new () => { serializeToString: (node: object) => string }, document: object }} SerialisingWindow
 * @typedef {{
 *   selectResolvers: { clear: () => void }, matchResolvers: { clear: () => void },
 *   select: (selectors: string, context: object) => unknown
 * }} NwsapiEngine
 */

/** The one code point range of a font registered without one (utils inlines a face only for text in its range). */
const WHOLE_RANGE = 'U+0000-10FFFF'

/** utils logs font and shape problems through console; the host thread's output must stay clean. */
export function silenceConsole () {
  const quiet = () => {}
  Object.assign(console, { log: quiet, info: quiet, warn: quiet, error: quiet, debug: quiet, trace: quiet })
}

/** The emulator's text metric (content/text-metrics.ts), sent with each job: the host thread owns the fact. */
let charWidthEm = Number.NaN

/** @param {number} em */
export function setCharWidthEm (em) {
  charWidthEm = em
}

/** Text widths from the CSS font's pixel size; INFER: utils measures only where it wraps or lays out labels. */
function fakeContext () {
  return {
    font: '16px sans-serif',
    /** @param {unknown} text */
    measureText (text) {
      const px = Number.parseFloat(/([\d.]+)px/.exec(this.font)?.[1] ?? '16')
      return { width: String(text).length * px * charWidthEm, actualBoundingBoxAscent: px * 0.8, actualBoundingBoxDescent: px * 0.2 }
    }
  }
}

/**
 * The FontFace stub: utils only reads these fields. Each face keeps the code point range it was registered with:
 * utils inlines a face (subset to the scene's text) only when the text has a character in that range, so a range
 * wider than the face's own would inline faces holding no glyph at all, which browsers reject (OTS: "glyf:
 * zero-length table") and then draw the text in a fallback font. Xiaolai, the editor's hand-drawn CJK face, comes
 * in the same way for text that has CJK characters.
 */
class FontFaceStub {
  /**
   * @param {string} family
   * @param {string} source
   * @param {{ unicodeRange?: string, style?: string, weight?: string, display?: string }} [descriptors]
   */
  constructor (family, source, descriptors = {}) {
    this.family = family
    this.source = source
    this.unicodeRange = descriptors.unicodeRange ?? WHOLE_RANGE
    this.style = descriptors.style ?? 'normal'
    this.weight = descriptors.weight ?? '400'
    this.display = descriptors.display ?? 'swap'
    this.status = 'loaded'
  }

  load () { return Promise.resolve(this) }
}

/** utils fetches the same font chunks (base64 data: URLs, 10-70 KB each) for every picture: decoded once here. */
const decodedDataUrls = new Map()
const DECODED_DATA_URLS = 64
const BASE64_DATA_URL = /^data:[^,]*;base64,/

/**
 * The bytes of a base64 data: URL, decoded natively (fetch's own data: URL reader is JavaScript, and a picture
 * fetches several) and kept for the next picture; a copy, so no caller can change what is kept.
 * @param {string} url
 */
function dataUrlBytes (url) {
  let bytes = decodedDataUrls.get(url)
  if (bytes === undefined) {
    bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')
    if (decodedDataUrls.size >= DECODED_DATA_URLS) decodedDataUrls.delete(decodedDataUrls.keys().next().value)
    decodedDataUrls.set(url, bytes)
  }
  return Uint8Array.prototype.slice.call(bytes)
}

/**
 * Only data: URLs may be fetched (the fonts bundled in utils); anything else would leave the machine.
 * FIDELITY: the editor would fetch a missing font from its CDN; the emulator draws with what it has.
 * @param {typeof fetch} realFetch
 * @returns {typeof fetch}
 */
function offlineFetch (realFetch) {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input?.url
    if (typeof url === 'string' && BASE64_DATA_URL.test(url.slice(0, 100))) return new Response(dataUrlBytes(url))
    if (typeof url === 'string' && url.startsWith('data:')) return await realFetch(url, init)
    throw new Error(`render worker is offline: refusing to fetch ${String(url).slice(0, 80)}`)
  }
}

/** @returns {SerialisingWindow} */
export function installShims () {
  const { window } = new JSDOM('<!doctype html><html><head></head><body></body></html>', { pretendToBeVisual: true })
  const fonts = new Set()
  Object.assign(fonts, { ready: Promise.resolve(), check: () => true, load: async () => [] })
  Object.assign(window, {
    FontFace: FontFaceStub,
    devicePixelRatio: 1,
    // A local base instead of the esm.sh fallback; the prod bundle inlines its fonts as data: URLs anyway,
    // and offlineFetch refuses file: and https: alike.
    EXCALIDRAW_ASSET_PATH: new URL('./', import.meta.resolve('@excalidraw/utils')).href
  })
  window.document.fonts = fonts
  window.HTMLCanvasElement.prototype.getContext = fakeContext
  const names = ['document', 'navigator', 'DOMParser', 'Node', 'Element', 'HTMLElement', 'SVGElement', 'Image',
    'XMLSerializer', 'getComputedStyle', 'HTMLCanvasElement', 'HTMLImageElement', 'FontFace', 'devicePixelRatio',
    'requestAnimationFrame', 'cancelAnimationFrame']
  Object.defineProperty(globalThis, 'window', { value: window, configurable: true, writable: true })
  for (const name of names) Object.defineProperty(globalThis, name, { value: window[name], configurable: true, writable: true })
  globalThis.fetch = offlineFetch(globalThis.fetch)
  return window
}

/**
 * jsdom's selector engines (nwsapi, on the document) keep the context and results of the queries they ran, here on
 * the exported SVG (sanitise's and utils' own), until the same query runs again: a 10,000-element picture's whole
 * tree, 130 MB, stayed live in an idle worker. Their caches are emptied and their context moved to the document,
 * which lives anyway. (Dropping an engine would not do: each adds document listeners that hold its state.) The engines
 * are jsdom's own unexported fields: test/render/worker-dom.test.ts fails if a jsdom update moves them.
 * @param {SerialisingWindow} window
 */
export function forgetLastQueries (window) {
  const document = /** @type {Record<symbol, Record<string, NwsapiEngine | undefined>>} */ (/** @type {unknown} */ (window.document))
  const impl = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl')
  if (impl === undefined) return
  for (const engine of [document[impl]._nwsapi, document[impl]._nwsapiDontThrow]) {
    if (engine === undefined) continue
    engine.selectResolvers.clear()
    engine.matchResolvers.clear()
    engine.select('head', window.document)
  }
}

/**
 * V8's collector, which Node shows only under --expose-gc: taken from a context made while the flag is on, then the
 * flag goes back off, so no other context sees it.
 * @returns {NodeJS.GCFunction}
 */
export function exposedGc () {
  if (typeof globalThis.gc === 'function') return globalThis.gc
  setFlagsFromString('--expose-gc')
  try {
    return /** @type {NodeJS.GCFunction} */ (runInNewContext('gc'))
  } finally {
    setFlagsFromString('--no-expose-gc')
  }
}
