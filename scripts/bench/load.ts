// One load run with autocannon, in this process (it needs about one core; the server under test gets the other).
import autocannon from 'autocannon'
import { HOST, type ServerSpec } from './processes.js'

export interface LoadResult { reqPerSec: number, requests: number, non2xx: number, errors: number }

export async function load (spec: ServerSpec, options: { connections: number, seconds?: number, amount?: number }): Promise<LoadResult> {
  const result = await autocannon({
    url: `http://${HOST}:${spec.port}${spec.path}`,
    headers: spec.headers,
    connections: options.connections,
    ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.seconds ?? 8 })
  })
  return { reqPerSec: result.requests.average, requests: result.requests.total, non2xx: result.non2xx, errors: result.errors + result.timeouts }
}
