// Natural size of an image from its header bytes (PNG, JPEG, GIF, WebP) or its root tag (SVG), so add_image can
// size an image the agent gave no width or height for. Also tells which format the bytes really are.

export interface NaturalSize { width: number, height: number }

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** The mime type the bytes carry, judged by their magic numbers (SVG by its text). */
export function sniffMimeType (bytes: Buffer): string | null {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'image/png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg'
  const head = bytes.subarray(0, 12).toString('latin1')
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif'
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp'
  if (/<svg[\s>]/i.test(bytes.subarray(0, 4096).toString('utf8'))) return 'image/svg+xml'
  return null
}

/** Width and height in pixels, or null when the header is not readable. */
export function naturalSize (bytes: Buffer, mimeType: string): NaturalSize | null {
  try {
    switch (mimeType) {
      case 'image/png': return bytes.length >= 24 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : null
      case 'image/jpeg': return jpegSize(bytes)
      case 'image/gif': return bytes.length >= 10 ? { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) } : null
      case 'image/webp': return webpSize(bytes)
      case 'image/svg+xml': return svgSize(bytes.toString('utf8'))
      default: return null
    }
  } catch {
    return null // a truncated header reads past the end: treat as unknown
  }
}

/** Walks the JPEG segments to the first start-of-frame marker (SOF0–SOF15 except DHT, JPG and DAC). */
function jpegSize (bytes: Buffer): NaturalSize | null {
  let offset = 2
  while (offset + 9 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null
    const marker = bytes[offset + 1]
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) }
    }
    offset += 2 + bytes.readUInt16BE(offset + 2)
  }
  return null
}

function webpSize (bytes: Buffer): NaturalSize | null {
  const chunk = bytes.subarray(12, 16).toString('latin1')
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff }
  if (chunk === 'VP8L') {
    const [b0, b1, b2, b3] = bytes.subarray(21, 25)
    return { width: 1 + (((b1 & 0x3f) << 8) | b0), height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)) }
  }
  if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) }
  return null
}

/** width/height attributes in px (or unitless), else the viewBox size. */
function svgSize (text: string): NaturalSize | null {
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0]
  if (tag === undefined) return null
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']\\s*([0-9.]+)(px)?\\s*["']`, 'i').exec(tag)?.[1]
  const width = Number(attribute('width'))
  const height = Number(attribute('height'))
  if (width > 0 && height > 0) return { width, height }
  const viewBox = /\sviewBox\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1]?.trim().split(/[\s,]+/).map(Number)
  if (viewBox !== undefined && viewBox.length === 4 && viewBox[2] > 0 && viewBox[3] > 0) return { width: viewBox[2], height: viewBox[3] }
  return null
}
