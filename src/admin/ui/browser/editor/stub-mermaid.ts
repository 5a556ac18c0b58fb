// Build-time stand-in for @excalidraw/mermaid-to-excalidraw (scripts/bundle-editor.mjs swaps it in): mermaid is
// 3.5 MB of lazy chunks behind one dialog, left out of the emulator's editor. The dialog shows this message.
export async function parseMermaidToExcalidraw (): Promise<never> {
  throw new Error('Mermaid diagrams are not part of the emulator\'s editor: draw the diagram, or send it through the API (create_diagram).')
}
