// Stub rules: answer a route pattern with a given status, headers and JSON body, once, N times or
// always, optionally for one workspace or key. Written by routes.ts, read by plugin.ts.
import { compilePattern, normalizeMethod, ruleMatches } from '../route-patterns.js'
import type { StubRuleBody, StubView } from '../../schemas/stubs.js'
import type { ControlPart } from '../control-part.js'

interface StubRule extends StubView { matcher: RegExp }

export interface StubCaller { workspaceId: string | null, keyId: string | null }

export interface StubsControl extends ControlPart {
  /** Adds a rule after the others (the first matching rule answers); throws RangeError for a bad pattern. */
  add (body: StubRuleBody): StubView
  list (): StubView[]
  remove (id: number): boolean
  clear (): number
  /** The rule that answers this request, its firing counted; undefined when none does. */
  take (method: string, url: string, caller: StubCaller): StubView | undefined
}

const viewOf = ({ matcher: _matcher, ...view }: StubRule): StubView => view

export function createStubsControl (): StubsControl {
  let rules: StubRule[] = []
  let lastId = 0
  const clear = (): number => {
    const count = rules.length
    rules = []
    return count
  }
  const appliesTo = (rule: StubRule, caller: StubCaller): boolean =>
    (rule.workspaceId === null || rule.workspaceId === caller.workspaceId) && (rule.keyId === null || rule.keyId === caller.keyId)
  return {
    add (body) {
      // Checked before an id is drawn, so a refused rule leaves no gap in the ids.
      const method = normalizeMethod(body.method)
      const matcher = compilePattern(body.path)
      const rule: StubRule = {
        id: ++lastId,
        method,
        path: body.path,
        matcher,
        status: body.status,
        headers: body.headers ?? {},
        body: body.body ?? null,
        times: body.times ?? null,
        remaining: body.times ?? null,
        fired: 0,
        workspaceId: body.workspaceId ?? null,
        keyId: body.keyId ?? null
      }
      rules.push(rule)
      return viewOf(rule)
    },
    list: () => rules.map(viewOf),
    remove (id) {
      const before = rules.length
      rules = rules.filter((rule) => rule.id !== id)
      return rules.length < before
    },
    clear,
    take (method, url, caller) {
      const rule = rules.find((candidate) => ruleMatches(candidate, method, url) && appliesTo(candidate, caller))
      if (rule === undefined) return undefined
      rule.fired++
      if (rule.remaining !== null) rule.remaining--
      return viewOf(rule)
    },
    reset () {
      clear()
      lastId = 0
    }
  }
}
