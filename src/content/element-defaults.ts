// The editor's values for the base fields of a new element (the reference format notes list them), stated once for
// the MCP tools' skeleton completion, the fixture generator and the test builders. Identity, stacking, time,
// randomness, size and the per-type fields are the caller's.

export interface ElementDefaults {
  x: number
  y: number
  angle: number
  strokeColor: string
  backgroundColor: string
  fillStyle: 'solid'
  strokeWidth: number
  strokeStyle: 'solid'
  roughness: number
  opacity: number
  groupIds: string[]
  frameId: null
  boundElements: null
  link: null
  locked: boolean
}

export const ELEMENT_DEFAULTS: Readonly<ElementDefaults> = Object.freeze({
  x: 0,
  y: 0,
  angle: 0,
  strokeColor: '#1e1e1e',
  backgroundColor: 'transparent',
  fillStyle: 'solid',
  strokeWidth: 2,
  strokeStyle: 'solid',
  roughness: 1,
  opacity: 100,
  groupIds: Object.freeze([]) as unknown as string[],
  frameId: null,
  boundElements: null,
  link: null,
  locked: false
})

/** A fresh copy of the defaults (its own groupIds array), safe to change. */
export function elementDefaults (): ElementDefaults {
  return { ...ELEMENT_DEFAULTS, groupIds: [] }
}
