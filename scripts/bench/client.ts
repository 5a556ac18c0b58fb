// A small keep-alive HTTP client for the sequential cases: cheaper per request than fetch, so what is timed is
// mostly the server.
import http from 'node:http'

export interface Answer { status: number, text: string }
/** `body` as bytes when the caller has them already; `discard`: the answer's bytes are counted, not decoded. */
export type Send = (method: string, path: string, options?: { headers?: Record<string, string>, body?: string | Buffer, discard?: boolean }) => Promise<Answer>

export function createClient (base: string): { send: Send, close: () => void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const send: Send = (method, path, { headers = {}, body, discard = false } = {}) => new Promise((resolve, reject) => {
    const sent = body === undefined ? headers : { 'content-type': 'application/json', ...headers }
    const request = http.request(new URL(path, base), { method, agent, headers: sent }, (res) => {
      const chunks: Buffer[] = []
      let bytes = 0
      res.on('data', (chunk: Buffer) => { bytes += chunk.length; if (!discard || res.statusCode !== 200) chunks.push(chunk) })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: discard && res.statusCode === 200 ? `(${bytes} bytes)` : Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    request.on('error', reject)
    request.end(body)
  })
  return { send, close: () => agent.destroy() }
}

/** Median of `runs` timings of `work` (ms), after `warmup` untimed calls. */
export async function medianMs (work: () => Promise<unknown> | unknown, runs: number, warmup = Math.ceil(runs / 5)): Promise<number> {
  for (let i = 0; i < warmup; i++) await work()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await work()
    times.push(performance.now() - start)
  }
  return median(times)
}

export function median (values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** Throws unless the answer has the status expected: a benchmark of error answers measures nothing. */
export function expectStatus (answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status}: ${answer.text.slice(0, 300)}`)
  return answer
}
