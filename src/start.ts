// The bundle's process entry, dist/server.js (`npm start`, the image): turns on Node's compile cache
// (lib/compile-cache.ts), then loads and runs the server (server.ts). It has to be a module of its own: a module's
// static imports are compiled before its first line runs, so the cache must be on before server.ts is imported.
import { enableCompileCache } from './lib/compile-cache.js'

enableCompileCache()
await import('./server.js')
