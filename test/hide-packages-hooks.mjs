// The resolve hook of test/hide-packages.mjs: packages named in HIDE_PACKAGES (comma-separated) cannot be resolved.
import process from 'node:process'

const hidden = new Set((process.env.HIDE_PACKAGES ?? '').split(',').filter(Boolean))

export function resolve (specifier, context, nextResolve) {
  const name = specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')
  if (hidden.has(name)) throw Object.assign(new Error(`Cannot find package '${name}' (hidden by test/hide-packages.mjs)`), { code: 'ERR_MODULE_NOT_FOUND' })
  return nextResolve(specifier, context)
}
