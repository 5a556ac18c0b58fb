// The fonts embedded in an SVG, read from their WOFF2 table directories: enough to tell a face without glyphs.

/** One face of the SVG's <style>: its family and, from its WOFF2 table directory, each table's original length. */
export interface Face { family: string, tables: Map<string, number> }

function base128 (bytes: Buffer, at: { i: number }): number {
  let value = 0
  for (let n = 0; n < 5; n++) {
    const byte = bytes[at.i++]
    value = (value << 7) | (byte & 0x7f)
    if ((byte & 0x80) === 0) return value
  }
  throw new Error('bad UIntBase128')
}

/** The WOFF2 table directory (known tags by index: 0 cmap, 10 glyf, 11 loca; see the WOFF2 specification). */
function woff2Tables (bytes: Buffer): Map<string, number> {
  if (bytes.toString('latin1', 0, 4) !== 'wOF2') throw new Error('not WOFF2')
  const known: Record<number, string> = { 0: 'cmap', 10: 'glyf', 11: 'loca' }
  const tables = new Map<string, number>()
  const at = { i: 48 }
  for (let n = bytes.readUInt16BE(12); n > 0; n--) {
    const flags = bytes[at.i++]
    const index = flags & 0x3f
    const tag = index === 0x3f ? bytes.toString('latin1', at.i, (at.i += 4)) : known[index] ?? String(index)
    const length = base128(bytes, at)
    const transformed = (index === 10 || index === 11) ? (flags >> 6) === 0 : (flags >> 6) !== 0
    if (transformed) base128(bytes, at)
    tables.set(tag, length)
  }
  return tables
}

export function facesOf (svg: string): Face[] {
  return [...svg.matchAll(/@font-face \{ font-family: ([^;]+); src: url\(data:font\/woff2;base64,([^)]+)\)/g)]
    .map(([, family, data]) => ({ family, tables: woff2Tables(Buffer.from(data, 'base64')) }))
}

/** Families of the faces without outlines: an empty glyf or loca table. */
export const facesWithoutOutlines = (faces: Face[]): string[] => faces.filter((face) => !((face.tables.get('glyf') ?? 0) > 0 && (face.tables.get('loca') ?? 0) > 0)).map((face) => face.family)
