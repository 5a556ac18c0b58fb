// The response serializers compiled at build (scripts/precompile-serializers.mjs): fast-json-stringify's standalone
// code for each response schema a route declares, by the schema's JSON text, each made on the first answer that needs
// it, so a route's first answer compiles nothing (a page's serializer was the first request's largest cost). Empty
// here, so the sources (`npm run dev`) compile every serializer on first use; test processes get
// test/runner/precompiled-serializers.mjs in its place (the same standalone code, kept between runs), and
// scripts/bundle-server.mjs puts the build's table in the bundle in place of this module. A schema the table does not
// hold is compiled on first use as here.
export const PRECOMPILED_SERIALIZERS: ReadonlyMap<string, () => (data: unknown) => string> = new Map()
