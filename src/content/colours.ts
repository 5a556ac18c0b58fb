// The element colour rule (docs/emulated-api.md, "Scene content"): strokeColor and backgroundColor hold "#" hex colours or
// "transparent". A hex colour without its "#" ("ffec99") is no colour to the renderer, which draws it black, so it
// is refused with the fix; CSS colour names and functions pass (INFER: the editor's canvas draws them).

export const COLOUR_FIELDS = ['strokeColor', 'backgroundColor'] as const

const HEX_DIGITS = '(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})'
const HEX = new RegExp(`^#${HEX_DIGITS}$`)
const BARE_HEX = new RegExp(`^${HEX_DIGITS}$`)

/** What is wrong with `value` as an element colour, as the end of a sentence naming the field; undefined when fine. */
export function colourProblem (value: string): string | undefined {
  if (value.startsWith('#')) return HEX.test(value) ? undefined : `${JSON.stringify(value)} is not a hex colour: "#" takes 3, 4, 6 or 8 hex digits`
  if (BARE_HEX.test(value)) return `${JSON.stringify(value)} is a hex colour without "#": send "#${value}"`
  return undefined
}
