// Migration 003: scenes in page order per workspace, not deleted, with the columns visibility reads, so a page of
// GET /scenes is found in the index instead of sorting the whole workspace (100,000-scene workspaces).
export default /* sql */ `
CREATE INDEX scenes_visible_by_seq ON scenes (workspace_id, seq, collection_id, owner_id) WHERE deleted_at IS NULL;
`
