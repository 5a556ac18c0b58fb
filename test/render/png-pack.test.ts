// The build's PNGs stored small (render/png-pack.ts): what is unpacked is a valid PNG with the same header and pixels,
// and what cannot be stored whole is refused.
import { crc32, deflateSync } from 'node:zlib'
import t from 'tap'
import { svgToPng } from '../../src/render/png.js'
import { packPngs, pngImage, pngWidth, unpackPng } from '../../src/render/png-pack.js'

const WIDE = '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="140" viewBox="0 0 360 140"><rect x="20" y="20" width="300" height="100" rx="12" fill="#ffc9c9" stroke="#1e1e1e" stroke-width="2"/></svg>'
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120" viewBox="0 0 320 120"><rect x="10" y="10" width="300" height="100" rx="12" fill="#ffc9c9" stroke="#1e1e1e" stroke-width="2"/></svg>'

/** Every chunk of a PNG with its CRC checked, as a decoder reads it. */
function checkedChunks (png: Buffer): string[] {
  const types: string[] = []
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset)
    const typeAndData = png.subarray(offset + 4, offset + 8 + length)
    if (crc32(typeAndData) !== png.readUInt32BE(offset + 8 + length)) throw new Error(`bad CRC at ${offset}`)
    types.push(typeAndData.toString('latin1', 0, 4))
    offset += 12 + length
  }
  return types
}

t.test('unpacked: the same header and pixels in IHDR, IDAT, IEND with valid CRCs, smaller stored than resvg wrote it', async (t) => {
  const png = await svgToPng(SVG)
  const packed = packPngs([png])
  const unpacked = await unpackPng(packed)
  t.same(unpacked.subarray(0, 8), png.subarray(0, 8), 'the PNG signature')
  t.same(checkedChunks(unpacked), ['IHDR', 'IDAT', 'IEND'])
  t.same(pngImage(unpacked), pngImage(png), 'header and filtered rows as resvg drew them')
  t.same([pngWidth(unpacked), pngImage(unpacked).height], [320, 120])
  t.ok(packed.length < png.length, `${packed.length} bytes stored for ${png.length}`)
  t.ok((await unpackPng(packed)).equals(unpacked), 'the same bytes each time')
})

t.test('several PNGs packed together: each comes back by its index, and together they take less than apart', async (t) => {
  const pngs = [await svgToPng(SVG), await svgToPng(WIDE)]
  const packed = packPngs(pngs)
  for (const [index, png] of pngs.entries()) t.same(pngImage(await unpackPng(packed, index)), pngImage(png), `image ${index}`)
  t.ok(packed.length < packPngs([pngs[0]]).length + packPngs([pngs[1]]).length, 'the second refers back to the first')
  await t.rejects(unpackPng(packed, 2), { message: 'no image 2 among 2' })
  t.throws(() => packPngs([]), { message: 'packPngs packs 1 to 255 PNGs' })
})

t.test('what is not a PNG, or holds more than the image, is refused', async (t) => {
  t.throws(() => packPngs([Buffer.from('GIF89a')]), { message: 'not a PNG' })
  t.throws(() => pngWidth(Buffer.alloc(4)), { message: 'not a PNG' })
  const png = await svgToPng(SVG)
  const text = Buffer.concat([Buffer.from([0, 0, 0, 4]), Buffer.from('tEXtabcd'), Buffer.alloc(4)])
  const withText = Buffer.concat([png.subarray(0, 33), text, png.subarray(33)])
  t.throws(() => packPngs([withText]), { message: 'packPngs keeps only IHDR, IDAT and IEND, not tEXt' })
  await t.rejects(unpackPng(deflateSync('not brotli')))
})
