// Shared fixtures of the MCP core tests: stored scenes built through the content engine, and error assertions.
// Not a test file itself (tap lists it as "no tests found").
import type { Test } from 'tap'
import { createIdFactory } from '../../src/lib/ids.js'
import { createClock } from '../../src/lib/clock.js'
import { emptyContent, mergeContent, replaceContent, validateStoredContent, type StoredContent } from '../../src/content/index.js'
import type { PatchBody } from '../../src/mcp/core/draft.js'
import { McpInternalError, McpToolError } from '../../src/mcp/tool-errors.js'
import { putBody } from '../content/element-builders.js'
import { DEFAULT_COMPAT } from '../../src/config/compat.js'

export const clock = createClock(1789000000000)
export const seeded = (seed = 11) => createIdFactory(seed)

/** Stored content holding `elements`, as the content engine stores a PUT of them. */
export function stored (elements: unknown[], files: Record<string, unknown> = {}): StoredContent {
  return elements.length === 0 && Object.keys(files).length === 0
    ? emptyContent()
    : replaceContent(putBody(elements, { files }), createIdFactory(3), DEFAULT_COMPAT)
}

/** Applies a planned PATCH body exactly as the REST PATCH service would, and checks the stored result. */
export function apply (t: Test, current: StoredContent, patch: PatchBody): StoredContent {
  let next = current
  t.doesNotThrow(() => { next = mergeContent(current, patch as never, createIdFactory(99), DEFAULT_COMPAT) }, 'mergeContent accepts the patch')
  t.doesNotThrow(() => validateStoredContent(next), 'the merged scene is valid stored content')
  return next
}

export function byId (content: { elements: readonly Record<string, unknown>[] }, id: string): Record<string, unknown> {
  const found = content.elements.find((e) => e.id === id)
  if (found === undefined) throw new Error(`no element ${id}`)
  return found
}

/** Asserts a tool error whose message matches `pattern`. */
export function toolFails (t: Test, fn: () => unknown, pattern: RegExp): void {
  try {
    fn()
    t.fail(`expected a tool error matching ${pattern}`)
  } catch (err) {
    t.ok(err instanceof McpToolError, `McpToolError, got ${String(err)}`)
    t.match((err as Error).message, pattern)
    t.same(JSON.parse((err as McpToolError).toText()), { error: (err as Error).message })
  }
}

export function internalFails (t: Test, fn: () => unknown): void {
  try {
    fn()
    t.fail('expected an internal error')
  } catch (err) {
    t.ok(err instanceof McpInternalError, `McpInternalError, got ${String(err)}`)
    t.equal((err as McpInternalError).message, 'Internal error')
    t.equal(McpInternalError.CODE, -32603)
  }
}
