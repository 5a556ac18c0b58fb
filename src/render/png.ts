// SVG → PNG with resvg, off the event loop (renderAsync), sized to fit a box, with the hand-drawn TTF fonts. resvg is
// loaded on the first PNG: an SVG (a pre-rendered one among them) never needs it.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { pngSize } from './png-pack.js'

export const PNG_MAX_WIDTH = 1920
export const PNG_MAX_HEIGHT = 1080
const HAND_FONT = 'Virgil'
const PLAIN_FONT = 'Liberation Sans'
/** The only two asset files needed at run time (resvg ignores the woff2 @font-face inlined in the SVG). */
export const PNG_FONT_FILES = ['Virgil.ttf', 'Liberation Sans.ttf']
/**
 * The editor's whole hand-drawn face, with Xiaolai's CJK glyphs in it: loaded only for text the two fonts above
 * have no glyph for (23 MB, about a second per picture), so that text shows instead of vanishing. Where the file
 * is not installed, the plain face's empty-box glyph at least marks where such text is.
 */
const WIDE_FONT_FILE = 'Excalifont.ttf'
/** Characters beyond Latin, Greek and Cyrillic (and their punctuation and symbols): CJK, Hangul, kana and the rest. */
const BEYOND_PLAIN_FONTS = /[\u0530-\u1DFF\u2E80-\uFFEF]|[\u{10000}-\u{10FFFF}]/u

let fontFiles: { plain: string[], wide: string[] } | undefined
let resvg: Promise<typeof import('@resvg/resvg-js')> | undefined

/** utils ships its TTF files under dist/prod/assets, whichever build (prod or dev) resolves. */
function resolveFontFiles (): { plain: string[], wide: string[] } {
  if (fontFiles === undefined) {
    const main = fileURLToPath(import.meta.resolve('@excalidraw/utils'))
    const assets = join(dirname(main), '..', 'prod', 'assets')
    const plain = PNG_FONT_FILES.map((name) => join(assets, name)).filter((file) => existsSync(file))
    fontFiles = { plain, wide: [...plain, join(assets, WIDE_FONT_FILE)].filter((file) => existsSync(file)) }
  }
  return fontFiles
}

/** The text of the SVG's <text> elements (what resvg needs glyphs for), without markup. */
function needsWideFont (svg: string): boolean {
  for (const match of svg.matchAll(/<text\b[^>]*>([^<]*)/g)) if (BEYOND_PLAIN_FONTS.test(match[1])) return true
  return false
}

/**
 * FIDELITY: resvg gets Virgil for the hand-drawn families (Excalifont.ttf is exact but 23 MB and ~1.2 s per
 * render) and Liberation Sans for everything else (Nunito, Lilita One, Cascadia, Helvetica, frame titles).
 */
function useTtfFamilies (svg: string): string {
  return svg.replace(/font-family="(Excalifont|Virgil|Comic Shanns)\b/g, `font-family="${HAND_FONT}, $1`)
}

/** The root's natural size in SVG units (= CSS px at the editor's export scale 1). */
export function svgSize (svg: string): { width: number, height: number } {
  const root = /^<svg\b[^>]*>/.exec(svg)?.[0] ?? ''
  const width = Number(/\swidth="([\d.]+)"/.exec(root)?.[1])
  const height = Number(/\sheight="([\d.]+)"/.exec(root)?.[1])
  return { width: width > 0 ? width : 1, height: height > 0 ? height : 1 }
}

/**
 * The zoom that fits the box without ever enlarging: a scene smaller than the box keeps its natural size,
 * as the editor's PNG export at scale 1 does. The tiny margin keeps resvg's rounding up inside the box.
 * INFER: the real service's screenshot size is not public; 1920 × 1080 is the limit we were given.
 */
export function fitZoom (size: { width: number, height: number }, maxWidth: number, maxHeight: number): number {
  return Math.min(1, maxWidth / size.width, maxHeight / size.height) * (1 - 1e-7)
}

export interface PngBox { maxWidth?: number }

/** Renders a sanitised SVG string to PNG bytes inside min(maxWidth, 1920) × 1080. */
export async function svgToPng (svg: string, box: PngBox = {}): Promise<Buffer> {
  const requested = box.maxWidth !== undefined && Number.isFinite(box.maxWidth) && box.maxWidth >= 1 ? box.maxWidth : PNG_MAX_WIDTH
  const zoom = fitZoom(svgSize(svg), Math.floor(Math.min(requested, PNG_MAX_WIDTH)), PNG_MAX_HEIGHT)
  const { renderAsync } = await (resvg ??= import('@resvg/resvg-js'))
  const fonts = resolveFontFiles()
  const image = await renderAsync(useTtfFamilies(svg), {
    fitTo: { mode: 'zoom', value: zoom },
    font: {
      loadSystemFonts: false,
      fontFiles: needsWideFont(svg) ? fonts.wide : fonts.plain,
      defaultFontFamily: PLAIN_FONT,
      sansSerifFamily: PLAIN_FONT,
      serifFamily: PLAIN_FONT,
      monospaceFamily: PLAIN_FONT,
      cursiveFamily: HAND_FONT
    },
    logLevel: 'off'
  })
  return image.asPng()
}

/**
 * A PNG shrunk to fit the box, drawn by resvg as the one image of an SVG its size: for a picture the build stored as
 * PNG only (take_screenshot's padding), whose SVG is not at hand to draw smaller. Never enlarged, as svgToPng.
 */
export async function scalePng (png: Buffer, box: PngBox): Promise<Buffer> {
  const { width, height } = pngSize(png)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<image width="${width}" height="${height}" href="data:image/png;base64,${png.toString('base64')}"/></svg>`
  return await svgToPng(svg, box)
}
