// Acme scene recipes, part 1: roadmap slides, onboarding flowchart, user journey map, pricing page wireframe.
import type { Drawing, El } from './drawing.js'
import { BLUE, FILL, GREY } from './palette.js'
import { landscape } from './pictures.js'
import { boxed, connect, image, line, shape, text } from './shapes.js'

const SLIDE = { w: 960, h: 540, gap: 100 }

/** Three frames used as presentation slides; every child carries its frame's id and absolute coordinates. */
export function roadmap2027 (d: Drawing): void {
  const at = (n: number): number => n * (SLIDE.w + SLIDE.gap)
  d.frame('01 · Title', { x: at(0), y: 0, ...size() }, () => {
    text(d, 480, 170, '2027 Product Roadmap', { size: 56, align: 'center' })
    line(d, [[250, 262], [710, 262]], { stroke: BLUE, strokeWidth: 4 })
    text(d, 480, 285, 'Acme Product Design · draft for Q4 planning', { size: 24, align: 'center', color: GREY })
    text(d, 40, 490, 'Owner: Ada Lovelace · last reviewed Oct 2026', { size: 16, color: GREY })
  })
  d.frame('02 · Themes', { x: at(1), y: 0, ...size() }, () => {
    text(d, at(1) + 60, 50, 'Three themes for 2027', { size: 40 })
    const themes = [
      ['Self-serve\nonboarding', 'Activation 38% → 50%', FILL.blue],
      ['Collaboration\nat scale', 'Weekly active teams +25%', FILL.green],
      ['Enterprise\nreadiness', 'SSO + audit logs GA', FILL.violet]
    ]
    themes.forEach(([name, goal, bg], i) => {
      const x = at(1) + 60 + i * 290
      boxed(d, 'rectangle', { x, y: 170, w: 260, h: 200 }, name, { bg }, { size: 28 })
      text(d, x + 130, 395, goal, { size: 18, align: 'center' })
    })
  })
  d.frame('03 · Quarters', { x: at(2), y: 0, ...size() }, () => quarters(d, at(2)))
}

function size (): { w: number, h: number } {
  return { w: SLIDE.w, h: SLIDE.h }
}

function quarters (d: Drawing, x0: number): void {
  text(d, x0 + 60, 50, 'When we ship it', { size: 40 })
  line(d, [[x0 + 60, 185], [x0 + 900, 185]], { stroke: GREY })
  const plan = [
    ['Q1', 'Guided first scene', 'Template gallery'],
    ['Q2', 'Live cursors v2', 'Comment threads'],
    ['Q3', 'SCIM provisioning', 'Audit log export'],
    ['Q4', 'Usage-based plans', 'Offline mode beta']
  ]
  plan.forEach(([quarter, ...items], i) => {
    const x = x0 + 60 + i * 215
    text(d, x + 95, 135, quarter, { size: 32, align: 'center' })
    items.forEach((item, j) => boxed(d, 'rectangle', { x, y: 215 + j * 100, w: 190, h: 70 }, item, { bg: FILL.yellow }, { size: 16 }))
  })
}

/** A top-down flowchart: labelled shapes, a decision diamond, arrows bound at both ends, yes/no labels on arrows. */
export function onboardingFlow (d: Drawing): void {
  text(d, 60, -100, 'New user onboarding', { size: 32 })
  text(d, 60, -55, 'v3 · owner: Growth squad', { size: 16, color: GREY })
  const signUp = boxed(d, 'ellipse', { x: 300, y: 0, w: 200, h: 70 }, 'Sign up', { bg: FILL.green })
  const verify = boxed(d, 'rectangle', { x: 300, y: 130, w: 200, h: 70 }, 'Verify email', { bg: FILL.blue })
  const invited = boxed(d, 'diamond', { x: 290, y: 260, w: 220, h: 130 }, 'Invited by\na team?', { bg: FILL.yellow })
  const join = boxed(d, 'rectangle', { x: 60, y: 450, w: 200, h: 80 }, 'Join the\nteam workspace', { bg: FILL.blue })
  const create = boxed(d, 'rectangle', { x: 540, y: 450, w: 200, h: 80 }, 'Create a\nworkspace', { bg: FILL.blue })
  const invite = boxed(d, 'rectangle', { x: 540, y: 590, w: 200, h: 70 }, 'Invite teammates', { bg: FILL.blue })
  const tour = boxed(d, 'rectangle', { x: 300, y: 730, w: 200, h: 80 }, 'Take the\neditor tour', { bg: FILL.blue })
  const done = boxed(d, 'ellipse', { x: 290, y: 870, w: 220, h: 100 }, 'First drawing\nsaved', { bg: FILL.green })
  connect(d, signUp, verify)
  connect(d, verify, invited)
  connect(d, invited, join, { from: 'left', to: 'top', via: [[160, 325]], label: 'yes' })
  connect(d, invited, create, { from: 'right', to: 'top', via: [[640, 325]], label: 'no' })
  connect(d, create, invite)
  connect(d, join, tour, { from: 'bottom', to: 'left', via: [[160, 770]] })
  connect(d, invite, tour, { from: 'bottom', to: 'right', via: [[640, 770]] })
  connect(d, tour, done)
}

/** Journey stages as ellipses, decisions as diamonds, and every step an arrow with its own bound label. */
export function userJourneyMap (d: Drawing): void {
  text(d, 0, -120, 'Journey: Priya, product designer at a 40-person startup', { size: 24 })
  text(d, 0, -80, 'Goal: move her team’s design reviews off slides', { size: 18, color: GREY })
  const stage = (x: number, y: number, name: string, bg: string): El => boxed(d, 'ellipse', { x, y, w: 180, h: 90 }, name, { bg })
  const decision = (x: number, y: number, name: string): El => boxed(d, 'diamond', { x, y, w: 180, h: 130 }, name, { bg: FILL.yellow })
  const discover = stage(0, 155, 'Discover', FILL.violet)
  const signUp = stage(300, 155, 'Sign up', FILL.blue)
  const value = decision(600, 135, 'Finds\nvalue?')
  const shares = stage(900, 40, 'Shares with\nteam', FILL.green)
  const quiet = stage(900, 270, 'Goes quiet', FILL.red)
  const limit = decision(1200, 20, 'Hits plan\nlimit?')
  const upgrade = stage(1500, 40, 'Upgrades\nto Team', FILL.green)
  const winBack = stage(1200, 270, 'Win-back\nemail', FILL.orange)
  connect(d, discover, signUp, { label: 'ad click' })
  connect(d, signUp, value, { label: '7-day trial' })
  connect(d, value, shares, { label: 'yes' })
  connect(d, value, quiet, { label: 'no' })
  connect(d, shares, limit, { label: 'invites 5+' })
  connect(d, limit, upgrade, { label: 'yes' })
  connect(d, quiet, winBack, { label: 'day 14' })
  connect(d, winBack, signUp, { from: 'bottom', to: 'bottom', via: [[1290, 440], [390, 440]], label: 'comes back', style: { strokeStyle: 'dashed' } })
}

/** A low-fidelity page sketch: browser chrome, hero image, three plan cards with buttons. */
export function pricingPageWireframe (d: Drawing): void {
  const sketch = { stroke: GREY }
  shape(d, 'rectangle', { x: 0, y: 0, w: 960, h: 760 }, sketch)
  shape(d, 'rectangle', { x: 0, y: 0, w: 960, h: 40 }, { ...sketch, bg: FILL.grey, roundness: null })
  for (const [i, bg] of ['#ff8787', '#ffd43b', '#69db7c'].entries()) {
    shape(d, 'ellipse', { x: 14 + i * 22, y: 13, w: 14, h: 14 }, { stroke: bg, bg })
  }
  text(d, 100, 10, 'https://acme.design/pricing', { size: 16, color: GREY })
  text(d, 40, 60, 'Acme', { size: 28 })
  for (const [i, item] of ['Product', 'Pricing', 'Docs'].entries()) text(d, 540 + i * 100, 66, item, { size: 18 })
  boxed(d, 'rectangle', { x: 840, y: 58, w: 90, h: 36 }, 'Sign in', sketch, { size: 16 })
  image(d, landscape, { x: 40, y: 120, w: 416, h: 234 })
  text(d, 500, 140, 'Simple pricing\nfor every team', { size: 40 })
  text(d, 500, 260, 'Start free. Upgrade when your\nteam needs more.', { size: 20, color: GREY })
  planCards(d)
  text(d, 40, 725, 'FAQ · Compare plans · Contact sales', { size: 16, color: GREY })
}

function planCards (d: Drawing): void {
  const plans = [
    ['Free\n$0\n\n- 3 shared scenes\n- PNG export\n- Community support', 'Get started'],
    ['Team\n$7 per editor / month\n\n- Unlimited scenes\n- Collections\n- Comments', 'Start free trial'],
    ['Enterprise\nCustom\n\n- SSO and SCIM\n- Audit logs\n- Priority support', 'Contact sales']
  ]
  plans.forEach(([body, cta], i) => {
    const x = 40 + i * 305
    const featured = i === 1
    const style = featured ? { stroke: BLUE, bg: FILL.paleBlue, strokeWidth: 4 } : { stroke: GREY }
    boxed(d, 'rectangle', { x, y: 400, w: 270, h: 300 }, body, style, { size: 20, align: 'left', valign: 'top' })
    boxed(d, 'rectangle', { x: x + 20, y: 636, w: 230, h: 44 }, cta, featured ? { stroke: BLUE, bg: FILL.blue } : { stroke: GREY }, { size: 16 })
    if (featured) text(d, x + 135, 372, 'Most popular', { size: 16, align: 'center', color: BLUE })
  })
}
