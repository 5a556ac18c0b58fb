// `node --import ./test/hide-packages.mjs`: packages named in HIDE_PACKAGES (comma-separated) cannot be resolved,
// as in an install without them (optional peer dependencies), whether imported or looked up with import.meta.resolve.
import { URL } from 'node:url'
import { registerResolve } from './runner/register-resolve.mjs'

await registerResolve(new URL('./hide-packages-hooks.mjs', import.meta.url))
