// The PNGs drawn at build, stored small: resvg's own deflate makes the bundled fixtures' 58 PNGs 2.6 MB; brotli over
// the same filtered rows, each picture's two paddings in one stream (they share most rows), 1.0 MB. So the package
// keeps the rows and a PNG is put back together when first served (node:zlib only: an install without the
// renderer's packages serves these).
import { promisify } from 'node:util'
import { brotliCompressSync, brotliDecompress, constants, crc32, deflate, inflateSync } from 'node:zlib'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** IHDR's data: width, height, bit depth, colour type, compression, filter, interlace. */
const IHDR_BYTES = 13
const brotliDecompressAsync = promisify(brotliDecompress)
const deflateAsync = promisify(deflate)

interface Chunk { type: string, data: Buffer }

/** A PNG's chunks in order; throws on anything that is not one. */
function chunksOf (png: Buffer): Chunk[] {
  if (png.length < SIGNATURE.length || !png.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('not a PNG')
  const chunks: Chunk[] = []
  for (let offset = SIGNATURE.length; offset < png.length;) {
    const length = png.readUInt32BE(offset)
    chunks.push({ type: png.toString('latin1', offset + 4, offset + 8), data: png.subarray(offset + 8, offset + 8 + length) })
    offset += 12 + length
  }
  return chunks
}

/** The image's filtered rows: its IDAT chunks' data, inflated. */
function idatRows (chunks: readonly Chunk[]): Buffer {
  return inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)))
}

/** One PNG chunk: length, type, data and the CRC over type and data (zlib.crc32: Node 22.2 and later). */
function chunk (type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0)
  return Buffer.concat([head, data, crc])
}

/** The header and the filtered rows (its IDAT inflated) of a PNG holding nothing but the image. */
function imageOf (png: Buffer): { header: Buffer, rows: Buffer } {
  const chunks = chunksOf(png)
  const extra = chunks.find((c) => !['IHDR', 'IDAT', 'IEND'].includes(c.type))
  if (extra !== undefined) throw new Error(`packPngs keeps only IHDR, IDAT and IEND, not ${extra.type}`)
  const header = chunks.find((c) => c.type === 'IHDR')
  if (header?.data.length !== IHDR_BYTES) throw new Error('a PNG without its header')
  return { header: header.data, rows: idatRows(chunks) }
}

/** Room for the count, then for each image its header and the length of its rows. */
const tableBytes = (count: number): number => 1 + count * (IHDR_BYTES + 4)

/**
 * Several PNGs in one brotli stream: a table (count; each image's header and rows' length), then the rows. Only
 * the images survive: a PNG with other chunks than IHDR, IDAT and IEND (resvg writes none) is refused rather than
 * stored without them. The 16 MB window lets the second picture's rows refer back to the first's.
 */
export function packPngs (pngs: readonly Buffer[]): Buffer {
  if (pngs.length === 0 || pngs.length > 255) throw new Error('packPngs packs 1 to 255 PNGs')
  const images = pngs.map(imageOf)
  const table = Buffer.alloc(tableBytes(images.length))
  table.writeUInt8(images.length, 0)
  images.forEach(({ header, rows }, i) => {
    const at = 1 + i * (IHDR_BYTES + 4)
    header.copy(table, at)
    table.writeUInt32BE(rows.length, at + IHDR_BYTES)
  })
  const content = Buffer.concat([table, ...images.map((image) => image.rows)])
  return brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: content.length }
  })
}

/** The `index`th PNG packPngs stored: the same header and pixels, deflated again (so not byte for byte resvg's file). */
export async function unpackPng (packed: Buffer, index = 0): Promise<Buffer> {
  const content = await brotliDecompressAsync(packed)
  const count = content.readUInt8(0)
  if (index < 0 || index >= count) throw new Error(`no image ${index} among ${count}`)
  let offset = tableBytes(count)
  for (let i = 0; i < index; i++) offset += content.readUInt32BE(1 + i * (IHDR_BYTES + 4) + IHDR_BYTES)
  const at = 1 + index * (IHDR_BYTES + 4)
  const header = content.subarray(at, at + IHDR_BYTES)
  const rows = await deflateAsync(content.subarray(offset, offset + content.readUInt32BE(at + IHDR_BYTES)))
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))])
}

/** A PNG's header and filtered rows: what two encodings of one picture with the same filters share. */
export function pngImage (png: Buffer): { width: number, height: number, header: Buffer, rows: Buffer } {
  const chunks = chunksOf(png)
  const header = chunks[0]
  if (header?.type !== 'IHDR') throw new Error('a PNG without its header')
  return { width: header.data.readUInt32BE(0), height: header.data.readUInt32BE(4), header: header.data, rows: idatRows(chunks) }
}

/** A PNG's size in pixels, from its header (which the signature's 8 bytes and IHDR's length and type precede). */
export function pngSize (png: Buffer): { width: number, height: number } {
  if (chunksOf(png)[0]?.type !== 'IHDR') throw new Error('a PNG without its header')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

export const pngWidth = (png: Buffer): number => pngSize(png).width
