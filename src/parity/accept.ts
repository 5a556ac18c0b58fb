// Accept rules (`parity --accept <file>`): known differences a team has decided to live with. A rule names a
// difference path pattern (`*` one segment, `**` any number), and optionally the operation, the kind and the
// target's value it accepts. The
// API works on one operation's differences at a time, so the shadow proxy can use it per answer too.
import { readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import type { Difference } from './types.js'

/** One rule of an accept file: `{"operation"?, "path", "kind"?, "target"?, "reason"}`. */
export interface AcceptRule {
  /** `GET /api/v1/collections` (exactly as the report names the operation); any operation when absent. */
  operation?: string
  /** A difference path pattern, segments split on `/`: `*` matches one segment, `**` any number (`header/**`). */
  path: string
  /** `value`, `extra`, `header`…; any kind when absent. */
  kind?: string
  /**
   * The target's value it accepts (any JSON value, compared as JSON): a gate that pins it fails again when the
   * value moves on (a default page size from 20 to 50, then to 100). Any value when absent.
   */
  target?: unknown
  /** Why the difference is accepted; shown with every difference it accepts. */
  reason: string
}

/** A difference an accept rule matched, with the rule's reason and its place in the file (1 is the first rule). */
export interface AcceptedDifference extends Difference {
  reason: string
  rule: number
}

/** An accept rule that matched nothing in a run: the gap it described has closed (or the rule is wrong). */
export interface UnusedAcceptRule extends AcceptRule {
  /** Its place in the file, 1 for the first. */
  rule: number
}

/** One operation's differences split: those still to report, and those a rule accepted. */
export interface AcceptSplit {
  kept: Difference[]
  accepted: AcceptedDifference[]
}

export interface Acceptance {
  /** Splits one operation's differences; remembers which rules matched. */
  split (operation: string, differences: readonly Difference[]): AcceptSplit
  /** The rules no `split` call has matched so far, in file order. */
  unused (): UnusedAcceptRule[]
}

/** An accept file that cannot be used: the message is one line naming the file and the rule. */
export class AcceptRuleError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'AcceptRuleError'
  }
}

const RULE_KEYS = new Set(['operation', 'path', 'kind', 'target', 'reason'])

function checkRule (value: unknown, index: number, source: string): AcceptRule {
  const where = `${source}: rule ${index + 1}`
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AcceptRuleError(`${where} is not an object`)
  const rule = value as Record<string, unknown>
  const unknownKeys = Object.keys(rule).filter((key) => !RULE_KEYS.has(key))
  if (unknownKeys.length > 0) throw new AcceptRuleError(`${where} has unknown key "${unknownKeys[0]}" (a rule has operation, path, kind, target and reason)`)
  for (const key of ['path', 'reason']) {
    if (typeof rule[key] !== 'string' || (rule[key] as string).trim() === '') throw new AcceptRuleError(`${where}: "${key}" must be a non-empty string`)
  }
  for (const key of ['operation', 'kind']) {
    if (rule[key] !== undefined && (typeof rule[key] !== 'string' || (rule[key] as string).trim() === '')) {
      throw new AcceptRuleError(`${where}: "${key}", when given, must be a non-empty string`)
    }
  }
  return rule as unknown as AcceptRule
}

/** Checks parsed JSON as a list of accept rules; `source` names it in the error (a file name). */
export function parseAcceptRules (value: unknown, source = 'accept rules'): AcceptRule[] {
  if (!Array.isArray(value)) throw new AcceptRuleError(`${source} is not a JSON array of accept rules`)
  return value.map((item, index) => checkRule(item, index, source))
}

/** Reads and checks an accept file. */
export function readAcceptFile (file: string): AcceptRule[] {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    throw new AcceptRuleError(`cannot read the accept file ${file}`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new AcceptRuleError(`the accept file ${file} is not JSON (${(error as Error).message})`)
  }
  return parseAcceptRules(parsed, `the accept file ${file}`)
}

function matchSegments (pattern: readonly string[], path: readonly string[]): boolean {
  if (pattern.length === 0) return path.length === 0
  const [head, ...rest] = pattern
  if (head === '**') return path.some((_, i) => matchSegments(rest, path.slice(i))) || matchSegments(rest, [])
  if (path.length === 0) return false
  return (head === '*' || head === path[0]) && matchSegments(rest, path.slice(1))
}

/** Whether a difference path matches a pattern: `*` is one segment, `**` any number (none included). */
export function pathMatches (pattern: string, path: string): boolean {
  return matchSegments(pattern.split('/'), path.split('/'))
}

/** Whether a rule accepts this difference of this operation. */
export function ruleMatches (rule: AcceptRule, operation: string, difference: Difference): boolean {
  if (rule.operation !== undefined && rule.operation.trim() !== operation) return false
  if (rule.kind !== undefined && rule.kind !== difference.kind) return false
  if (Object.hasOwn(rule, 'target') && !isDeepStrictEqual(rule.target, difference.target)) return false
  return pathMatches(rule.path, difference.path)
}

/** The index of the first rule that accepts the difference, or -1. */
export function findRule (rules: readonly AcceptRule[], operation: string, difference: Difference): number {
  return rules.findIndex((rule) => ruleMatches(rule, operation, difference))
}

export function createAcceptance (rules: readonly AcceptRule[]): Acceptance {
  const used = new Set<number>()
  return {
    split (operation, differences) {
      const split: AcceptSplit = { kept: [], accepted: [] }
      for (const difference of differences) {
        const index = findRule(rules, operation, difference)
        if (index === -1) {
          split.kept.push(difference)
          continue
        }
        used.add(index)
        split.accepted.push({ ...difference, reason: rules[index].reason, rule: index + 1 })
      }
      return split
    },
    unused: () => rules.flatMap((rule, index) => used.has(index) ? [] : [{ ...rule, rule: index + 1 }])
  }
}
