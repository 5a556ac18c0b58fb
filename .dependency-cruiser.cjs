// One-way dependencies (DESIGN §2, §3.4): a broken rule is a lint failure, not a review comment.
// The MCP core (the pure logic of the MCP-only tools); the endpoint and the tool units in api/v1/mcp/ may use services.
const MCP_CORE = '^src/mcp/(core/|guides/|(tool-errors|toolsets|search|edit|diagram|slides|image|format-guides)\\.ts$)'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-layers-to-store', comment: 'Harness layers (state, hooks, admin routes) are in-memory: no storage, no services.', severity: 'error',
      from: { path: '^src/layers/' }, to: { path: '^src/(store|services|harness|api|admin)/' } },
    { name: 'no-store-to-api', comment: 'Data flows api → services → store, never back.', severity: 'error',
      from: { path: '^src/store/' }, to: { path: '^src/(api|admin|services|harness|plugins|layers|content)/' } },
    { name: 'no-services-up', comment: 'Services do not know about routes or layers.', severity: 'error',
      from: { path: '^src/services/' }, to: { path: '^src/(api|admin|layers|plugins)/' } },
    { name: 'no-importing-routes', comment: 'Only the composition root registers route scopes.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/(app|server|index|cli)\\.ts$|^src/api/v1/|^src/admin/' }, to: { path: '^src/(api|admin)/' } },
    { name: 'no-api-to-plugins', comment: 'Routes use schemas, services and stores; infrastructure is wired by app.ts.', severity: 'error',
      from: { path: '^src/(api|admin)/' }, to: { path: '^src/plugins/', dependencyTypesNot: ['type-only'] } },
    { name: 'admin-not-layer-plugins', comment: 'Admin reads pure layer modules, never registers their hooks.', severity: 'error',
      from: { path: '^src/admin/' }, to: { path: '^src/layers/.+/plugin\\.ts$' } },
    { name: 'content-is-pure', comment: 'The drawing format engine knows no HTTP and no storage.', severity: 'error',
      from: { path: '^src/content/' }, to: { path: '^src/', pathNot: '^src/(content|schemas|lib)/|^src/errors\\.ts$' } },
    { name: 'harness-from-the-top', comment: 'Fixtures, seeding, provisioning, snapshots and key minting serve boot and the admin API only.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/(app|server|emulator|index)\\.ts$|^src/admin/|^src/harness/' }, to: { path: '^src/harness/', dependencyTypesNot: ['type-only'] } },
    { name: 'mcp-core-is-pure', comment: 'MCP tool logic and declarations know no HTTP, no Fastify, no storage: only the content engine, schemas, lib and errors.', severity: 'error',
      from: { path: MCP_CORE }, to: { path: '^src/', pathNot: `^src/(content|schemas|lib)/|^src/errors\\.ts$|${MCP_CORE}` } },
    { name: 'mcp-core-no-packages', comment: 'MCP core modules use no package but typebox (Node built-ins are fine); create_diagram\'s layout engine, elkjs, only from mcp/core/elk.ts.', severity: 'error',
      from: { path: MCP_CORE, pathNot: '^src/mcp/core/elk\\.ts$' }, to: { path: 'node_modules', pathNot: 'node_modules/typebox/' } },
    { name: 'elk-only-in-its-module', comment: 'elkjs runs in the worker thread mcp/core/elk.ts starts; nothing else loads it.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/mcp/core/elk\\.ts$' }, to: { path: 'node_modules/elkjs/' } },
    { name: 'mcp-sdk-behind-the-endpoint', comment: 'Only the MCP endpoint speaks to the MCP SDK, through its public entry point.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/api/v1/mcp/' }, to: { path: '(^|/)node_modules/@modelcontextprotocol/' } },
    { name: 'render-is-a-library', comment: 'The renderer reads scene documents, nothing of the app but the text metric it shares with the tools.', severity: 'error',
      from: { path: '^src/render/' }, to: { path: '^src/', pathNot: '^src/(render|lib|schemas)/|^src/content/text-metrics\\.ts$' } },
    { name: 'dom-only-in-render-worker', comment: 'jsdom globals and the 20 MB utils bundle stay in the worker thread.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/render/worker\\.mjs$' }, to: { path: '(^|/)node_modules/(jsdom|@excalidraw/utils)/' } },
    { name: 'resvg-only-in-render', severity: 'error',
      from: { path: '^src/', pathNot: '^src/render/' }, to: { path: '(^|/)node_modules/@resvg/' } },
    { name: 'parity-is-a-client', comment: 'parity and import talk to the emulator over HTTP like any client: they may start one through the package entry (index.ts) and use lib/, nothing else of src.', severity: 'error',
      from: { path: '^src/parity/' }, to: { path: '^src/', pathNot: '^src/(parity|lib)/|^src/index\\.ts$' } },
    { name: 'parity-from-the-cli', comment: 'Only the CLI loads the parity and import subcommands; the server never does.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/parity/|^src/cli\\.ts$' }, to: { path: '^src/parity/' } },
    { name: 'not-to-test', comment: 'Nothing in src imports tests.', severity: 'error',
      from: { path: '^src/' }, to: { path: '^test/' } },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    { name: 'only-store-imports-sqlite', comment: 'Only src/store touches better-sqlite3.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/store/' }, to: { path: 'better-sqlite3', dependencyTypesNot: ['type-only'] } },
    { name: 'editor-is-browser-code', comment: 'The editor bundle runs in the browser: it imports only its own folder and packages; nothing imports it (scripts/bundle-editor.mjs builds it).', severity: 'error',
      from: { path: '^src/admin/ui/editor/' }, to: { path: '^src/', pathNot: '^src/admin/ui/editor/' } },
    { name: 'editor-from-the-bundle-only', severity: 'error',
      from: { path: '^src/', pathNot: '^src/admin/ui/editor/' }, to: { path: '^src/admin/ui/editor/|(^|/)node_modules/(react|react-dom|@excalidraw/excalidraw)/' } }
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' }
  }
}
