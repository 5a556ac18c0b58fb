// One assertion for many generated checks: each failed check becomes a line naming the item and what is wrong, and
// the test asserts the list empty once (`t.same(checks.problems, [])`), so a loop over thousands of fields counts
// as one test per item and still says exactly which field of which item broke.
import { isDeepStrictEqual } from 'node:util'

/** The assertion methods the collected checks use, named as tap's so a check body reads the same either way. */
export interface Checks {
  ok (value: unknown, what: string): void
  notOk (value: unknown, what: string): void
  equal (actual: unknown, expected: unknown, what: string): void
  same (actual: unknown, expected: unknown, what: string): void
  match (actual: unknown, pattern: RegExp, what: string): void
  type (actual: unknown, type: string, what: string): void
}

const shown = (value: unknown): string => value === undefined ? 'undefined' : JSON.stringify(value)

/** A fresh list: `same` compares strictly (node:util isDeepStrictEqual), stricter than tap's loose `same`. */
export function problemList (): Checks & { problems: string[] } {
  const problems: string[] = []
  const check = (passed: boolean, what: string, detail?: string): void => {
    if (!passed) problems.push(detail === undefined ? what : `${what} (${detail})`)
  }
  const got = (actual: unknown, expected: string) => `got ${shown(actual)}, expected ${expected}`
  return {
    problems,
    ok: (value, what) => check(Boolean(value), what),
    notOk: (value, what) => check(!value, what),
    equal: (actual, expected, what) => check(actual === expected, what, got(actual, shown(expected))),
    same: (actual, expected, what) => check(isDeepStrictEqual(actual, expected), what, got(actual, shown(expected))),
    match: (actual, pattern, what) => check(typeof actual === 'string' && pattern.test(actual), what, got(actual, String(pattern))),
    type: (actual, type, what) => check(typeof actual === type, what, got(actual, `a ${type}`))
  }
}
