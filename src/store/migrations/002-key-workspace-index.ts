// Migration 002: keys by workspace, so creating, listing and deleting a workspace's keys stays cheap as
// test suites create thousands of workspaces (without it, each scans the whole key table).
export default /* sql */ `
CREATE INDEX api_keys_by_workspace ON api_keys (workspace_id);
`
