// Limits the MCP-only tools share between their input schemas and their logic.

/** create_diagram node ids; any other id rejects the whole call. */
export const NODE_ID_PATTERN = '^[A-Za-z0-9_.:-]+$'
/** create_diagram labels (nodes, edges, title, groups). */
export const LABEL_MAX_LENGTH = 300
export const DIAGRAM_DIRECTIONS = ['RIGHT', 'DOWN', 'LEFT', 'UP'] as const
/**
 * create_diagram sizes: a layout of 100 nodes takes about a second (several on a busy machine) in the layout
 * engine's own thread; larger systems read better as several diagrams anyway.
 */
export const DIAGRAM_MAX_NODES = 100
export const DIAGRAM_MAX_EDGES = 200
export const DIAGRAM_MAX_GROUPS = 20

/** Slides: one 854×480 frame each, left to right with a 350 px gap, content kept 56 px from the edges. */
export const SLIDE_WIDTH = 854
export const SLIDE_HEIGHT = 480
export const SLIDE_GAP = 350
export const SLIDE_SAFE_MARGIN = 56

export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const
