// A trickled body is timed out with 408; an oversized body reaches node:http and
// fetch clients as the 413, at several sizes, instead of EPIPE or "fetch failed".
import { connect } from 'node:net'
import { request as httpRequest } from 'node:http'
import t from 'tap'
import { startEmulator } from '../../src/index.js'

const TOO_LARGE = { code: 'FST_ERR_CTP_BODY_TOO_LARGE', error: 'Payload Too Large', message: 'Request body is too large', statusCode: 413 }

/** PUTs `size` bytes with node:http; resolves with the status and body, or the client's error code. */
function putWithHttp (url: string, key: string, size: number): Promise<{ status: number, body: string } | { error: string }> {
  return new Promise((resolve) => {
    const headers = { 'authorization': `Bearer ${key}`, 'content-type': 'application/json', 'content-length': size }
    const req = httpRequest(url, { method: 'PUT', headers }, (res) => {
      let body = ''
      res.on('data', (chunk) => { body += chunk })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
    req.end(Buffer.alloc(size, 'a'))
  })
}

t.test('bodies over the limit: every try of both clients reads the 413, and the socket stays usable', async (t) => {
  const emulator = await startEmulator({ bodyLimit: 1024 * 1024 })
  t.teardown(() => emulator.close())
  const url = `${emulator.apiUrl}/scenes/vIu60jkDSjW/content`
  const key = emulator.keys.full as string
  for (const size of [1024 * 1024 + 1, 3 * 1024 * 1024, 16 * 1024 * 1024]) {
    for (let i = 0; i < 4; i++) {
      const viaHttp = await putWithHttp(url, key, size)
      t.same(viaHttp, { status: 413, body: JSON.stringify(TOO_LARGE) }, `node:http, ${size} bytes, try ${i + 1}`)
      const viaFetch = await fetch(url, { method: 'PUT', headers: { 'authorization': `Bearer ${key}`, 'content-type': 'application/json' }, body: Buffer.alloc(size, 'a') })
      t.same([viaFetch.status, await viaFetch.json()], [413, TOO_LARGE], `fetch, ${size} bytes, try ${i + 1}`)
    }
  }
  const after = await fetch(url, { headers: { authorization: `Bearer ${key}` } })
  t.equal(after.status, 200, 'the scene still reads')
})

t.test('a trickled body gets 408 once EMULATOR_REQUEST_TIMEOUT_MS passes, and the socket closes', async (t) => {
  const emulator = await startEmulator({ requestTimeoutMs: 600 })
  t.teardown(() => emulator.close())
  const { port } = new URL(emulator.url)
  const socket = connect(Number(port), '127.0.0.1')
  t.teardown(() => socket.destroy())
  let answer = ''
  socket.on('data', (chunk) => { answer += chunk })
  socket.write('PUT /api/v1/scenes/vIu60jkDSjW/content HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
    `Authorization: Bearer ${emulator.keys.full}\r\nContent-Length: 20000000\r\n\r\n{"elements":`)
  const trickle = setInterval(() => { if (!socket.destroyed) socket.write(' ') }, 100)
  // The socket closing at all is the check: a server that never timed the body out would leave this to the file's timeout.
  await new Promise((resolve) => socket.once('close', resolve))
  clearInterval(trickle)
  t.match(answer, /^HTTP\/1\.1 408 /, 'Node answers 408 Request Timeout')
})
