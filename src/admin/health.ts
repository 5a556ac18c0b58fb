// GET /_emulator/health: answers once the emulator serves (Docker HEALTHCHECK, CI and test harnesses wait on it).
import type { RouteFile } from '../lib/route-file.js'

const startedAt = Date.now()

const health: RouteFile = async (app) => {
  app.get('/health', async () => ({
    status: 'ok',
    version: app.emulatorVersion,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    workspaces: app.stores.workspaces.list().length
  }))
}

export default health
