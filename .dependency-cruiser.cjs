// One-way dependencies, the table "Who may import whom" in src/README.md: a broken rule is a lint failure, not a
// review comment.
// The ground floor: small pure helpers, schemas, the error registry, the configuration (src/config/: the settings'
// and switches' rows and all derived from them) and the paths of the files the package ships. Everything may
// import them; they import only each other.
const FOUNDATION = '^src/(lib/|schemas/|config/|formats/|errors\\.ts$|package-files\\.ts$)'
// The compatibility switches' rows and plain types: the pure libraries take the switches in force as an argument.
const SWITCHES = '^src/config/compat\\.ts$'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // The table's first row: the foundation imports only itself
    { name: 'foundation-imports-foundation', comment: 'lib, schemas, config, errors.ts and package-files.ts import each other only.', severity: 'error',
      from: { path: FOUNDATION }, to: { path: '^src/', pathNot: FOUNDATION } },
    // Data flows down: storage, the format engine, the operations
    { name: 'no-store-to-api', comment: 'Data flows api → services → store, never back.', severity: 'error',
      from: { path: '^src/store/' }, to: { path: '^src/(api|admin|services|harness|plugins|layers|content)/' } },
    { name: 'only-store-imports-sqlite', comment: 'Only src/store touches better-sqlite3.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/store/' }, to: { path: 'better-sqlite3', dependencyTypesNot: ['type-only'] } },
    { name: 'content-is-pure', comment: 'The drawing format engine knows no HTTP and no storage.', severity: 'error',
      from: { path: '^src/content/' }, to: { path: '^src/', pathNot: [ '^src/(content|schemas|lib)/|^src/errors\\.ts$', SWITCHES ] } },
    { name: 'no-services-up', comment: 'Services do not know about routes, layers, the MCP tools or the renderer.', severity: 'error',
      from: { path: '^src/services/' }, to: { path: '^src/(api|admin|layers|plugins|mcp|render)/' } },
    // Pure libraries: the MCP tools and the renderer
    { name: 'mcp-is-pure', comment: 'MCP tool logic and declarations (all of src/mcp/) know no HTTP, no Fastify, no storage: only the content engine, schemas, lib, errors and the switches\' rows. The endpoint that runs them on services is api/v1/mcp/.', severity: 'error',
      from: { path: '^src/mcp/' }, to: { path: '^src/', pathNot: [ '^src/(content|schemas|lib|mcp)/|^src/errors\\.ts$', SWITCHES ] } },
    { name: 'mcp-no-packages', comment: 'src/mcp/ uses no package but typebox (Node built-ins are fine); create_diagram\'s layout engine, elkjs, only from mcp/core/elk.ts.', severity: 'error',
      from: { path: '^src/mcp/', pathNot: '^src/mcp/core/elk\\.ts$' }, to: { path: 'node_modules', pathNot: 'node_modules/typebox/' } },
    { name: 'elk-only-in-its-module', comment: 'elkjs runs in the worker thread mcp/core/elk.ts starts; nothing else loads it.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/mcp/core/elk\\.ts$' }, to: { path: 'node_modules/elkjs/' } },
    { name: 'mcp-sdk-behind-the-endpoint', comment: 'Only the MCP endpoint speaks to the MCP SDK, through its public entry point.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/api/v1/mcp/' }, to: { path: '(^|/)node_modules/@modelcontextprotocol/' } },
    { name: 'render-is-a-library', comment: 'The renderer reads scene documents, nothing of the app but the text metric it shares with the tools.', severity: 'error',
      from: { path: '^src/render/' }, to: { path: '^src/', pathNot: '^src/(render|lib|schemas)/|^src/content/text-metrics\\.ts$' } },
    { name: 'dom-only-in-render-worker', comment: 'jsdom globals and the 20 MB utils bundle stay in the worker thread.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/render/worker(-dom)?\\.mjs$' }, to: { path: '(^|/)node_modules/(jsdom|@excalidraw/utils)/' } },
    { name: 'resvg-only-in-render', severity: 'error',
      from: { path: '^src/', pathNot: '^src/render/' }, to: { path: '(^|/)node_modules/@resvg/' } },
    // The harness layers: in memory, siblings over the request record
    { name: 'no-layers-to-store', comment: 'Harness layers (state, hooks, admin routes) are in-memory: no storage, no services.', severity: 'error',
      from: { path: '^src/layers/' }, to: { path: '^src/(store|services|harness|api|admin)/' } },
    { name: 'layers-are-siblings', comment: 'A layer learns what another did from the request record (layers/request-record.ts), never from its files.', severity: 'error',
      from: { path: '^src/layers/([^/]+)/' }, to: { path: '^src/layers/[^/]+/', pathNot: '^src/layers/$1/' } },
    { name: 'layers-shared-ground', comment: 'The request record, route patterns and ControlPart are what the layers share: they import no layer.', severity: 'error',
      from: { path: '^src/layers/(request-record|route-patterns|control-part)\\.ts$' }, to: { path: '^src/', pathNot: '^src/(lib|schemas)/' } },
    { name: 'layer-internals-stay-inside', comment: 'Outside layers/, the public scope registers plugin.ts, the admin scope routes.ts, the MCP endpoint drifts its answers through drift/mcp.ts; everyone else reads the request record.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/layers/' }, to: { path: '^src/layers/[^/]+/', pathNot: '^src/layers/[^/]+/(plugin|routes)\\.ts$|^src/layers/drift/mcp\\.ts$' } },
    // The scopes and who may reach them
    { name: 'harness-from-the-top', comment: 'Fixtures, seeding, provisioning, snapshots and key minting serve boot and the admin API only.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/(app|server|emulator|index)\\.ts$|^src/admin/|^src/harness/' }, to: { path: '^src/harness/', dependencyTypesNot: ['type-only'] } },
    { name: 'no-importing-routes', comment: 'Only the composition root registers route scopes.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/(app|server|index|cli)\\.ts$|^src/api/v1/|^src/admin/' }, to: { path: '^src/(api|admin)/' } },
    { name: 'no-api-to-plugins', comment: 'Routes use schemas, services and stores; infrastructure is wired by app.ts.', severity: 'error',
      from: { path: '^src/(api|admin)/' }, to: { path: '^src/plugins/', dependencyTypesNot: ['type-only'] } },
    { name: 'demo-page-through-services', comment: 'The demo page reads and writes through services/ (and keys through harness/keys.ts), never the stores, not even their types.', severity: 'error',
      from: { path: '^src/admin/ui/' }, to: { path: '^src/store/' } },
    { name: 'admin-not-layer-plugins', comment: 'Admin reads pure layer modules, never registers their hooks.', severity: 'error',
      from: { path: '^src/admin/' }, to: { path: '^src/layers/.+/plugin\\.ts$' } },
    // Folders outside the server: the parity client and the browser code
    { name: 'parity-is-a-client', comment: 'parity, import and shadow talk to the emulator over HTTP like any client: they may start one through the package entry (index.ts) and use lib/ and formats/, nothing else of src.', severity: 'error',
      from: { path: '^src/parity/' }, to: { path: '^src/', pathNot: '^src/(parity|lib|formats)/|^src/index\\.ts$' } },
    { name: 'parity-from-the-cli', comment: 'Only the CLI loads the parity, import and shadow subcommands; the server never does.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/parity/|^src/cli\\.ts$' }, to: { path: '^src/parity/' } },
    { name: 'browser-code-stays-apart', comment: 'The browser bundles (admin/ui/browser/editor/, the scene editor; admin/ui/browser/page/, the demo page\'s script) run in the browser: each imports only its own folder and packages; scripts/bundle-editor.mjs and scripts/bundle-page.mjs build them.', severity: 'error',
      from: { path: '^src/admin/ui/browser/([^/]+)/' }, to: { path: '^src/', pathNot: '^src/admin/ui/browser/$1/' } },
    { name: 'browser-code-from-the-bundle-only', comment: 'Nothing on the server imports the browser code or the editor\'s packages.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/admin/ui/browser/' }, to: { path: '^src/admin/ui/browser/|(^|/)node_modules/(react|react-dom|@excalidraw/excalidraw)/' } },
    // Everywhere
    { name: 'not-to-test', comment: 'Nothing in src imports tests.', severity: 'error',
      from: { path: '^src/' }, to: { path: '^test/' } },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' }
  }
}
