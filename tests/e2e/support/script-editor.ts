// The story editor's script field is a code editor (CodeMirror): a contenteditable with one
// element per line, and no `value`. What the author sees, read back as text.
import type { Locator } from "@playwright/test";

/**
 * The script as the editor shows it, lines joined with "\n" (an empty line reads as ""). The
 * editor draws only the lines near its viewport: for the short scripts of the specs, all of them.
 */
export async function scriptText(editor: Locator): Promise<string> {
  const lines = await editor.locator('[data-editor="codemirror"] .cm-content .cm-line').allTextContents();
  return lines.join("\n");
}
