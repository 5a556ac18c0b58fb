// The accept file (`parity --accept`, `shadow --accept`): the known differences a team has decided to live with,
// written by people. No identity and no version: a bare JSON array of rules. One schema and its words.
import { Type, type Static } from 'typebox'
import type { ErrorObject } from 'ajv'
import type { FormatDeclaration } from './read.js'

// As the file's authors read it: blank is as good as empty.
const NonEmpty = Type.String({ pattern: '\\S' })

/** One rule of an accept file: `{"operation"?, "path", "kind"?, "target"?, "reason"}`. */
export const AcceptRuleSchema = Type.Object({
  /** `GET /api/v1/collections` (exactly as the report names the operation); any operation when absent. */
  operation: Type.Optional(NonEmpty),
  /** A difference path pattern, segments split on `/`: `*` matches one segment, `**` any number (`header/**`). */
  path: NonEmpty,
  /** `value`, `extra`, `header`…; any kind when absent. */
  kind: Type.Optional(NonEmpty),
  /**
   * The target's value it accepts (any JSON value, compared as JSON): a gate that pins it fails again when the
   * value moves on (a default page size from 20 to 50, then to 100). Any value when absent.
   */
  target: Type.Optional(Type.Unknown()),
  /** Why the difference is accepted; shown with every difference it accepts. */
  reason: NonEmpty
}, { additionalProperties: false })
export type AcceptRule = Static<typeof AcceptRuleSchema>

export const AcceptFileSchema = Type.Array(AcceptRuleSchema)

const RULE_KEYS = Object.keys(AcceptRuleSchema.properties)
const keyList = `${RULE_KEYS.slice(0, -1).join(', ')} and ${RULE_KEYS[RULE_KEYS.length - 1]}`

/** A rule's first problem, after `rule <n>`: the key the error names, in the words the file's authors read. */
function ruleWords (error: ErrorObject, key: string | undefined): string {
  if (error.keyword === 'type' && key === undefined) return ' is not an object'
  if (error.keyword === 'additionalProperties') return ` has unknown key "${String(error.params.additionalProperty)}" (a rule has ${keyList})`
  const named = key ?? String(error.params.missingProperty)
  const optional = !(AcceptRuleSchema.required as readonly string[]).includes(named)
  return `: "${named}"${optional ? ', when given,' : ''} must be a non-empty string`
}

/** `where` names the rules in every line: `the accept file <file>`. */
export const ACCEPT_FILE: FormatDeclaration<typeof AcceptFileSchema> = {
  name: 'accept rules',
  schema: AcceptFileSchema,
  notJson: (where, message) => `${where} is not JSON (${message})`,
  problem (where, _problem, _value, _at, error) {
    const [, index, key] = error.instancePath.split('/')
    if (index === undefined) return `${where} is not a JSON array of accept rules`
    return `${where}: rule ${Number(index) + 1}${ruleWords(error, key)}`
  }
}
