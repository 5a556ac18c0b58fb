// One-way dependencies (DESIGN §2, §3.4): a broken rule is a lint failure, not a review comment.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-layers-to-store', comment: 'Drift and faults never touch storage.', severity: 'error',
      from: { path: '^src/layers/' }, to: { path: '^src/(store|services)/' } },
    { name: 'no-control-to-store', comment: 'Control state is in-memory only.', severity: 'error',
      from: { path: '^src/control/' }, to: { path: '^src/(store|services)/' } },
    { name: 'no-store-to-api', comment: 'Data flows api → services → store, never back.', severity: 'error',
      from: { path: '^src/store/' }, to: { path: '^src/(api|admin|services|plugins|layers|control)/' } },
    { name: 'no-services-up', comment: 'Services do not know about routes or layers.', severity: 'error',
      from: { path: '^src/services/' }, to: { path: '^src/(api|admin|layers|control)/' } },
    { name: 'no-importing-routes', comment: 'Only the composition root registers route scopes.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/(app|server|index|cli)\\.ts$|^src/api/v1/|^src/admin/' }, to: { path: '^src/(api|admin)/' } },
    { name: 'no-api-to-plugins', comment: 'Routes use schemas, services and stores; infrastructure is wired by app.ts.', severity: 'error',
      from: { path: '^src/(api|admin)/' }, to: { path: '^src/plugins/', dependencyTypesNot: ['type-only'] } },
    { name: 'admin-not-layer-plugins', comment: 'Admin reads pure layer modules, never registers their hooks.', severity: 'error',
      from: { path: '^src/admin/' }, to: { path: '^src/layers/.+/plugin\\.ts$' } },
    { name: 'no-web-to-data', severity: 'error', from: { path: '^src/web/' }, to: { path: '^src/(store|services)/' } },
    { name: 'content-is-pure', comment: 'The drawing format engine knows no HTTP and no storage.', severity: 'error',
      from: { path: '^src/content/' }, to: { path: '^src/', pathNot: '^src/(content|schemas|lib)/|^src/errors\\.ts$' } },
    { name: 'render-is-a-library', comment: 'The renderer reads scene documents, nothing of the app.', severity: 'error',
      from: { path: '^src/render/' }, to: { path: '^src/', pathNot: '^src/(render|lib|schemas)/' } },
    { name: 'dom-only-in-render-worker', comment: 'jsdom globals and the 20 MB utils bundle stay in the worker thread.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/render/worker\\.mjs$' }, to: { path: '(^|/)node_modules/(jsdom|@excalidraw/utils)/' } },
    { name: 'resvg-only-in-render', severity: 'error',
      from: { path: '^src/', pathNot: '^src/render/' }, to: { path: '(^|/)node_modules/@resvg/' } },
    { name: 'not-to-test', comment: 'Nothing in src imports tests.', severity: 'error',
      from: { path: '^src/' }, to: { path: '^test/' } },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    { name: 'only-store-imports-sqlite', comment: 'Only src/store touches better-sqlite3.', severity: 'error',
      from: { path: '^src/', pathNot: '^src/store/' }, to: { path: 'better-sqlite3', dependencyTypesNot: ['type-only'] } }
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' }
  }
}
