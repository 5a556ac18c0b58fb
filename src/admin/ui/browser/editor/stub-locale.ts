// Build-time stand-in for the package's 55 lazily loaded translations (scripts/bundle-editor.mjs swaps it in):
// the emulator's editor is English only (its built-in strings), and no other language is ever asked for.
export default {}
