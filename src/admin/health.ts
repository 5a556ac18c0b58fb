// GET /_emulator/health: answers once the emulator serves (Docker HEALTHCHECK, CI and test harnesses wait on it).
import type { FastifyPluginAsync } from 'fastify'

const startedAt = Date.now()

const health: FastifyPluginAsync = async (app) => {
  app.get('/health', async () => ({
    status: 'ok',
    version: app.emulatorVersion,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    workspaces: app.stores.workspaces.list().length
  }))
}

export default health
