// The emulator's icon: an SVG for the demo page's <link rel="icon"> (/_emulator/ui/favicon.svg), and /favicon.ico,
// which browsers ask every page's server for (the API docs pages too): an ICO holding the icon as a 32 px PNG
// (favicon-png.ts, drawn from FAVICON_SVG by scripts/generate-placeholder-png.ts).
import type { RouteFile } from '../../lib/route-file.js'
import { FAVICON_PNG_BASE64 } from './favicon-png.js'

export const FAVICON_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">' +
  '<rect width="32" height="32" rx="7" fill="#6965db"/>' +
  '<path d="M7 25l1.6-5.6L19.8 8.2l4 4L12.6 23.4z" fill="#fff"/><path d="M21.2 6.8l1.8-1.8 4 4-1.8 1.8z" fill="#fff"/>' +
  '<path d="M6 27.5h20" stroke="#fff" stroke-width="1.6" stroke-linecap="round"/></svg>'

/** An ICO file with one PNG image (allowed since Windows Vista; every current browser reads it). */
function icoOf (png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(1, 4) // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6)
  header.writeUInt8(size >= 256 ? 0 : size, 7)
  header.writeUInt8(0, 8) // no palette
  header.writeUInt8(0, 9)
  header.writeUInt16LE(1, 10) // colour planes
  header.writeUInt16LE(32, 12) // bits per pixel
  header.writeUInt32LE(png.length, 14)
  header.writeUInt32LE(22, 18) // the image follows the header
  return Buffer.concat([header, png])
}

const ICO = icoOf(Buffer.from(FAVICON_PNG_BASE64, 'base64'), 32)
const CACHE = 'public, max-age=86400'

/** /favicon.ico at the root; registered without a prefix. */
export const faviconIco: RouteFile = async (app) => {
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => await reply.type('image/x-icon').header('cache-control', CACHE).send(ICO))
}

/** /_emulator/ui/favicon.svg; registered in the demo page's scope, outside its sign-in guard (as app.css). */
export const faviconSvg: RouteFile = async (app) => {
  app.get('/ui/favicon.svg', { schema: { hide: true } }, async (_request, reply) =>
    await reply.type('image/svg+xml').header('cache-control', CACHE).send(FAVICON_SVG))
}
