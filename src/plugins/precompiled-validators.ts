// The query, path and header validators compiled at build (scripts/precompile-validators.mjs): ajv's standalone code
// for each such route schema, by the schema's JSON text, so the first request of a route needs no ajv engine and no
// compile. Empty here, so the sources (`npm run dev`) compile every validator on first use; test processes get
// test/runner/precompiled-validators.mjs in its place (the same standalone code, kept between runs), and
// scripts/bundle-server.mjs puts the build's table in the bundle in place of this module. A schema the table does not
// hold (an own build's dist/ older than the sources) is compiled on first use as here: the text decides the validator.
import type { ValidateFunction } from 'ajv'

export const PRECOMPILED: ReadonlyMap<string, ValidateFunction> = new Map()
