// SVG → PNG with resvg, off the event loop (renderAsync), sized to fit a box, with the hand-drawn TTF fonts.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { renderAsync } from '@resvg/resvg-js'

export const PNG_MAX_WIDTH = 1920
export const PNG_MAX_HEIGHT = 1080
const HAND_FONT = 'Virgil'
const PLAIN_FONT = 'Liberation Sans'
/** The only two asset files needed at run time (resvg ignores the woff2 @font-face inlined in the SVG). */
export const PNG_FONT_FILES = ['Virgil.ttf', 'Liberation Sans.ttf']

let fontFiles: string[] | undefined

/** utils ships its TTF files under dist/prod/assets, whichever build (prod or dev) resolves. */
function resolveFontFiles (): string[] {
  if (fontFiles === undefined) {
    const main = fileURLToPath(import.meta.resolve('@excalidraw/utils'))
    const assets = join(dirname(main), '..', 'prod', 'assets')
    fontFiles = PNG_FONT_FILES.map((name) => join(assets, name)).filter((file) => existsSync(file))
  }
  return fontFiles
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
  const image = await renderAsync(useTtfFamilies(svg), {
    fitTo: { mode: 'zoom', value: zoom },
    font: {
      loadSystemFonts: false,
      fontFiles: resolveFontFiles(),
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
