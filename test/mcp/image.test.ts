// add_image: data URLs become a file record and an image element sized from the header; remote URLs are refused.
import t from 'tap'
import { createHash } from 'node:crypto'
import { decodeDataUrl, planAddImage, REMOTE_IMAGE_MESSAGE } from '../../src/mcp/image.js'
import { naturalSize } from '../../src/mcp/core/image-size.js'
import { cid, frame } from '../content/element-builders.js'
import { apply, byId, clock, seeded, stored, toolFails } from './helpers.js'

/** The first 24 bytes of a PNG: signature and IHDR with the given size (enough for the header reader). */
function png (width: number, height: number): Buffer {
  const head = Buffer.alloc(33)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(head)
  head.writeUInt32BE(13, 8)
  head.write('IHDR', 12, 'latin1')
  head.writeUInt32BE(width, 16)
  head.writeUInt32BE(height, 20)
  return head
}

/** SOI, an APP0 segment, then SOF0 with the given size. */
function jpeg (width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x04, 0x00, 0x00])
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03])
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(12)])
}

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`

t.test('a PNG data URL: natural size, file record keyed by SHA-1, valid content', async (t) => {
  const current = stored([])
  const bytes = png(640, 480)
  const { patch, answer } = planAddImage(current, { dataUrl: dataUrl('image/png', bytes), x: 10, y: 20 }, seeded(), clock)
  const fileId = createHash('sha1').update(bytes).digest('hex')
  t.same(answer, { elementId: answer.elementId, fileId, mimeType: 'image/png', x: 10, y: 20, width: 640, height: 480 })
  t.same(patch.files, { [fileId]: { mimeType: 'image/png', id: fileId, created: 1789000000000, dataURL: dataUrl('image/png', bytes) } })
  const next = apply(t, current, patch)
  t.match(byId(next, answer.elementId), { type: 'image', fileId, status: 'saved', scale: [1, 1], width: 640, height: 480 })
})

t.test('one given side keeps the aspect ratio; JPEG, GIF and SVG sizes are read', async (t) => {
  const jpg = dataUrl('image/jpeg', jpeg(300, 200))
  t.match(planAddImage(stored([]), { dataUrl: jpg, x: 0, y: 0, width: 150 }, seeded(), clock).answer, { width: 150, height: 100 })
  t.match(planAddImage(stored([]), { dataUrl: jpg, x: 0, y: 0, height: 50 }, seeded(), clock).answer, { width: 75, height: 50 })
  t.match(planAddImage(stored([]), { dataUrl: jpg, x: 0, y: 0, width: 10, height: 10 }, seeded(), clock).answer, { width: 10, height: 10 })
  const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([0x20, 0x00, 0x10, 0x00]), Buffer.alloc(4)])
  t.same(naturalSize(gif, 'image/gif'), { width: 32, height: 16 })
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60"><rect width="10" height="10"/></svg>'
  const svgPlan = planAddImage(stored([]), { dataUrl: `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`, x: 0, y: 0 }, seeded(), clock)
  t.match(svgPlan.answer, { width: 120, height: 60, mimeType: 'image/svg+xml' })
  t.match(Object.values(svgPlan.patch.files!)[0].dataURL, /^data:image\/svg\+xml;base64,/, 'stored as base64')
})

t.test('an image on a slide carries its frameId', async (t) => {
  const current = stored([frame(cid('slide'), { width: 854, height: 480 })])
  const { patch, answer } = planAddImage(current, { dataUrl: dataUrl('image/png', png(10, 10)), x: 60, y: 60, frameId: cid('slide') }, seeded(), clock)
  t.equal(byId(apply(t, current, patch), answer.elementId).frameId, cid('slide'))
  toolFails(t, () => planAddImage(current, { dataUrl: dataUrl('image/png', png(10, 10)), x: 0, y: 0, frameId: cid('nope') }, seeded(), clock),
    /frameId nope_+ is not a frame/)
})

t.test('remote URLs and bad data URLs are tool errors', async (t) => {
  const plan = (args: Record<string, unknown>) => () => planAddImage(stored([]), { x: 0, y: 0, ...args }, seeded(), clock)
  toolFails(t, plan({ url: 'https://example.com/cat.png' }), /^remote images are not supported by the emulator: no network at run time/)
  t.match(REMOTE_IMAGE_MESSAGE, /no network/)
  toolFails(t, plan({}), /dataUrl is required/)
  toolFails(t, plan({ dataUrl: 'x', url: 'y' }), /not both/)
  toolFails(t, plan({ dataUrl: 'https://example.com/cat.png' }), /must be a data URL/)
  toolFails(t, plan({ dataUrl: 'data:image/bmp;base64,Qk0=' }), /image\/bmp is not supported/)
  toolFails(t, plan({ dataUrl: dataUrl('image/png', jpeg(1, 1)) }), /says image\/png but the data is image\/jpeg/)
  toolFails(t, plan({ dataUrl: 'data:image/png;base64,!!!' }), /not valid base64/)
  toolFails(t, plan({ dataUrl: 'data:image/png,abc' }), /must be base64-encoded/)
  toolFails(t, plan({ dataUrl: 'data:image/svg+xml;base64,' + Buffer.from('<svg></svg>').toString('base64') }), /pass width and height/)
  t.equal(decodeDataUrl('data:image/svg+xml;base64,' + Buffer.from('<svg></svg>').toString('base64')).mimeType, 'image/svg+xml')
})
