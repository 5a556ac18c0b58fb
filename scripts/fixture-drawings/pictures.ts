// Small painted PNGs (landscape, sunset, sea, product shot, swatch) used by the image elements of the demo drawings.
import { mix, pngFile, type FileRecord, type Rgb } from './png.js'

const inCircle = (x: number, y: number, cx: number, cy: number, r: number): boolean => (x - cx) ** 2 + (y - cy) ** 2 <= r * r

/** Sky gradient, a sun and two rolling hills: the wireframe's hero illustration. */
export function landscape (created: number): FileRecord {
  return pngFile(64, 36, (x, y) => {
    if (y > 26 + 4 * Math.sin(x / 7)) return mix([64, 160, 90], [34, 110, 60], (y - 22) / 14)
    if (y > 22 + 5 * Math.sin(x / 11 + 2)) return [120, 190, 110]
    if (inCircle(x, y, 48, 10, 5)) return [255, 212, 59]
    return mix([165, 216, 255], [231, 245, 255], y / 26)
  }, created)
}

/** An orange-to-pink evening sky over dark water. */
export function sunset (created: number): FileRecord {
  return pngFile(48, 32, (x, y) => {
    if (y >= 22) return mix([52, 58, 92], [28, 30, 56], (y - 22) / 10 + ((x + y) % 3) * 0.04)
    if (inCircle(x, y, 24, 22, 7)) return [255, 236, 153]
    return mix([255, 146, 43], [230, 73, 128], y / 22)
  }, created)
}

/** Teal bands of sea under a pale sky, for the calm side of the moodboard. */
export function sea (created: number): FileRecord {
  return pngFile(48, 32, (x, y) => {
    if (y < 12) return mix([231, 245, 255], [153, 233, 242], y / 12)
    const band = Math.sin(x / 4 + y * 1.3) > 0.6 ? 0.15 : 0
    return mix([21, 170, 191], [11, 114, 133], (y - 12) / 20 + band)
  }, created)
}

/** A rounded product tile with a soft shadow on a pastel backdrop. */
export function productShot (created: number): FileRecord {
  return pngFile(48, 48, (x, y) => {
    const inside = (ox: number, oy: number): boolean => Math.abs(x - 24 - ox) < 12 && Math.abs(y - 22 - oy) < 12
    if (inside(0, 0)) return inCircle(x, y, 24, 22, 6) ? [255, 255, 255] : [112, 72, 232]
    if (inside(2, 3)) return [200, 190, 235]
    return mix([243, 240, 255], [229, 219, 255], y / 48)
  }, created)
}

/** A plain two-tone swatch: the smallest picture a test can load. */
export function swatch (created: number, from: Rgb = [165, 216, 255], to: Rgb = [25, 113, 194]): FileRecord {
  return pngFile(32, 24, (x) => mix(from, to, x / 31), created)
}
