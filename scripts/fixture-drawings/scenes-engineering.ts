// Acme scene recipes, part 2: system architecture, database schema, incident postmortem, launch timeline.
import type { Drawing, El } from './drawing.js'
import { BLUE, FILL, GREEN, GREY, ORANGE, RED, VIOLET } from './palette.js'
import { boxed, connect, group, line, shape, stickynote, text } from './shapes.js'

/** Clients outside, services inside a frame, a grouped storage tier, and bound arrows across the frame edge. */
export function systemArchitecture (d: Drawing): void {
  text(d, 0, -60, 'Acme platform — system architecture', { size: 32 })
  const web = boxed(d, 'rectangle', { x: 0, y: 100, w: 180, h: 80 }, 'Web app\n(React)', { bg: FILL.blue })
  const cli = boxed(d, 'rectangle', { x: 0, y: 260, w: 180, h: 80 }, 'CLI / SDK', { bg: FILL.blue })
  const cdn = boxed(d, 'rectangle', { x: 0, y: 440, w: 180, h: 80 }, 'CDN', { bg: FILL.grey })
  let gateway: El | undefined
  let blob: El | undefined
  d.frame('Backend · eu-west-1', { x: 280, y: 40, w: 780, h: 580 }, () => {
    gateway = boxed(d, 'rectangle', { x: 320, y: 180, w: 180, h: 80 }, 'API gateway', { bg: FILL.violet })
    const auth = boxed(d, 'rectangle', { x: 600, y: 80, w: 180, h: 80 }, 'Auth service', { bg: FILL.yellow })
    const scenes = boxed(d, 'rectangle', { x: 600, y: 280, w: 180, h: 80 }, 'Scene service', { bg: FILL.yellow })
    const realtime = boxed(d, 'rectangle', { x: 600, y: 470, w: 180, h: 80 }, 'Realtime\nworker', { bg: FILL.yellow })
    const storage = storageTier(d)
    blob = storage.blob
    connect(d, gateway, auth)
    connect(d, gateway, scenes)
    connect(d, scenes, storage.postgres, { from: [1, 0.3], to: 'left' })
    connect(d, scenes, storage.blob, { from: [1, 0.7], to: 'left' })
    connect(d, scenes, realtime, { label: 'scene updates' })
  })
  if (!gateway || !blob) throw new Error('frame builder did not run')
  connect(d, web, gateway, { to: [0, 0.35] })
  connect(d, cli, gateway, { to: [0, 0.65] })
  connect(d, cdn, blob, { label: 'cached reads', style: { strokeStyle: 'dashed' } })
}

/** Two stores, their outline and caption, grouped so they move as one unit. */
function storageTier (d: Drawing): { postgres: El, blob: El } {
  const outline = shape(d, 'rectangle', { x: 840, y: 190, w: 200, h: 270 }, { stroke: GREEN, strokeStyle: 'dashed', roughness: 0 })
  const postgres = boxed(d, 'rectangle', { x: 855, y: 215, w: 170, h: 70 }, 'Postgres', { bg: FILL.green })
  const blob = boxed(d, 'rectangle', { x: 855, y: 335, w: 170, h: 70 }, 'Blob storage', { bg: FILL.green })
  const caption = text(d, 855, 425, 'Storage tier', { size: 16, color: GREEN })
  group(d, [outline, postgres, blob, caption])
  return { postgres, blob }
}

interface Table { name: string, x: number, y: number, columns: string[] }

/** One table: a header and a body, each with its bound text, grouped together. */
function table (d: Drawing, t: Table): { header: El, body: El } {
  const header = boxed(d, 'rectangle', { x: t.x, y: t.y, w: 250, h: 40 }, t.name, { bg: FILL.blue, roundness: null }, { size: 20 })
  const body = boxed(d, 'rectangle', { x: t.x, y: t.y + 40, w: 250, h: t.columns.length * 20 + 20 }, t.columns.join('\n'), { roundness: null },
    { size: 16, align: 'left', valign: 'top' })
  group(d, [header, body])
  return { header, body }
}

/** Entity tables linked by foreign-key arrows (bar = many side, triangle = the referenced row). */
export function databaseSchema (d: Drawing): void {
  text(d, 0, -90, 'Acme data model (v2)', { size: 28 })
  text(d, 0, -50, 'PK = primary key · FK = foreign key', { size: 16, color: GREY })
  const workspaces = table(d, { name: 'workspaces', x: 0, y: 0, columns: ['id: text (PK)', 'name: text', 'plan: text', 'created_at: timestamptz'] })
  const users = table(d, { name: 'users', x: 460, y: 0, columns: ['id: text (PK)', 'email: text', 'name: text', 'last_active: timestamptz'] })
  const collections = table(d, {
    name: 'collections', x: 0, y: 300, columns: ['id: text (PK)', 'workspace_id: text (FK)', 'name: text', 'is_default: boolean']
  })
  const memberships = table(d, {
    name: 'memberships', x: 460, y: 300, columns: ['workspace_id: text (FK)', 'user_id: text (FK)', 'role: text', 'joined_at: timestamptz']
  })
  const scenes = table(d, {
    name: 'scenes', x: 0, y: 600, columns: ['id: text (PK)', 'collection_id: text (FK)', 'name: text', 'content_epoch: integer', 'updated_at: timestamptz']
  })
  const fk = { startArrowhead: 'bar', endArrowhead: 'triangle' } as const
  // Vertical links leave from the header so they do not cross the table's own header.
  connect(d, collections.header, workspaces.body, fk)
  connect(d, memberships.header, users.body, fk)
  connect(d, memberships.body, workspaces.body, { ...fk, from: 'left', to: 'right' })
  connect(d, scenes.header, collections.body, fk)
}

/** A text-heavy write-up: headings, a timeline drawn with lines, and a sticky note with the key follow-up. */
export function incidentPostmortem (d: Drawing): void {
  text(d, 0, 0, 'Incident 2026-10-07 · Scene saves failing (SEV-2)', { size: 32 })
  line(d, [[0, 52], [880, 52]], { stroke: GREY })
  text(d, 0, 80, 'Summary', { size: 24 })
  text(d, 0, 115, 'For 47 minutes, 18% of content saves returned 503.\nNo data was lost; clients retried automatically.', { size: 18 })
  text(d, 0, 190, 'Timeline (UTC)', { size: 24 })
  line(d, [[40, 300], [860, 300]], { strokeWidth: 2 })
  const events = [[80, '09:12\ndeploy 4.31'], [300, '09:19\nalerts fire'], [560, '09:41\nrollback'], [800, '09:59\nrecovered']] as const
  for (const [x, what] of events) {
    line(d, [[x, 290], [x, 310]], { strokeWidth: 2, stroke: x === 300 ? RED : undefined })
    text(d, x, 240, what, { size: 16, align: 'center' })
  }
  text(d, 0, 340, 'Root cause', { size: 24 })
  text(d, 0, 375, 'A connection-pool limit in the new build capped\nwrites at 40 per pod under peak load.', { size: 18 })
  text(d, 0, 445, 'Action items', { size: 24 })
  const actions = ['1. Load-test pool settings before deploy (Ben)', '2. Canary content writes for 15 min (Chloe)', '3. Runbook: rolling back the API (Ada)']
  text(d, 0, 480, actions.join('\n'), { size: 18 })
  const note = stickynote(d, { x: 640, y: 430, w: 240, h: 150 })
  const noteText = text(d, 655, 450, 'Follow-up:\nalert on 5xx > 2%\nfor 5 minutes', { size: 20 })
  group(d, [note, noteText])
}

/** A timeline line with diamond milestones, dependency arrows between them, and phase bars. */
export function launchTimeline (d: Drawing): void {
  text(d, 0, -20, 'Acme 3.0 launch timeline', { size: 32 })
  line(d, [[0, 200], [1240, 200]], { strokeWidth: 4 })
  const milestones = [
    [100, 'Sep 15', 'Beta opens', FILL.violet],
    [380, 'Oct 6', 'Pricing final', FILL.yellow],
    [660, 'Oct 27', 'Docs + videos', FILL.yellow],
    [940, 'Nov 10', 'Launch day', FILL.red],
    [1160, 'Dec 1', 'Retro', FILL.green]
  ] as const
  const marks = milestones.map(([x, date, name, bg]) => {
    text(d, x, 228, name, { size: 18, align: 'center' })
    text(d, x, 254, date, { size: 16, align: 'center', color: GREY })
    return shape(d, 'diamond', { x: x - 18, y: 182, w: 36, h: 36 }, { bg })
  })
  const curved = { stroke: VIOLET, roundness: { type: 2 } } as const
  connect(d, marks[0], marks[1], { from: 'top', to: 'top', via: [[240, 110]], style: curved })
  connect(d, marks[1], marks[3], { from: 'top', to: 'top', via: [[660, 80]], style: curved, label: 'pricing page' })
  connect(d, marks[2], marks[3], { from: 'top', to: 'top', via: [[800, 125]], style: curved })
  line(d, [[520, 120], [520, 290]], { stroke: RED, strokeStyle: 'dashed' })
  text(d, 520, 295, 'today', { size: 16, align: 'center', color: RED })
  boxed(d, 'rectangle', { x: 100, y: 330, w: 560, h: 50 }, 'Private beta', { bg: FILL.paleViolet, stroke: VIOLET, fill: 'hachure' }, { size: 18 })
  boxed(d, 'rectangle', { x: 660, y: 330, w: 500, h: 50 }, 'Launch and follow-up', { bg: FILL.orange, stroke: ORANGE, fill: 'hachure' }, { size: 18 })
  text(d, 100, 400, 'Owner: Marketing (Dana) · Engineering sign-off: Ben', { size: 16, color: BLUE })
}
