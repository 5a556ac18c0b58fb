// Tiny, dependency-free PNG encoder and file records for the demo drawings' image elements (format §3.6).
import { createHash } from 'node:crypto'

export type Rgb = readonly [number, number, number]
export type Painter = (x: number, y: number) => Rgb

export interface FileRecord {
  mimeType: 'image/png'
  id: string
  dataURL: string
  created: number
  lastRetrieved: number
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const CRC_TABLE = buildCrcTable()

function buildCrcTable (): Uint32Array {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
}

export function crc32 (bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function adler32 (bytes: Uint8Array): number {
  let a = 1
  let b = 0
  for (const byte of bytes) {
    a = (a + byte) % 65521
    b = (b + a) % 65521
  }
  return ((b << 16) | a) >>> 0
}

/**
 * A zlib stream of stored (uncompressed) deflate blocks. Node's bundled zlib may pick different
 * matches on different CPUs, and the fixtures must come out byte-identical wherever they are generated.
 */
function storedZlib (raw: Buffer): Buffer {
  const parts: Buffer[] = [Buffer.from([0x78, 0x01])]
  for (let offset = 0; offset < raw.length || offset === 0; offset += 0xffff) {
    const block = raw.subarray(offset, offset + 0xffff)
    const header = Buffer.alloc(5)
    header[0] = offset + 0xffff >= raw.length ? 1 : 0
    header.writeUInt16LE(block.length, 1)
    header.writeUInt16LE(~block.length & 0xffff, 3)
    parts.push(header, block)
  }
  const trailer = Buffer.alloc(4)
  trailer.writeUInt32BE(adler32(raw))
  return Buffer.concat([...parts, trailer])
}

function chunk (type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** An 8-bit RGB PNG whose pixel (x, y) is painter(x, y). */
export function encodePng (width: number, height: number, painter: Painter): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const raw = Buffer.alloc(height * (1 + width * 3))
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3)
    for (let x = 0; x < width; x++) raw.set(painter(x, y).map(clampByte), row + 1 + x * 3)
  }
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', storedZlib(raw)), chunk('IEND', Buffer.alloc(0))])
}

function clampByte (value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)))
}

/**
 * The file record the editor would store. Its id is the SHA-1 of the PNG bytes, as the editor's
 * generateIdFromFile computes it (packages/excalidraw/data/blob.ts hashes the file, not the dataURL).
 */
export function pngFile (width: number, height: number, painter: Painter, created: number): FileRecord {
  const png = encodePng(width, height, painter)
  const dataURL = `data:image/png;base64,${png.toString('base64')}`
  const id = createHash('sha1').update(png).digest('hex')
  return { mimeType: 'image/png', id, dataURL, created, lastRetrieved: created }
}

/** Linear blend of two colours, t in [0, 1]. */
export function mix (a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}
