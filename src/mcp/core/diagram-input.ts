// create_diagram argument checks: any bad node id, over-long label, dangling edge or unknown direction rejects
// the whole call, before anything is drawn.
import { toolError } from '../tool-errors.js'
import type { Direction } from './layout.js'
import { DIAGRAM_DIRECTIONS, DIAGRAM_MAX_EDGES, DIAGRAM_MAX_GROUPS, DIAGRAM_MAX_NODES, LABEL_MAX_LENGTH, NODE_ID_PATTERN } from './limits.js'

export interface DiagramNode { id: string, label: string, kind?: string }
export interface DiagramEdge { from: string, to: string, label?: string, kind?: string, startArrowhead?: string }
/** A boundary around nodes; `parent` is the group it sits inside (groups nest when one holds all of another's nodes). */
export interface DiagramGroup { label?: string, nodes: string[], parent: number | null }

export interface DiagramInput {
  nodes: DiagramNode[]
  edges: DiagramEdge[]
  groups: DiagramGroup[]
  title?: string
  direction: Direction
  nodeSpacing: number
  rankSpacing: number
  clearExisting: boolean
}

const NODE_ID = new RegExp(NODE_ID_PATTERN)
export const DEFAULT_NODE_SPACING = 50
/** Between ranks; an edge label gets room of its own on top of this. */
export const DEFAULT_RANK_SPACING = 60

export function readDiagramInput (args: Record<string, unknown>): DiagramInput {
  const nodes = list(args.nodes, 'nodes', DIAGRAM_MAX_NODES).map((n, i) => readNode(n, `nodes[${i}]`))
  if (nodes.length === 0) toolError('nodes must hold at least one node')
  const known = new Set<string>()
  for (const node of nodes) {
    if (known.has(node.id)) toolError(`node id "${node.id}" is used twice`)
    known.add(node.id)
  }
  const edges = list(args.edges ?? [], 'edges', DIAGRAM_MAX_EDGES).map((e, i) => readEdge(e, `edges[${i}]`, known))
  const groups = nestGroups(list(args.groups ?? [], 'groups', DIAGRAM_MAX_GROUPS).map((g, i) => readGroup(g, `groups[${i}]`, known)))
  return {
    nodes,
    edges,
    groups,
    title: args.title === undefined ? undefined : label(args.title, 'title'),
    direction: readDirection(args.direction),
    nodeSpacing: spacing(args.nodeSpacing, 'nodeSpacing', DEFAULT_NODE_SPACING),
    rankSpacing: spacing(args.rankSpacing, 'rankSpacing', DEFAULT_RANK_SPACING),
    clearExisting: args.clearExisting === true
  }
}

function list (value: unknown, name: string, max = Infinity): unknown[] {
  if (!Array.isArray(value)) toolError(`${name} must be an array`)
  if (value.length > max) toolError(`${name} holds ${value.length} items, more than ${max}: split the diagram into smaller ones`)
  return value
}

function object (value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) toolError(`${where} must be an object`)
  return value as Record<string, unknown>
}

function label (value: unknown, where: string): string {
  if (typeof value !== 'string') toolError(`${where} must be a string`)
  if ([...value].length > LABEL_MAX_LENGTH) toolError(`${where} is longer than ${LABEL_MAX_LENGTH} characters`)
  return value
}

function optional (value: unknown, where: string): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string') toolError(`${where} must be a string`)
  return value
}

function nodeId (value: unknown, where: string): string {
  if (typeof value !== 'string' || !NODE_ID.test(value)) {
    toolError(`${where} ${JSON.stringify(value)} is not a valid node id: use only letters, digits, _ . : and -`)
  }
  return value
}

function readNode (value: unknown, where: string): DiagramNode {
  const node = object(value, where)
  return { id: nodeId(node.id, `${where}.id`), label: label(node.label, `${where}.label`), kind: optional(node.kind, `${where}.kind`) }
}

function readEdge (value: unknown, where: string, known: ReadonlySet<string>): DiagramEdge {
  const edge = object(value, where)
  const from = nodeId(edge.from, `${where}.from`)
  const to = nodeId(edge.to, `${where}.to`)
  for (const [key, id] of [['from', from], ['to', to]]) {
    if (!known.has(id)) toolError(`${where}.${key}: no node has the id "${id}"`)
  }
  return {
    from,
    to,
    label: edge.label === undefined ? undefined : label(edge.label, `${where}.label`),
    kind: optional(edge.kind, `${where}.kind`),
    startArrowhead: optional(edge.startArrowhead, `${where}.startArrowhead`)
  }
}

function readGroup (value: unknown, where: string, known: ReadonlySet<string>): Omit<DiagramGroup, 'parent'> {
  const group = object(value, where)
  const members = list(group.nodes, `${where}.nodes`).map((id, i) => nodeId(id, `${where}.nodes[${i}]`))
  if (members.length === 0) toolError(`${where}.nodes must name at least one node`)
  for (const id of members) if (!known.has(id)) toolError(`${where}.nodes: no node has the id "${id}"`)
  return { label: group.label === undefined ? undefined : label(group.label, `${where}.label`), nodes: [...new Set(members)] }
}

/**
 * Groups form a tree, as boundaries drawn around their members can only nest: a group sits inside the smallest
 * group holding all its nodes (of two with the same nodes, the later one inside the earlier). Two groups that
 * share some nodes but not all reject the call.
 */
function nestGroups (groups: ReadonlyArray<Omit<DiagramGroup, 'parent'>>): DiagramGroup[] {
  const sets = groups.map((g) => new Set(g.nodes))
  const outer = (a: number, b: number): boolean => sets[a].size > sets[b].size || (sets[a].size === sets[b].size && a < b)
  return groups.map((group, i) => {
    let parent: number | null = null
    for (let j = 0; j < groups.length; j++) {
      if (j === i) continue
      const shared = group.nodes.filter((id) => sets[j].has(id))
      if (shared.length === 0) continue
      const holds = outer(j, i) && shared.length === sets[i].size
      if (!holds && !(outer(i, j) && shared.length === sets[j].size)) {
        toolError(`groups[${Math.min(i, j)}] and groups[${Math.max(i, j)}] share the node "${shared[0]}" but neither holds all of the other's nodes: a node belongs to one group, or to groups drawn one inside the other`)
      }
      if (holds && (parent === null || outer(parent, j))) parent = j
    }
    return { ...group, parent }
  })
}

/** INFER: agents were seen sending "RIGHT" and "down"/"right", so the value is read case-insensitively. */
function readDirection (value: unknown): Direction {
  if (value === undefined) return 'RIGHT'
  const upper = typeof value === 'string' ? value.toUpperCase() : ''
  if (!(DIAGRAM_DIRECTIONS as readonly string[]).includes(upper)) {
    toolError(`direction must be one of ${DIAGRAM_DIRECTIONS.join(', ')} (any case)`)
  }
  return upper as Direction
}

function spacing (value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) toolError(`${name} must be a non-negative number`)
  return value
}
