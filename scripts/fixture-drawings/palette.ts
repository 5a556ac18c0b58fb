// The editor's default palette, so the demo drawings use the colours its colour picker offers.

export const INK = '#1e1e1e'
export const GREY = '#868e96'
export const RED = '#e03131'
export const GREEN = '#2f9e44'
export const BLUE = '#1971c2'
export const VIOLET = '#6741d9'
export const ORANGE = '#f08c00'

export const FILL = {
  red: '#ffc9c9',
  green: '#b2f2bb',
  blue: '#a5d8ff',
  yellow: '#ffec99',
  violet: '#d0bfff',
  orange: '#ffd8a8',
  cyan: '#99e9f2',
  grey: '#e9ecef',
  paleBlue: '#e7f5ff',
  paleViolet: '#f3f0ff'
} as const
