// Migration 001: the initial schema (kept as a module so dist/ needs no loose .sql files).
export default /* sql */ `
-- Initial schema. Every row belongs to one workspace; ids are unique per workspace, so a fixture set can be
-- loaded into several isolated workspaces. "seq" gives a stable insertion order for paging.
-- Records are stored as the API shape ("doc", JSON) beside the columns that queries need.

CREATE TABLE workspaces (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  fixture_set TEXT,
  doc TEXT NOT NULL
);

CREATE TABLE users (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  role TEXT NOT NULL,
  removed_at INTEGER,
  doc TEXT NOT NULL,
  UNIQUE (workspace_id, id)
);

CREATE TABLE api_keys (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  key_hash TEXT NOT NULL UNIQUE,
  key_hint TEXT NOT NULL,
  label TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('workspace', 'personal')),
  user_id TEXT,
  permission TEXT NOT NULL CHECK (permission IN ('read', 'full')),
  routes TEXT,
  expires_at INTEGER,
  revoked_at INTEGER,
  created_at INTEGER NOT NULL
);

CREATE TABLE collections (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  deleted_at INTEGER,
  doc TEXT NOT NULL,
  UNIQUE (workspace_id, id)
);

CREATE TABLE scenes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  collection_id TEXT NOT NULL,
  owner_id TEXT,
  deleted_at INTEGER,
  metadata TEXT NOT NULL,
  links TEXT NOT NULL,
  UNIQUE (workspace_id, id)
);
CREATE INDEX scenes_by_collection ON scenes (workspace_id, collection_id, seq);

CREATE TABLE scene_contents (
  workspace_id TEXT NOT NULL,
  scene_id TEXT NOT NULL,
  doc TEXT NOT NULL,
  unavailable_files TEXT NOT NULL DEFAULT '[]',
  PRIMARY KEY (workspace_id, scene_id),
  FOREIGN KEY (workspace_id, scene_id) REFERENCES scenes(workspace_id, id) ON DELETE CASCADE
);

CREATE TABLE invites (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  revoked_at INTEGER,
  doc TEXT NOT NULL,
  UNIQUE (workspace_id, id)
);

CREATE TABLE audit_logs (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  user_id TEXT,
  action TEXT NOT NULL,
  operation TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX audit_logs_by_workspace ON audit_logs (workspace_id, seq);
`
