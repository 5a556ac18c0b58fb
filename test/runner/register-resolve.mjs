// Registers a module's `resolve` hook: in thread with module.registerHooks (Node 22.15 and later, 24), else with
// module.register on its own thread (Node 22.14, the floor CI runs the suite on, lacks registerHooks).
import module from 'node:module'

/** Registers the `resolve` export of the module at `url` as a resolve hook of this process. */
export async function registerResolve (url) {
  if (typeof module.registerHooks === 'function') {
    const { resolve } = await import(url)
    module.registerHooks({ resolve })
  } else {
    module.register(url)
  }
}
