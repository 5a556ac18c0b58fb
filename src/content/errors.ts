// Turns TypeBox validation errors into one readable 400 message (the real texts are Zod's and not published).
// FIDELITY: upstream messages are serialized Zod issues; ours name the element/file, the field path and the rule.

/** The ajv-like error TypeBox's compiled validators yield. */
export interface SchemaIssue {
  keyword: string
  schemaPath: string
  instancePath: string
  params: Record<string, unknown>
  message: string
}

const TYPE_NOUNS: Readonly<Record<string, string>> = {
  number: 'a finite number',
  integer: 'an integer',
  string: 'a string',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
  null: 'null'
}

/**
 * Picks the issue that explains a failure best: the first one outside union branches, and for a union
 * the branch that got furthest into the value (so `startBinding.mode` beats "startBinding must be null").
 */
export function pickIssue (issues: readonly SchemaIssue[], prefix = '#'): SchemaIssue {
  const direct = issues.filter((i) => isDirect(i, prefix) && i.keyword !== 'boolean')
  const first = direct[0] ?? issues[0]
  if (first.keyword !== 'anyOf') return first
  return pickBranch(issues, first)
}

function isDirect (issue: SchemaIssue, prefix: string): boolean {
  return issue.schemaPath.startsWith(prefix) && !issue.schemaPath.slice(prefix.length).includes('/anyOf/')
}

function pickBranch (issues: readonly SchemaIssue[], union: SchemaIssue): SchemaIssue {
  const prefix = `${union.schemaPath}/anyOf/`
  const branches = new Map<string, SchemaIssue[]>()
  for (const issue of issues) {
    if (!issue.schemaPath.startsWith(prefix)) continue
    const branch = prefix + issue.schemaPath.slice(prefix.length).split('/')[0]
    branches.set(branch, [...(branches.get(branch) ?? []), issue])
  }
  let best: [string, number] | undefined
  for (const [branch, list] of branches) {
    const score = branchScore(list, union.instancePath)
    if (best === undefined || score > best[1]) best = [branch, score]
  }
  if (best === undefined || best[1] < 0) return expectedOneOf(union, [...branches.values()])
  return pickIssue(issues.filter((i) => i.schemaPath.startsWith(best[0])), best[0])
}

/** -1 when the value is not even the branch's kind; otherwise how deep the branch got into the value. */
function branchScore (list: readonly SchemaIssue[], unionPath: string): number {
  const wrongKind = list.some((i) => i.instancePath === unionPath && (i.keyword === 'type' || i.keyword === 'const'))
  if (wrongKind) return -1
  return Math.max(...list.map((i) => i.instancePath.split('/').length))
}

/** Every branch rejected the value's kind: say what kinds would do ("a string or null"). */
function expectedOneOf (union: SchemaIssue, branches: SchemaIssue[][]): SchemaIssue {
  const expected = branches
    .map((list) => list.find((i) => i.instancePath === union.instancePath))
    .map((i) => i === undefined ? 'another shape' : describeExpected(i))
  return { ...union, keyword: 'expected', params: { expected: [...new Set(expected)] } }
}

function describeExpected (issue: SchemaIssue): string {
  if (issue.keyword === 'type') return TYPE_NOUNS[String(issue.params.type)] ?? String(issue.params.type)
  if (issue.keyword === 'const') return JSON.stringify(issue.params.allowedValue)
  return 'another shape'
}

/** `/points/2/0` → `points[2][0]`; `/startBinding/mode` → `startBinding.mode`. */
export function formatPath (segments: readonly string[]): string {
  let out = ''
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) out += `[${segment}]`
    else out += out === '' ? segment : `.${segment}`
  }
  return out
}

export function pathSegments (instancePath: string): string[] {
  return instancePath === '' ? [] : instancePath.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/**
 * One sentence for an issue, relative to `base` path segments (e.g. a file key already named by the caller).
 * `rootName` names the value itself when the issue sits at its root ("body", "appState", "file record").
 * `schema` (the root schema the issue came from) lets a missing field say whether null would have done.
 */
export function describeIssue (issue: SchemaIssue, rootName: string, schema?: unknown, base = 0): string {
  const segments = pathSegments(issue.instancePath).slice(base)
  const where = segments.length === 0 ? rootName : formatPath(segments)
  const params = issue.params
  switch (issue.keyword) {
    case 'required': {
      const name = (params.requiredProperties as string[])[0]
      const nullable = isNullableProperty(schema, issue.schemaPath, name) ? ' (null is allowed)' : ''
      return `${formatPath([...segments, name])} is required${nullable}`
    }
    case 'additionalProperties':
      return `${where} has unrecognized key(s): ${(params.additionalProperties as string[]).join(', ')}`
    case 'boolean':
      return `${where} is not allowed`
    case 'type':
      return `${where} must be ${TYPE_NOUNS[String(params.type)] ?? String(params.type)}`
    case 'const':
      return `${where} must be ${JSON.stringify(params.allowedValue)}`
    case 'enum': {
      const values = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v))
      return values.length === 1 ? `${where} must be ${values[0]}` : `${where} must be one of ${values.join(', ')}`
    }
    case 'expected':
      return `${where} must be ${(params.expected as string[]).join(' or ')}`
    default:
      return `${where} ${issue.message}`
  }
}

/** Whether `schema` at `schemaPath` declares property `name` as a union that admits null. */
function isNullableProperty (schema: unknown, schemaPath: string, name: string): boolean {
  let node = schema
  for (const segment of schemaPath.split('/').slice(1)) node = (node as Record<string, unknown> | undefined)?.[segment]
  const property = (node as { properties?: Record<string, { anyOf?: Array<{ type?: string }> }> } | undefined)
    ?.properties?.[name]
  return property?.anyOf?.some((branch) => branch.type === 'null') ?? false
}
