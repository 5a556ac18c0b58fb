// Which build this code is: null when run from src/ (tsx, tests); in the bundle, a digest of the bundle's own files
// (scripts/bundle-server.mjs writes it), so anything made at build by this code can be told from another build's.

/** The bundle's digest, or null outside a bundle (nothing made at build is then trusted). */
export const BUILD_ID: string | null = null
