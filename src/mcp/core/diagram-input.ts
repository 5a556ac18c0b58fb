// create_diagram's arguments: their schema (types, sizes, the node id alphabet, spacing ranges, each rule with the
// words an agent acts on) and the checks a schema cannot state (unique ids, edges and groups naming real nodes,
// groups that nest, the direction in any case). Any failure rejects the whole call, before anything is drawn.
import { Type, type Static, type TObject, type TSchema } from 'typebox'
import { withMessages, type SchemaMessages } from '../../lib/schema-errors.js'
import { toolError } from '../tool-errors.js'
import type { Direction } from './layout.js'
import { DIAGRAM_DIRECTIONS, DIAGRAM_MAX_EDGES, DIAGRAM_MAX_GROUPS, DIAGRAM_MAX_NODES, LABEL_MAX_LENGTH, NODE_ID_PATTERN } from './limits.js'

export const DEFAULT_NODE_SPACING = 50
/** Between ranks; an edge label gets room of its own on top of this. */
export const DEFAULT_RANK_SPACING = 60

const SPLIT = 'split the diagram into smaller ones'
const closed = <P extends Parameters<typeof Type.Object>[0]> (properties: P) => Type.Object(properties, { additionalProperties: false })
const label = (description: string) =>
  withMessages(Type.String({ maxLength: LABEL_MAX_LENGTH, description }), { maxLength: `is longer than ${LABEL_MAX_LENGTH} characters` })
const nodeRef = (description: string) =>
  withMessages(Type.String({ pattern: NODE_ID_PATTERN, description }), { pattern: 'is not a valid node id: use only letters, digits, _ . : and -' })
/** An array of at most `max` items; past that, the agent is told to split the diagram. */
function capped<T extends TSchema> (
  items: T, max: number, what: string, options: { minItems?: number, description?: string } = {}, messages: SchemaMessages = {}
) {
  return withMessages(Type.Array(items, { ...options, maxItems: max }), { ...messages, maxItems: `holds more than ${max} ${what}: ${SPLIT}` })
}
function spacing (min: number, max: number, fallback: number, description: string) {
  const range = `must be a whole number from ${min} to ${max} (default ${fallback})`
  return Type.Optional(withMessages(Type.Integer({ minimum: min, maximum: max, description }), { type: range, minimum: range, maximum: range }))
}

const NodeSchema = closed({
  id: nodeRef('Your id for the node, made of letters, digits and _ . : -'),
  label: label(`Text shown in the node (up to ${LABEL_MAX_LENGTH} characters; keep lines short).`),
  kind: Type.Optional(Type.String({ description: 'Shape hint: "process" (default), "decision", "start", "end", "data".' }))
})

const EdgeSchema = closed({
  from: nodeRef('Id of the node the arrow starts at.'),
  to: nodeRef('Id of the node the arrow points to.'),
  label: Type.Optional(label('Text on the arrow.')),
  kind: Type.Optional(Type.String({ description: 'Colour hint by outcome: "success", "failure", "warning", "async" (dashed) or none.' })),
  startArrowhead: Type.Optional(Type.String({ description: 'Arrowhead at the start, such as "arrow" for a two-way edge.' }))
})

const GroupSchema = closed({
  label: Type.Optional(label('Title of the boundary.')),
  nodes: withMessages(Type.Array(nodeRef('A member node id.'), {
    minItems: 1,
    description: 'Ids of the nodes inside the boundary. Groups may nest (all nodes of one inside another) but not partly share nodes.'
  }), { minItems: 'must name at least one node' })
})

/** create_diagram's arguments but `sceneId` (the endpoint's business): the one statement of their rules. */
export const DIAGRAM_ARGUMENTS = {
  nodes: capped(NodeSchema, DIAGRAM_MAX_NODES, 'nodes', { minItems: 1 }, { minItems: 'must hold at least one node' }),
  edges: Type.Optional(capped(EdgeSchema, DIAGRAM_MAX_EDGES, 'edges', { description: 'The arrows between nodes (default none).' })),
  title: Type.Optional(label('Title above the diagram.')),
  direction: Type.Optional(Type.String({ description: `Flow direction: ${DIAGRAM_DIRECTIONS.join(', ')} (any case; default RIGHT).` })),
  groups: Type.Optional(capped(GroupSchema, DIAGRAM_MAX_GROUPS, 'groups')),
  nodeSpacing: spacing(20, 400, DEFAULT_NODE_SPACING, `Gap between nodes of one rank (default ${DEFAULT_NODE_SPACING}).`),
  rankSpacing: spacing(40, 600, DEFAULT_RANK_SPACING, `Gap between ranks (default ${DEFAULT_RANK_SPACING}); edge labels get room of their own.`),
  clearExisting: Type.Optional(Type.Boolean({ description: 'Delete every element of the scene first. Only when the user asked to replace the drawing.' }))
}

/** The arguments as the schema passed them. */
export type DiagramArguments = Static<TObject<typeof DIAGRAM_ARGUMENTS>>
export type DiagramNode = Static<typeof NodeSchema>
export type DiagramEdge = Static<typeof EdgeSchema>
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

/** The arguments with their defaults, after what the schema cannot check: ids unique and real, groups that nest. */
export function readDiagramInput (args: DiagramArguments): DiagramInput {
  const known = new Set<string>()
  for (const node of args.nodes) {
    if (known.has(node.id)) toolError(`node id "${node.id}" is used twice`)
    known.add(node.id)
  }
  const edges = args.edges ?? []
  edges.forEach((edge, i) => {
    for (const end of ['from', 'to'] as const) if (!known.has(edge[end])) toolError(`edges[${i}].${end}: no node has the id "${edge[end]}"`)
  })
  const groups = (args.groups ?? []).map((group, i) => {
    for (const id of group.nodes) if (!known.has(id)) toolError(`groups[${i}].nodes: no node has the id "${id}"`)
    return { label: group.label, nodes: [...new Set(group.nodes)] }
  })
  return {
    nodes: args.nodes,
    edges,
    groups: nestGroups(groups),
    title: args.title,
    direction: readDirection(args.direction),
    nodeSpacing: args.nodeSpacing ?? DEFAULT_NODE_SPACING,
    rankSpacing: args.rankSpacing ?? DEFAULT_RANK_SPACING,
    clearExisting: args.clearExisting === true
  }
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
function readDirection (value: string | undefined): Direction {
  if (value === undefined) return 'RIGHT'
  const upper = value.toUpperCase()
  if (!(DIAGRAM_DIRECTIONS as readonly string[]).includes(upper)) {
    toolError(`direction must be one of ${DIAGRAM_DIRECTIONS.join(', ')} (any case)`)
  }
  return upper as Direction
}
