// Migration 004: a scene's elements in a column of their own, as the JSON text they are served in, so a large drawing
// is stringified once per write and read without being parsed. `doc` then holds the rest of the document.
// A row written before this migration keeps its whole document in `doc` and NULL here; the store reads both forms.
export default /* sql */ `
ALTER TABLE scene_contents ADD COLUMN elements TEXT;
`
