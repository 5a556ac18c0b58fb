// The ceiling of the benchmark: a bare Fastify route sending a fixed body (the emulator's own answer, read from a
// file once), logger off, no auth. Plain JavaScript so its start is timed without a TypeScript loader.
//   PORT=n HOST=127.0.0.1 BENCH_BODY=file BENCH_PATH=/api/v1/collections node scripts/bench/bare-server.mjs
import { readFileSync } from 'node:fs'
import process from 'node:process'
import Fastify from 'fastify'

const body = readFileSync(process.env.BENCH_BODY, 'utf8')
const app = Fastify({ logger: false })
app.get(process.env.BENCH_PATH, (_request, reply) => { reply.type('application/json; charset=utf-8').send(body) })
await app.listen({ host: process.env.HOST, port: Number(process.env.PORT) })
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => { app.close().then(() => process.exit(0)) })
