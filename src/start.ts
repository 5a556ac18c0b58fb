// The bundle's process entry, dist/server.js (`npm start`, the image): turns on Node's compile cache
// (lib/compile-cache.ts), then loads and runs the server (server.ts). It has to be a module of its own: a module's
// static imports are compiled before its first line runs, so the cache must be on before server.ts is imported.
// The V8 options npm start and the image run it with (package.json, Dockerfile: --min-semi-space-size=8
// --max-semi-space-size=8) cannot be set here: V8 sizes the young generation when it sets up the heap, before any
// module runs, and v8.setFlagsFromString changes nothing for it afterwards (docs/performance.md, "Node options").
import { enableCompileCache } from './lib/compile-cache.js'

enableCompileCache()
await import('./server.js')
