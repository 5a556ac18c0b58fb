// Timing helpers shared by the benchmark scripts: warm up, then the median of N sequential calls.
import { performance } from 'node:perf_hooks'
import type { FastifyInstance } from 'fastify'

export type Call = () => Promise<number>

export async function medianOf (call: Call, runs: number, warmup = Math.min(50, runs)): Promise<number> {
  for (let i = 0; i < warmup; i++) expectOk(await call())
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    const status = await call()
    times.push(performance.now() - start)
    expectOk(status)
  }
  times.sort((a, b) => a - b)
  const mid = Math.floor(times.length / 2)
  return times.length % 2 === 1 ? times[mid] : (times[mid - 1] + times[mid]) / 2
}

function expectOk (status: number): void {
  if (status !== 200) throw new Error(`unexpected status ${status}`)
}

export async function listen (app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('no TCP address')
  return `http://127.0.0.1:${address.port}`
}

export const ms = (value: number): string => `${value.toFixed(3)} ms`
